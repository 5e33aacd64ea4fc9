import { Badge, Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n/react';
import { BackLink } from '../../../components/back-link';

export type ConnectionState = 'connecting' | 'connected' | 'closed';

const COLOUR: Record<ConnectionState, string> = { connecting: 'yellow', connected: 'teal', closed: 'gray' };

/** The top of a console page: the way back, the instance, the connection state and the tools. */
export function ConsoleHeader(props: {
  id: number;
  hostname: string;
  title: string;
  state: ConnectionState;
  children: ReactNode;
}) {
  const { t } = useTranslation('instance-console');
  return (
    <div>
      <BackLink to="/instances/$id" params={{ id: String(props.id) }}>
        {t('actions.back')}
      </BackLink>
      <Group justify="space-between" align="flex-end" gap="sm" mt={4}>
        <div style={{ minWidth: 0 }}>
          <Title order={1} fz="h2" style={{ overflowWrap: 'anywhere' }}>
            {props.hostname}
          </Title>
          <Group gap="xs">
            <Text c="dimmed" fz="sm">
              {props.title}
            </Text>
            <Badge
              color={COLOUR[props.state]}
              variant="dot"
              styles={{ root: { textTransform: 'none' } }}
              role="status"
              aria-label={`${t('state.label')}: ${t(`state.${props.state}`)}`}
            >
              {t(`state.${props.state}`)}
            </Badge>
          </Group>
        </div>
        <Group gap="xs" wrap="wrap">
          {props.children}
        </Group>
      </Group>
    </div>
  );
}
