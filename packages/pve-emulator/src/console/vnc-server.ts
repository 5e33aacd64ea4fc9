import type { WebSocket } from 'ws';
import type { GuestAccess } from './guest.js';
import { CONTROL_KEYS, keysymToInput } from './keysyms.js';
import { LoginShell } from './login-shell.js';
import { readPixelFormat, supportedFormat, type PixelFormat } from './pixel-format.js';
import { messageLength, securityFailure, serverInit, versionRefusal } from './rfb-messages.js';
import { CELL_H, CELL_W } from './render.js';
import { TextScreen } from './screen.js';
import { vncAuthValid, vncChallenge } from './vnc-auth.js';
import { VncUpdater } from './vnc-updater.js';
import { toBuffer } from './ws-data.js';

const MAX_MESSAGE = 1 << 20;

type Phase = 'version' | 'security' | 'auth' | 'init' | 'normal' | 'closed';

function notRunningScreen(screen: TextScreen, guest: GuestAccess): void {
  screen.write(
    '\r\n Simulated console of the Nimbus Proxmox emulator\r\n\r\n' +
      ` Guest ${guest.hostname()} is not running.\r\n Start the VM, then open its console again.\r\n`,
  );
}

/** Serves RFB 3.8 on an accepted WebSocket (binary frames); VNC authentication with `password` (the vncticket). */
export function serveVnc(
  ws: WebSocket,
  opts: { password: string; guest: GuestAccess; width?: number; height?: number },
): void {
  const width = opts.width ?? 720;
  const height = opts.height ?? 400;
  const screen = new TextScreen(Math.floor(width / CELL_W), Math.floor(height / CELL_H));
  const running = opts.guest.running();
  const updater = new VncUpdater(screen, width, height, running, (b) => send(b));
  const shell = new LoginShell(opts.guest, (text) => updater.write(text), 'tty1');
  let phase: Phase = 'version';
  let buf = Buffer.alloc(0);
  let challenge: Uint8Array = new Uint8Array(16);
  let control = false;

  const send = (bytes: Buffer): void => {
    if (ws.readyState === ws.OPEN) ws.send(bytes, { binary: true });
  };
  const fail = (reason: string): void => {
    send(securityFailure(reason));
    phase = 'closed';
    ws.close(1000, reason.slice(0, 100));
  };

  const step = (): boolean => {
    if (phase === 'version' && buf.length >= 12) {
      const version = buf.subarray(0, 12).toString('latin1');
      buf = buf.subarray(12);
      if (!version.startsWith('RFB 003.') || Number(version.slice(8, 11)) < 8) {
        // Only 3.8 is served (QEMU also speaks 3.3/3.7, but noVNC and Proxmox's UI use 3.8); this
        // refusal is in 3.3 form, the only one an older client can read.
        send(versionRefusal('Unsupported RFB version'));
        phase = 'closed';
        ws.close(1000, 'unsupported version');
        return false;
      }
      send(Buffer.from([1, 2])); // one security type: VNC Authentication
      phase = 'security';
      return true;
    }
    if (phase === 'security' && buf.length >= 1) {
      const type = buf[0];
      buf = buf.subarray(1);
      if (type !== 2) {
        fail('Unsupported security type');
        return false;
      }
      challenge = vncChallenge();
      send(Buffer.from(challenge));
      phase = 'auth';
      return true;
    }
    if (phase === 'auth' && buf.length >= 16) {
      const response = Uint8Array.from(buf.subarray(0, 16));
      buf = buf.subarray(16);
      if (!vncAuthValid(opts.password, challenge, response)) {
        fail('Authentication failed');
        return false;
      }
      send(Buffer.from([0, 0, 0, 0]));
      phase = 'init';
      return true;
    }
    if (phase === 'init' && buf.length >= 1) {
      buf = buf.subarray(1); // shared flag: every session gets its own simulated screen anyway
      send(serverInit(width, height, `${opts.guest.hostname()} (simulated console)`));
      phase = 'normal';
      if (running) shell.start();
      else notRunningScreen(screen, opts.guest);
      return true;
    }
    if (phase === 'normal' && buf.length >= 1) {
      const need = messageLength(buf);
      // Unknown messages cannot be skipped (their length is unknown); huge clipboards are not buffered.
      if (need === -1 || (need ?? 0) > MAX_MESSAGE) {
        phase = 'closed';
        ws.close(1002, `unsupported RFB message ${buf[0]}`);
        return false;
      }
      if (need === null || buf.length < need) return false;
      const msg = buf.subarray(0, need);
      buf = buf.subarray(need);
      handleMessage(msg);
      return true;
    }
    return false;
  };

  const handleMessage = (msg: Buffer): void => {
    if (msg[0] === 0) {
      const pf: PixelFormat = readPixelFormat(msg, 4);
      if (!supportedFormat(pf)) {
        ws.close(1003, 'unsupported pixel format');
        return;
      }
      updater.setFormat(pf);
    } else if (msg[0] === 3) {
      updater.request(msg[1] !== 0);
    } else if (msg[0] === 4) {
      const down = msg[1] !== 0;
      const keysym = msg.readUInt32BE(4);
      if (CONTROL_KEYS.has(keysym)) control = down;
      else if (down && running) shell.input(keysymToInput(keysym, control));
    }
    // SetEncodings: only Raw is ever sent, which every client must accept. Pointer and
    // clipboard messages mean nothing to a text console.
  };

  ws.on('message', (data) => {
    if (phase === 'closed') return;
    buf = Buffer.concat([buf, toBuffer(data)]);
    while (step()) {
      /* keep parsing */
    }
  });
  ws.on('close', () => {
    phase = 'closed';
    updater.stop();
  });
  send(Buffer.from('RFB 003.008\n', 'latin1'));
}
