import WebSocket from 'ws';
import type { Context } from '../../infra/lib/context.js';
import { AppError } from '../../infra/lib/errors.js';
import { closeSocket, pipeSockets, SocketReader } from './pipe.js';
import { END, openConsoles } from './registry.js';
import { consoleTokens, type ConsoleKind } from './repository.js';
import { rfbAccept, rfbLogin } from './rfb.js';
import { consoleTarget } from './service.js';

/**
 * Close codes the console pages understand (4000–4999 is the application's range). The reason is
 * English for logs; the pages show their own translated text per code.
 */
export const CLOSE = {
  /** The token is wrong, used, expired, or for another instance or console. */
  badTicket: 4401,
  /** The instance is no longer the customer's or no longer in a state to show a console. */
  notAvailable: 4409,
  /** Proxmox could not be reached or refused the console. */
  unavailable: 4502,
} as const;

/**
 * Serves one browser console socket: spends the token, asks Proxmox for a console on the
 * instance's node, logs in to it on the browser's behalf and then relays bytes both ways. Must be
 * called synchronously on connection, so nothing the browser sends first is lost.
 */
export function serveConsole(
  ctx: Context,
  browser: WebSocket,
  q: { id: number; ticket: string },
  kind: ConsoleKind,
): void {
  const fromBrowser = new SocketReader(browser);
  let upstream: WebSocket | undefined;
  let gone = false;
  const onEarlyClose = () => {
    gone = true;
    upstream?.terminate();
  };
  browser.on('close', onEarlyClose);
  browser.on('error', () => browser.terminate());

  const run = async (): Promise<void> => {
    const grant = await consoleTokens.consume(ctx.db, q.ticket, q.id, kind);
    if (!grant) return closeSocket(browser, CLOSE.badTicket, 'invalid console ticket');
    const target = await consoleTarget(ctx, grant.userId, grant.instanceId).catch((e: unknown) => {
      if (e instanceof AppError) return null;
      throw e;
    });
    if (!target) return closeSocket(browser, CLOSE.notAvailable, 'instance not available');
    if (gone) return;
    const registered = await openConsoles(ctx).add({
      socket: browser,
      userId: grant.userId,
      instanceId: grant.instanceId,
      sessionHash: grant.sessionHash,
    });
    if (!registered) return closeSocket(browser, END.tooMany, 'too many open consoles');
    const session = await target.cluster.consoleSession();
    const t =
      kind === 'vnc'
        ? await session.vncproxy(target.node, target.vmid)
        : await session.termproxy(target.node, target.vmid);
    // vncproxy's listener waits 10 s for its socket: open it right away.
    const up = await session.openWebSocket(target.node, target.vmid, t);
    upstream = up;
    if (gone) return void up.terminate();
    const fromProxmox = new SocketReader(up);
    up.resume();
    if (kind === 'vnc') {
      await rfbLogin(up, fromProxmox, t.password ?? t.ticket);
      await rfbAccept(browser, fromBrowser);
    } else {
      // termproxy's first message is the login line; "OK" answers it, raw terminal output follows.
      up.send(`${t.user}:${t.ticket}\n`);
      if ((await fromProxmox.take(2)).toString('latin1') !== 'OK') throw new Error('termproxy refused the ticket');
    }
    const early = { up: fromProxmox.detach(), browser: fromBrowser.detach() };
    browser.off('close', onEarlyClose);
    if (gone || browser.readyState !== WebSocket.OPEN) return void up.terminate();
    if (early.up.length > 0) browser.send(early.up, { binary: true });
    if (early.browser.length > 0) up.send(early.browser, { binary: kind === 'vnc' });
    pipeSockets(browser, up);
  };

  run().catch((e: unknown) => {
    ctx.log.warn({ err: e, instanceId: q.id, kind }, 'console proxy failed');
    upstream?.terminate();
    closeSocket(browser, CLOSE.unavailable, 'console unavailable');
  });
}
