import type { ConsoleTicket } from '@nimbus/contract';
import { Button, Stack, Text } from '@mantine/core';
import type RFB from '@novnc/novnc';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n/react';
import { closeReason, consoleSocketUrl } from '../api/console-api';
import { ClosedOverlay, ReconnectButton, type CloseReason } from './console-closed';
import { ConsoleHeader, type ConnectionState } from './console-header';
import { explainRefusal, takeTicket, type RefusedTicket } from '../console-ticket';
import classes from './console.module.css';
import { typeText } from '../keys';

/** /instances/{id}/vnc: the instance's screen through the server's VNC proxy (noVNC, loaded here only). */
export function VncConsolePage(props: {
  id: number;
  hostname: string;
  initialTicket: ConsoleTicket | RefusedTicket | null;
}) {
  const { id, initialTicket } = props;
  const { t } = useTranslation('instance-console');
  const screen = useRef<HTMLDivElement>(null);
  const rfb = useRef<RFB | null>(null);
  const [state, setState] = useState<ConnectionState>('connecting');
  const [reason, setReason] = useState<CloseReason | null>(null);
  // The server refused the ticket: the console never opened ("Failed to load …",
  // docs/product/consoles.md#pages), and why.
  const [refused, setRefused] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const reconnect = useCallback(() => setAttempt((a) => a + 1), []);
  const queryClient = useQueryClient();
  const [pasteOpen, setPasteOpen] = useState(false);
  const [text, setText] = useState('');

  useEffect(() => {
    let cancelled = false;
    let client: RFB | null = null;
    // noVNC logs an error when told to disconnect twice; it disconnects itself when the socket ends.
    let live = false;
    setState('connecting');
    setReason(null);
    setRefused(false);
    void (async () => {
      let ticket: ConsoleTicket;
      let RfbClass: typeof RFB;
      try {
        [{ default: RfbClass }, ticket] = await Promise.all([
          import('@novnc/novnc'),
          takeTicket('vnc', id, initialTicket),
        ]);
      } catch (error) {
        const why = await explainRefusal(queryClient, id, error);
        if (!cancelled) {
          setState('closed');
          setRefused(true);
          setReason(why);
        }
        return;
      }
      if (cancelled || !screen.current) return;
      // noVNC takes an open socket too: its close code tells why the proxy ended the console.
      const socket = new WebSocket(consoleSocketUrl('vnc', id, ticket), ['binary']);
      let code = 1000;
      socket.addEventListener('close', (e) => (code = e.code));
      client = new RfbClass(screen.current, socket);
      client.scaleViewport = true;
      client.background = '#000';
      live = true;
      client.addEventListener('connect', () => {
        setState('connected');
        client?.focus();
      });
      client.addEventListener('disconnect', (e) => {
        live = false;
        if (cancelled) return; // a reconnect replaced this client
        setState('closed');
        setReason((r) => r ?? (code === 1000 && !e.detail.clean ? 'unavailable' : closeReason(code)));
      });
      rfb.current = client;
    })();
    return () => {
      cancelled = true;
      rfb.current = null;
      if (client && live) client.disconnect();
    };
  }, [id, initialTicket, attempt, queryClient]);

  const connected = state === 'connected';
  const sendText = () => {
    if (rfb.current && text) typeText(rfb.current, text);
    setText('');
    setPasteOpen(false);
    rfb.current?.focus();
  };

  return (
    <Stack gap="sm">
      <ConsoleHeader id={id} hostname={props.hostname} title={t('vnc.title')} state={state}>
        <Button size="xs" variant="default" disabled={!connected} onClick={() => rfb.current?.sendCtrlAltDel()}>
          {t('actions.ctrlAltDel')}
        </Button>
        <Button
          size="xs"
          variant="default"
          disabled={!connected}
          onClick={() => setPasteOpen((o) => !o)}
          aria-expanded={pasteOpen}
        >
          {t('actions.paste')}
        </Button>
        <ReconnectButton state={state} onClick={reconnect} />
      </ConsoleHeader>
      {pasteOpen && (
        <form
          className={classes.paste}
          onSubmit={(e) => {
            e.preventDefault();
            sendText();
          }}
        >
          {/* A plain field: Mantine's inputs here would reshuffle the chunks /login loads (its budget). */}
          <label className={classes.pasteField}>
            <Text component="span" fz="sm" fw={500}>
              {t('actions.pasteLabel')}
            </Text>
            <Text component="span" fz="xs" c="dimmed" display="block">
              {t('actions.pasteHint')}
            </Text>
            <textarea
              className={classes.pasteInput}
              rows={2}
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
              autoFocus
            />
          </label>
          <Button type="submit" disabled={!text || !connected}>
            {t('actions.pasteSend')}
          </Button>
        </form>
      )}
      <div className={classes.surface}>
        <div
          ref={screen}
          className={classes.screen}
          role="application"
          aria-label={t('vnc.screen', { hostname: props.hostname })}
        />
        {state === 'closed' && reason && (
          <ClosedOverlay
            id={id}
            alert={refused}
            title={refused ? t('vnc.loadFailed') : t('state.closed')}
            reason={reason}
            onReconnect={reconnect}
          />
        )}
      </div>
    </Stack>
  );
}
