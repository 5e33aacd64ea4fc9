import WebSocket, { type RawData } from 'ws';

/** Above this many queued bytes towards one side, the other side is paused until it drains. */
const HIGH_WATER = 1 << 20;
const LOW_WATER = 1 << 18;

/** The bytes of a WebSocket message, whichever shape `ws` delivered them in. */
export function toBuffer(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.from(data);
}

/** A close code that may be sent in a Close frame (1005, 1006 and 1015 only describe what happened). */
function sendable(code: number): number {
  if (code === 1006) return 1011;
  return (code >= 1000 && code <= 1003) || (code >= 1007 && code <= 1014) || (code >= 3000 && code <= 4999)
    ? code
    : 1000;
}

/** Closes a socket unless it is already closing; a reason is cut to what a Close frame holds. */
export function closeSocket(ws: WebSocket, code: number, reason: string): void {
  if (ws.readyState === WebSocket.CONNECTING || ws.readyState === WebSocket.OPEN) {
    ws.close(sendable(code), Buffer.from(reason).subarray(0, 120).toString());
  }
}

/**
 * Reads exact byte counts from a socket during a handshake; everything received is buffered from
 * the moment it is attached, so nothing the peer sends early is lost. `detach` hands back what is
 * left once the handshake is over and the socket is piped.
 */
export class SocketReader {
  private buf = Buffer.alloc(0);
  private waiter: { n: number; resolve: (b: Buffer) => void; reject: (e: Error) => void } | undefined;
  private ended: Error | undefined;
  private readonly onMessage = (data: RawData) => {
    this.buf = Buffer.concat([this.buf, toBuffer(data)]);
    this.settle();
  };
  private readonly onClose = () => {
    this.ended = new Error('the connection closed during the handshake');
    this.settle();
  };

  constructor(
    private readonly ws: WebSocket,
    private readonly timeoutMs = 10_000,
  ) {
    ws.on('message', this.onMessage);
    ws.on('close', this.onClose);
  }

  /** The next `n` bytes; rejects when the socket closes or nothing comes within the timeout. */
  take(n: number): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiter = undefined;
        reject(new Error('the handshake timed out'));
      }, this.timeoutMs);
      this.waiter = {
        n,
        resolve: (b) => (clearTimeout(timer), resolve(b)),
        reject: (e) => (clearTimeout(timer), reject(e)),
      };
      this.settle();
    });
  }

  /** Stops reading and answers the bytes received but not taken. */
  detach(): Buffer {
    this.ws.off('message', this.onMessage);
    this.ws.off('close', this.onClose);
    const rest = this.buf;
    this.buf = Buffer.alloc(0);
    return rest;
  }

  private settle(): void {
    const w = this.waiter;
    if (!w) return;
    if (this.buf.length >= w.n) {
      this.waiter = undefined;
      const out = this.buf.subarray(0, w.n);
      this.buf = this.buf.subarray(w.n);
      w.resolve(out);
    } else if (this.ended) {
      this.waiter = undefined;
      w.reject(this.ended);
    }
  }
}

/** Relays `from`'s messages to `to`, pausing `from` while `to` has too much queued. */
function forward(from: WebSocket, to: WebSocket): void {
  let paused = false;
  const drained = () => {
    if (paused && to.bufferedAmount < LOW_WATER) {
      paused = false;
      from.resume();
    }
  };
  from.on('message', (data, isBinary) => {
    if (to.readyState !== WebSocket.OPEN) return;
    to.send(data, { binary: isBinary }, drained);
    if (!paused && to.bufferedAmount > HIGH_WATER) {
      paused = true;
      from.pause();
    }
  });
}

/**
 * Joins two sockets both ways until either ends: its close (code and reason) is passed on, an error
 * on either side tears both down. `a` and `b` must have no other message listeners left.
 */
export function pipeSockets(a: WebSocket, b: WebSocket): void {
  forward(a, b);
  forward(b, a);
  a.on('close', (code, reason) => closeSocket(b, code, reason.toString()));
  b.on('close', (code, reason) => closeSocket(a, code, reason.toString()));
  a.on('error', () => b.terminate());
  b.on('error', () => a.terminate());
  if (a.isPaused) a.resume();
  if (b.isPaused) b.resume();
}
