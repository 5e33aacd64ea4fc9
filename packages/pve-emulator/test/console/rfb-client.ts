import { WebSocket } from 'ws';
import { vncAuthResponse } from '../../src/console/vnc-auth.js';

/** A byte-level RFB client over WebSocket, for checking protocol details noVNC hides. */
export class RawRfbClient {
  private buf = Buffer.alloc(0);
  private wake: (() => void) | null = null;
  closed = false;
  private readonly ws: WebSocket;

  constructor(url: string) {
    this.ws = new WebSocket(url, 'binary');
    this.ws.on('message', (data: Buffer) => {
      this.buf = Buffer.concat([this.buf, data]);
      this.wake?.();
    });
    this.ws.on('close', () => {
      this.closed = true;
      this.wake?.();
    });
  }

  /** Reads exactly n bytes, or fails after timeoutMs. */
  async read(n: number, timeoutMs = 3000): Promise<Buffer> {
    const deadline = Date.now() + timeoutMs;
    while (this.buf.length < n) {
      if (this.closed) throw new Error(`closed with ${this.buf.length}/${n} bytes`);
      if (Date.now() > deadline) throw new Error(`timeout with ${this.buf.length}/${n} bytes`);
      await new Promise<void>((resolve) => {
        this.wake = resolve;
        setTimeout(resolve, 20);
      });
    }
    const out = this.buf.subarray(0, n);
    this.buf = this.buf.subarray(n);
    return out;
  }

  /** Bytes received and not read yet. */
  buffered(): number {
    return this.buf.length;
  }

  send(bytes: number[] | Buffer): void {
    this.ws.send(Buffer.from(bytes));
  }

  close(): void {
    this.ws.close();
  }

  /** Version, VNC authentication and ClientInit; returns the ServerInit fields. */
  async handshake(password: string): Promise<{ width: number; height: number; name: string }> {
    await this.read(12);
    this.send(Buffer.from('RFB 003.008\n'));
    await this.read(2);
    this.send([2]);
    const challenge = await this.read(16);
    this.send(Buffer.from(vncAuthResponse(password, challenge)));
    const result = (await this.read(4)).readUInt32BE(0);
    if (result !== 0) throw new Error('auth failed');
    this.send([1]);
    const init = await this.read(24);
    const name = (await this.read(init.readUInt32BE(20))).toString('utf8');
    return { width: init.readUInt16BE(0), height: init.readUInt16BE(2), name };
  }

  /** Sends a FramebufferUpdateRequest for the whole screen. */
  requestUpdate(incremental: boolean, width: number, height: number): void {
    const msg = Buffer.alloc(10);
    msg.writeUInt8(3, 0);
    msg.writeUInt8(incremental ? 1 : 0, 1);
    msg.writeUInt16BE(width, 6);
    msg.writeUInt16BE(height, 8);
    this.send(msg);
  }

  /** Reads one FramebufferUpdate of Raw rectangles with `bpp` bytes per pixel. */
  async readUpdate(bpp: number): Promise<{ x: number; y: number; w: number; h: number; pixels: Buffer }[]> {
    const head = await this.read(4);
    if (head[0] !== 0) throw new Error(`unexpected server message ${head[0]}`);
    const rects = [];
    for (let i = 0; i < head.readUInt16BE(2); i++) {
      const r = await this.read(12);
      const [x, y, w, h] = [0, 2, 4, 6].map((o) => r.readUInt16BE(o)) as [number, number, number, number];
      if (r.readInt32BE(8) !== 0) throw new Error('not Raw');
      rects.push({ x, y, w, h, pixels: await this.read(w * h * bpp) });
    }
    return rects;
  }

  /** Sends a key press and release. */
  key(keysym: number): void {
    for (const down of [1, 0]) {
      const msg = Buffer.alloc(8);
      msg.writeUInt8(4, 0);
      msg.writeUInt8(down, 1);
      msg.writeUInt32BE(keysym, 4);
      this.send(msg);
    }
  }
}
