import type { ConsoleTicket } from '@nimbus/contract';
import { Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n/react';
import { closeReason, consoleSocketUrl } from '../api/console-api';
import { ClosedOverlay, ReconnectButton, type CloseReason } from './console-closed';
import { ConsoleHeader, type ConnectionState } from './console-header';
import { explainRefusal, takeTicket } from '../console-ticket';
import classes from './console.module.css';
import type * as XtermTerminal from '../xterm-terminal';

/** termproxy closes a session after 5 minutes without input; Proxmox's own page pings every 30 s. */
const KEEPALIVE_MS = 30_000;
const encoder = new TextEncoder();

/**
 * /instances/{id}/xterm: the instance's serial console through the server's terminal proxy
 * (xterm.js, loaded here only). The socket carries termproxy's framed input: `0:LEN:DATA` for keys,
 * `1:COLS:ROWS:` when the window resizes, `2` to keep the session alive; output arrives raw.
 */
export function XtermConsolePage(props: { id: number; hostname: string }) {
  const { id } = props;
  const { t } = useTranslation('instance-console');
  const host = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<ConnectionState>('connecting');
  const [reason, setReason] = useState<CloseReason | null>(null);
  // The server refused the ticket: the console never opened ("Failed to load …",
  // docs/product/consoles.md#pages), and why.
  const [refused, setRefused] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const reconnect = useCallback(() => setAttempt((a) => a + 1), []);
  const queryClient = useQueryClient();
  // The terminal's label, read when it is created: a language switch must not reconnect.
  const label = useRef('');
  label.current = t('xterm.screen', { hostname: props.hostname });

  useEffect(() => {
    let cancelled = false;
    let socket: WebSocket | null = null;
    const cleanups: (() => void)[] = [];
    setState('connecting');
    setReason(null);
    setRefused(false);
    const closed = (r: CloseReason) => {
      if (cancelled) return;
      setState('closed');
      setReason(r);
    };
    void (async () => {
      let ticket: ConsoleTicket;
      let mod: typeof XtermTerminal;
      try {
        [mod, ticket] = await Promise.all([import('../xterm-terminal'), takeTicket('xterm', id, null)]);
      } catch (error) {
        const why = await explainRefusal(queryClient, id, error);
        if (!cancelled) setRefused(true);
        closed(why);
        return;
      }
      if (cancelled || !host.current) return;
      const { term, fit } = mod.createTerminal(host.current, label.current);
      cleanups.push(() => term.dispose());
      const ws = new WebSocket(consoleSocketUrl('xterm', id, ticket), ['binary']);
      socket = ws;
      ws.binaryType = 'arraybuffer';
      const send = (frame: string) => {
        if (ws.readyState === WebSocket.OPEN) ws.send(frame);
      };
      const resize = () => send(`1:${term.cols}:${term.rows}:`);
      ws.onopen = () => {
        if (cancelled) return;
        setState('connected');
        resize();
        term.focus();
      };
      ws.onmessage = (e: MessageEvent<ArrayBuffer | string>) =>
        term.write(typeof e.data === 'string' ? e.data : new Uint8Array(e.data));
      ws.onclose = (e) => closed(closeReason(e.code));
      const input = term.onData((data) => send(`0:${encoder.encode(data).length}:${data}`));
      const resized = term.onResize(resize);
      const observer = new ResizeObserver(() => fit());
      observer.observe(host.current);
      const keepalive = window.setInterval(() => send('2'), KEEPALIVE_MS);
      cleanups.push(() => {
        input.dispose();
        resized.dispose();
        observer.disconnect();
        window.clearInterval(keepalive);
      });
    })();
    return () => {
      cancelled = true;
      socket?.close();
      for (const c of cleanups.reverse()) c();
    };
  }, [id, attempt, queryClient]);

  return (
    <Stack gap="sm">
      <ConsoleHeader id={id} hostname={props.hostname} title={t('xterm.title')} state={state}>
        <ReconnectButton state={state} onClick={reconnect} />
      </ConsoleHeader>
      <div className={classes.surface}>
        <div ref={host} className={classes.terminal} />
        {state === 'closed' && reason && (
          <ClosedOverlay
            id={id}
            alert
            title={refused ? t('xterm.loadFailed') : t('xterm.closed')}
            reason={reason}
            onReconnect={reconnect}
          />
        )}
      </div>
    </Stack>
  );
}
