import { vncAuthResponse } from '@nimbus/proxmox';
import type WebSocket from 'ws';
import type { SocketReader } from './pipe.js';

// The VNC proxy speaks RFB on both sides until both reach ClientInit, then relays bytes untouched:
// towards Proxmox it is a client answering VNC authentication with the vncproxy secret; towards the
// browser it is a server offering security type None, because the browser's token already proved
// who it is. The browser thus never holds a Proxmox ticket or VNC password (ADR "console proxy").

const VERSION = Buffer.from('RFB 003.008\n', 'latin1');
const SEC_NONE = 1;
const SEC_VNC = 2;

const send = (ws: WebSocket, bytes: Uint8Array | number[]) => ws.send(Buffer.from(bytes), { binary: true });

/** A 3.8 reason string: a 4-byte length, then the text. */
async function reason(r: SocketReader): Promise<string> {
  const len = (await r.take(4)).readUInt32BE(0);
  return (await r.take(Math.min(len, 1024))).toString('utf8');
}

/** The 3.x minor of a ProtocolVersion message, or null if it is none. */
function minor(v: Buffer): number | null {
  const m = /^RFB (\d{3})\.(\d{3})\n$/.exec(v.toString('latin1'));
  return m && Number(m[1]) === 3 ? Number(m[2]) : null;
}

/**
 * Authenticates to Proxmox's RFB server with `secret` (vncproxy's `password ?? ticket`;
 * docs/decisions/0006-console-proxy.md).
 */
export async function rfbLogin(ws: WebSocket, r: SocketReader, secret: string): Promise<void> {
  const server = minor(await r.take(12));
  if (server === null || server < 8) throw new Error('the VNC server does not speak RFB 3.8');
  send(ws, VERSION);
  const count = (await r.take(1))[0] ?? 0;
  if (count === 0) throw new Error(`the VNC server refused: ${await reason(r)}`);
  const types = [...(await r.take(count))];
  if (types.includes(SEC_VNC)) {
    send(ws, [SEC_VNC]);
    send(ws, vncAuthResponse(secret, await r.take(16)));
  } else if (types.includes(SEC_NONE)) {
    send(ws, [SEC_NONE]);
  } else {
    throw new Error(`no usable VNC security type among ${types.join(',')}`);
  }
  if ((await r.take(4)).readUInt32BE(0) !== 0) throw new Error(`VNC authentication failed: ${await reason(r)}`);
}

/** Greets the browser as an RFB 3.8 server with security None, up to (not including) its ClientInit. */
export async function rfbAccept(ws: WebSocket, r: SocketReader): Promise<void> {
  send(ws, VERSION);
  const client = minor(await r.take(12));
  if (client === null || client < 8) throw new Error('the browser does not speak RFB 3.8');
  send(ws, [1, SEC_NONE]);
  if ((await r.take(1))[0] !== SEC_NONE) throw new Error('the browser chose an unknown security type');
  send(ws, [0, 0, 0, 0]);
}
