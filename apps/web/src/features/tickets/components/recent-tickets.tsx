import { Group, Text } from '@mantine/core';
import { IconLifebuoy, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { RecentListCard } from '../../../components/recent-card';
import { AnchorLink, ButtonLink } from '../../../components/router-link';
import { useDateFormat } from '../../../lib/i18n/use-date-format';
import { useTranslation } from '../../../lib/i18n/react';
import { recentTicketsQueryOptions } from '../api/tickets-api';
import { TicketStatusBadge } from './ticket-status-badge';
import classes from './tickets.module.css';

/**
 * The dashboard's tickets (limit 4, docs/product/README.md#the-shell-and-the-dashboard), most
 * recently updated first, each linking to its page.
 */
export function RecentTickets() {
  const { t } = useTranslation('tickets');
  const date = useDateFormat();
  const list = useQuery(recentTicketsQueryOptions());
  return (
    <RecentListCard
      ns="tickets"
      query={list}
      allLink={(label) => (
        <AnchorLink to="/tickets" fz="sm">
          {label}
        </AnchorLink>
      )}
      emptyIcon={IconLifebuoy}
      emptyAction={
        <ButtonLink to="/tickets" search={{ new: 1 }} leftSection={<IconPlus size={16} aria-hidden />}>
          {t('empty.action')}
        </ButtonLink>
      }
      itemKey={(ticket) => ticket.Id}
    >
      {(ticket) => (
        <Group justify="space-between" gap="sm" wrap="nowrap">
          <div style={{ minWidth: 0 }}>
            <AnchorLink to="/tickets/$id" params={{ id: String(ticket.Id) }} fw={600} className={classes.subject}>
              {ticket.Title}
            </AnchorLink>
            <Text fz="xs" c="dimmed" truncate>
              {t('table.number', { id: ticket.Id })} · {ticket.TypeName} · {date.format(new Date(ticket.UpdatedAt))}
            </Text>
          </div>
          <TicketStatusBadge status={ticket.Status} />
        </Group>
      )}
    </RecentListCard>
  );
}
