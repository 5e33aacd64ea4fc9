import websocket from '@fastify/websocket';
import { ConsoleBody, ConsoleSocketQuery, ConsoleTicket } from '@nimbus/contract';
import { replies, type Api } from '../../infra/lib/api.js';
import type { Context } from '../../infra/lib/context.js';
import { authOf } from '../../infra/http/session.js';
import type { ConsoleKind } from './repository.js';
import { issueConsoleTicket, publicPort } from './service.js';
import { serveConsole } from './session.js';

const NAMES: Record<ConsoleKind, string> = { vnc: 'VNC console', xterm: 'serial terminal' };

/** POST api/instance/vnc and api/instance/xterm (docs/product/consoles.md#api): a console token (needs the session). */
export async function consoleRoutes(app: Api, ctx: Context) {
  for (const kind of ['vnc', 'xterm'] as const) {
    app.post(
      `/instance/${kind}`,
      {
        schema: {
          summary: `A ${NAMES[kind]} ticket`,
          description:
            `A single-use token, valid for 30 s, to open \`GET /api/instance/${kind}/ws?id=&ticket=\` ` +
            `(a WebSocket on this origin; \`Port\` is this origin's port). ` +
            (kind === 'vnc'
              ? 'The socket speaks RFB 3.8 with security type None; the server logs in to Proxmox itself. '
              : 'The socket speaks termproxy’s framed input (`0:LEN:DATA`, `1:COLS:ROWS:`, `2`) and ' +
                'sends raw terminal output; the server logs in to Proxmox itself. ') +
            'Another customer’s or a missing instance is 404 `instance_not_exist`; a VM that does not run (or is gone) is 409 `wrong_status`; ' +
            'more open consoles than allowed for the customer or the instance is 429 `rate_limit_exceeded`. ' +
            'An open console closes (code 4403) when the session signs out or the password is reset, or when the instance is suspended or destroyed.',
          body: ConsoleBody,
          response: replies(ConsoleTicket),
        },
      },
      async (req) => ({
        data: await issueConsoleTicket(
          ctx,
          authOf(req).userId,
          req.body.id,
          kind,
          publicPort(ctx, req),
          authOf(req).sessionId,
        ),
      }),
    );
  }
}

/**
 * The console WebSockets. They take no ssid (browsers cannot set headers on a WebSocket): the
 * single-use token is the credential. A bad token is a close with code 4401, not an HTTP error,
 * because a browser sees nothing of a refused upgrade but a code of 1006.
 */
export async function consoleSocketRoutes(app: Api, ctx: Context) {
  await app.register(websocket, {
    options: {
      maxPayload: 1 << 20,
      // noVNC offers `binary`; echo it (a browser closes a socket whose protocol it did not offer).
      handleProtocols: (protocols) => (protocols.has('binary') ? 'binary' : false),
    },
  });
  for (const kind of ['vnc', 'xterm'] as const) {
    app.get(`/instance/${kind}/ws`, { websocket: true, schema: { querystring: ConsoleSocketQuery } }, (socket, req) =>
      serveConsole(ctx, socket, req.query, kind),
    );
  }
}
