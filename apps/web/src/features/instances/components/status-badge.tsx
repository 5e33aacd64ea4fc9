import type { InstanceStatus } from '@nimbus/contract';
import { Badge } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/react';

const COLORS: Record<InstanceStatus, string> = {
  available: 'teal',
  creating: 'ocean',
  recreating: 'ocean',
  pending: 'yellow',
  open: 'yellow',
  paused: 'orange',
  cancelled: 'gray',
  destroyed: 'gray',
};

/** SPEC §3's status labels ("available" reads "Active", "recreating" reads "Reinstalling"). */
export function StatusBadge({ status }: { status: InstanceStatus }) {
  const { t } = useTranslation('instances');
  return (
    <Badge
      variant="dot"
      color={COLORS[status]}
      styles={{ root: { textTransform: 'none', flex: 'none', overflow: 'visible' }, label: { overflow: 'visible' } }}
    >
      {t(`status.${status}`)}
    </Badge>
  );
}
