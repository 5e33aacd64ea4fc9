import { Button, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/react';
import type { closeReason } from '../api/console-api';
import type { ConnectionState } from './console-header';
import classes from './console.module.css';

/** Why a console ended: the proxy's close code, or no ticket to open it with. */
export type CloseReason = ReturnType<typeof closeReason> | 'failed' | 'notAvailable';

/** The header's "reconnect": a new ticket and a new connection, unless one is being made. */
export function ReconnectButton({ state, onClick }: { state: ConnectionState; onClick: () => void }) {
  const { t } = useTranslation('instance-console');
  return (
    <Button size="xs" variant="default" disabled={state === 'connecting'} onClick={onClick}>
      {t('actions.reconnect')}
    </Button>
  );
}

/** Over the console's surface once it ended: why, and a way to connect again. */
export function ClosedOverlay(props: { title: string; reason: CloseReason; onReconnect: () => void; alert?: boolean }) {
  const { t } = useTranslation('instance-console');
  return (
    <div className={classes.overlay} role={props.alert ? 'alert' : undefined}>
      <Text fw={600}>{props.title}</Text>
      <Text fz="sm">{t(`reason.${props.reason}`)}</Text>
      <Button size="xs" onClick={props.onReconnect}>
        {t('actions.reconnect')}
      </Button>
    </div>
  );
}
