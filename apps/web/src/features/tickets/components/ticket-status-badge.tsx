import type { TicketStatus } from '@nimbus/contract';
import { Badge } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/react';
import classes from './tickets.module.css';

const COLORS: Record<TicketStatus, string> = { open: 'ocean', in_progress: 'orange', answered: 'teal', closed: 'gray' };

/** The ticket statuses (docs/product/tickets.md#statuses-ticket_statuses): open, in progress, answered, closed. */
export function TicketStatusBadge({ status, size }: { status: TicketStatus; size?: 'sm' | 'md' | 'lg' }) {
  const { t } = useTranslation('tickets');
  return (
    <Badge
      variant="light"
      color={COLORS[status]}
      size={size}
      data-status={status}
      className={classes.badge}
      styles={{ root: { textTransform: 'none', flex: 'none', overflow: 'visible' }, label: { overflow: 'visible' } }}
    >
      {t(`status.${status}`)}
    </Badge>
  );
}
