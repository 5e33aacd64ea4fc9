import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { dirname, join, normalize } from 'node:path';
import { WebSocketServer, type WebSocket } from 'ws';

/** The @novnc/novnc package directory (its exports map only names core/rfb.js). */
export const NOVNC_DIR = dirname(dirname(createRequire(import.meta.url).resolve('@novnc/novnc')));

/**
 * A page that loads noVNC's ES modules and gives the test three functions. They live here, in the
 * page, because this package's TypeScript has no DOM types.
 */
const PAGE = `<!doctype html><html><body><div id="screen"></div>
<script type="module">
import RFB from '/novnc/core/rfb.js';
let rfb;
window.connectVnc = (url, password) => new Promise((resolve) => {
  rfb = new RFB(document.getElementById('screen'), url, { credentials: { password }, wsProtocols: ['binary'] });
  const detail = (e) => JSON.stringify(e.detail ?? null);
  rfb.addEventListener('connect', () => resolve('connect'));
  rfb.addEventListener('securityfailure', (e) => resolve('securityfailure ' + detail(e)));
  rfb.addEventListener('disconnect', (e) => resolve('disconnect ' + detail(e)));
});
window.sendKeys = (keysyms) => { for (const k of keysyms) rfb.sendKey(k, null); };
window.sendKey = (keysym, down) => rfb.sendKey(keysym, null, down);
window.readCanvas = () => {
  const c = document.querySelector('#screen canvas');
  const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
  const colours = new Set();
  const bits = [];
  for (let i = 0; i < d.length; i += 4) {
    bits.push(d[i] > 0x55 ? '1' : '0');
    colours.add([d[i], d[i + 1], d[i + 2]].map((v) => v.toString(16).padStart(2, '0')).join(''));
  }
  return { w: c.width, h: c.height, bits: bits.join(''), colours: [...colours].sort() };
};
window.ready = true;
</script></body></html>`;

/** What PAGE defines on its window. */
export interface NoVncPage {
  ready?: boolean;
  connectVnc(url: string, password: string): Promise<string>;
  sendKeys(keysyms: number[]): void;
  sendKey(keysym: number, down: boolean): void;
  readCanvas(): { w: number; h: number; bits: string; colours: string[] };
}

/** A running test server and how to stop it. */
export interface TestServer {
  port: number;
  close(): Promise<void>;
}

/**
 * An HTTP server on 127.0.0.1 that serves the noVNC page and hands WebSocket upgrades to
 * `onSocket` — the part the emulator's API plays for real.
 */
export async function startConsoleTestServer(onSocket: (ws: WebSocket, path: string) => void): Promise<TestServer> {
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname === '/') {
      res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
      return;
    }
    const rel = normalize(url.pathname.replace(/^\/novnc\//, ''));
    const file = join(NOVNC_DIR, rel);
    if (!url.pathname.startsWith('/novnc/') || rel.startsWith('..') || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/javascript' });
    createReadStream(file).pipe(res);
  });
  // Proxmox's UI asks for the 'binary' subprotocol; ws picks the first offered one by default.
  const wss = new WebSocketServer({ noServer: true });
  server.on('upgrade', (req, socket, head) => {
    wss.handleUpgrade(req, socket, head, (ws) => onSocket(ws, req.url ?? '/'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    close: async () => {
      for (const client of wss.clients) client.terminate();
      wss.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
