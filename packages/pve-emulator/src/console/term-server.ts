import { StringDecoder } from 'node:string_decoder';
import type { WebSocket } from 'ws';
import type { GuestAccess } from './guest.js';
import { LoginShell } from './login-shell.js';
import { toBuffer } from './ws-data.js';

/** termproxy closes a session after 5 minutes without input or keep-alive. */
const IDLE_MS = 5 * 60_000;

/**
 * Parses the client→server packets of termproxy ("0:LEN:DATA", "1:COLS:ROWS:", "2") from a byte
 * stream. Packets may be split across or joined within WebSocket messages, so it buffers.
 * Returns false on a malformed packet (termproxy drops the connection then).
 */
export class TermPacketParser {
  private buf = Buffer.alloc(0);

  constructor(
    private readonly handlers: { data(bytes: Buffer): void; resize(cols: number, rows: number): void; ping(): void },
  ) {}

  /** Adds received bytes and dispatches every complete packet. */
  push(chunk: Buffer): boolean {
    this.buf = Buffer.concat([this.buf, chunk]);
    for (;;) {
      const type = this.buf[0];
      if (type === undefined) return true;
      if (type === 0x32) {
        this.buf = this.buf.subarray(1);
        this.handlers.ping();
        continue;
      }
      if (type !== 0x30 && type !== 0x31) return false;
      const fields = type === 0x30 ? 1 : 2;
      const head = this.header(fields);
      if (head === 'bad') return false;
      if (head === null) return true;
      if (type === 0x31) {
        this.buf = this.buf.subarray(head.end);
        this.handlers.resize(head.numbers[0] ?? 80, head.numbers[1] ?? 24);
        continue;
      }
      const len = head.numbers[0] ?? 0;
      if (this.buf.length < head.end + len) return true;
      this.handlers.data(this.buf.subarray(head.end, head.end + len));
      this.buf = this.buf.subarray(head.end + len);
    }
  }

  /** Reads "T:" then `count` decimal fields each ended by ':'; null when more bytes are needed. */
  private header(count: number): { numbers: number[]; end: number } | null | 'bad' {
    if (this.buf.length < 2) return null;
    if (this.buf[1] !== 0x3a) return 'bad';
    const numbers: number[] = [];
    let pos = 2;
    while (numbers.length < count) {
      const colon = this.buf.indexOf(0x3a, pos);
      if (colon < 0) return this.buf.length - pos > 10 ? 'bad' : null;
      const text = this.buf.subarray(pos, colon).toString('latin1');
      if (!/^\d{1,10}$/.test(text)) return 'bad';
      numbers.push(Number(text));
      pos = colon + 1;
    }
    return { numbers, end: pos };
  }
}

/** Serves Proxmox's termproxy protocol on an accepted WebSocket; the first message must be `${user}:${ticket}\n`. */
export function serveTerm(ws: WebSocket, opts: { user: string; ticket: string; guest: GuestAccess }): void {
  let authed = false;
  let pending = Buffer.alloc(0);
  let idle: NodeJS.Timeout | undefined;
  const send = (text: string): void => {
    if (ws.readyState === ws.OPEN) ws.send(Buffer.from(text, 'utf8'), { binary: true });
  };
  const touch = (): void => {
    clearTimeout(idle);
    idle = setTimeout(() => ws.close(1000, 'idle timeout'), IDLE_MS);
    idle.unref();
  };
  const shell = new LoginShell(opts.guest, send, 'ttyS0');
  // A character may be split across packets; the decoder holds its first bytes back.
  const decoder = new StringDecoder('utf8');
  const parser = new TermPacketParser({
    data: (bytes) => shell.input(decoder.write(bytes)),
    resize: () => undefined, // The simulated shell wraps nothing itself; the client's terminal does.
    ping: () => undefined,
  });

  ws.on('close', () => clearTimeout(idle));
  ws.on('message', (data) => {
    touch();
    const bytes = toBuffer(data);
    if (authed) {
      if (!parser.push(bytes)) ws.close(1002, 'bad termproxy packet');
      return;
    }
    pending = Buffer.concat([pending, bytes]);
    const nl = pending.indexOf(0x0a);
    if (nl < 0) {
      if (pending.length > 4096) ws.close(1008, 'no ticket');
      return;
    }
    const [user, ...rest] = pending.subarray(0, nl).toString('utf8').split(':');
    if (user !== opts.user || rest.join(':') !== opts.ticket) {
      // Real termproxy just drops the connection on a bad ticket.
      ws.close(1008, 'permission denied - invalid ticket');
      return;
    }
    authed = true;
    send('OK');
    if (!opts.guest.running()) {
      // `qm terminal` says "VM <vmid> not running"; GuestAccess knows the name, not the VMID.
      send(`VM ${opts.guest.hostname()} not running\r\n`);
      ws.close(1000, 'guest not running');
      return;
    }
    // What `qm terminal -escape 0` (the command termproxy runs for a VM) prints first. A real serial
    // getty stays silent until Enter; the simulation prints its banner and prompt right away.
    send('starting serial terminal on interface serial0\r\n');
    shell.start();
    const after = pending.subarray(nl + 1);
    if (after.length > 0 && !parser.push(after)) ws.close(1002, 'bad termproxy packet');
  });
  touch();
}
