import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { serveTerm, serveVnc } from '../console/index.js';
import { validateParams } from '../schema/validate.js';
import { guestAccess } from '../state/guest-access.js';
import { parseForm } from './body.js';
import type { Runtime } from './context.js';
import { PveError } from './errors.js';
import type { Router } from './router.js';

const WS_PATH = '/nodes/{node}/qemu/{vmid}/vncwebsocket';

function reject(socket: Duplex, status: number, message: string): void {
  const reason = message.replace(/[^\x20-\x7e]/g, ' ');
  const body = JSON.stringify({ data: null, message: `${message}\n` });
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** Serves `vncwebsocket` upgrades on the API server and hands sockets to the console engines. */
export function attachWebsockets(server: Server, rt: Runtime, router: Router): () => void {
  // noVNC and Proxmox's UI ask for the `binary` subprotocol; go-proxmox#259 saw closes without it.
  const wss = new WebSocketServer({
    noServer: true,
    handleProtocols: (protocols) => (protocols.has('binary') ? 'binary' : false),
  });
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    try {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const path = url.pathname.replace(/^\/api2\/json/, '');
      const match = router.match('GET', path);
      if (!match || match.op.path !== WS_PATH) throw new PveError(501, `Method 'GET ${url.pathname}' not implemented`);
      const principal = rt.auth.authenticate(req, false);
      const params = Object.assign(parseForm(url.search.slice(1)), match.pathParams);
      const errors = validateParams(match.op, params);
      if (Object.keys(errors).length > 0) throw new PveError(400, 'Parameter verification failed.', errors);
      const vmid = Number(params.vmid);
      rt.cluster.requireVm(String(params.node), vmid);
      const session = rt.sessions.claim(Number(params.port), String(params.vncticket), principal.user, vmid);
      if (!session) throw new PveError(401, 'Permission denied - invalid vnc ticket');
      // termproxy re-checks the ticket through /access/ticket, which refuses token ids.
      if (session.kind === 'term' && principal.kind === 'token') throw new PveError(401, 'authentication failure');
      wss.handleUpgrade(req, socket, head, (ws) => {
        const guest = guestAccess(rt.cluster, vmid);
        const task = rt.cluster.tasks.tasks.get(session.upid);
        // When QEMU exits (the VM stops or powers off), its VNC server and serial socket go with it,
        // and Proxmox's console proxy then closes the WebSocket.
        const wasRunning = guest.running();
        const watch = setInterval(() => {
          if (wasRunning && !guest.running()) ws.close(1000, 'VM stopped');
        }, 200);
        watch.unref();
        ws.on('close', () => {
          clearInterval(watch);
          if (task) rt.cluster.tasks.finish(task, 'OK');
        });
        if (session.kind === 'vnc') serveVnc(ws, { password: session.ticket, guest });
        else serveTerm(ws, { user: session.user, ticket: session.ticket, guest });
      });
    } catch (err) {
      const e = err instanceof PveError ? err : new PveError(500, String(err));
      reject(socket, e.status, e.message);
    }
  });
  return () => {
    for (const client of wss.clients) client.terminate();
    wss.close();
  };
}
