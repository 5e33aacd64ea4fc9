import { WebSocket } from 'ws';

/** A termproxy client as Proxmox's xterm.js page speaks it, for tests. */
export class TermClient {
  output = '';
  closed: { code: number; reason: string } | null = null;
  private readonly ws: WebSocket;
  private waiters: (() => void)[] = [];

  constructor(url: string) {
    this.ws = new WebSocket(url, 'binary');
    this.ws.on('message', (data: Buffer) => this.got(data.toString('utf8')));
    this.ws.on('close', (code, reason) => {
      this.closed = { code, reason: reason.toString() };
      this.notify();
    });
  }

  /** Resolves once the socket is open. */
  opened(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.ws.once('open', () => resolve());
      this.ws.once('error', reject);
    });
  }

  /** Sends a raw protocol message as a text frame, as the browser does. */
  raw(text: string): void {
    this.ws.send(text);
  }

  /** Sends raw protocol bytes as a binary frame. */
  rawBytes(bytes: Buffer): void {
    this.ws.send(bytes);
  }

  /** Sends keyboard input as a `0:LENGTH:DATA` packet. */
  type(data: string): void {
    this.raw(`0:${Buffer.byteLength(data, 'utf8')}:${data}`);
  }

  /** Waits until the output contains `text` (after the current mark) or the socket closes. */
  async waitFor(text: string, timeoutMs = 5000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    while (!this.output.includes(text)) {
      if (this.closed)
        throw new Error(
          `closed (${this.closed.code} ${this.closed.reason}) before ${JSON.stringify(text)}; got ${JSON.stringify(this.output)}`,
        );
      if (Date.now() > deadline)
        throw new Error(`timed out waiting for ${JSON.stringify(text)}; got ${JSON.stringify(this.output)}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
    return this.output;
  }

  /** Resolves when the server closes the socket. */
  async waitClosed(timeoutMs = 5000): Promise<{ code: number; reason: string }> {
    const deadline = Date.now() + timeoutMs;
    while (!this.closed) {
      if (Date.now() > deadline) throw new Error('socket still open');
      await new Promise((r) => setTimeout(r, 20));
    }
    return this.closed;
  }

  /** Forgets output so far, so the next waitFor sees only new text. */
  mark(): void {
    this.output = '';
  }

  close(): void {
    this.ws.close();
  }

  private got(text: string): void {
    this.output += text;
    this.notify();
  }

  private notify(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }
}
