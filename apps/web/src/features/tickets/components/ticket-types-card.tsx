import { DASHBOARD_LIMITS } from '@nimbus/contract';
import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconChevronRight, IconMessageQuestion, IconTags } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { EmptyState } from '../../../components/empty-state';
import { RecentCard } from '../../../components/recent-card';
import { AnchorLink } from '../../../components/router-link';
import { useTranslation } from '../../../lib/i18n/react';
import { ticketTypesQueryOptions } from '../api/tickets-api';

/**
 * The dashboard's ticket types (limit 4, docs/product/README.md#the-shell-and-the-dashboard): each
 * opens the new-ticket form on that type.
 */
export function TicketTypesCard() {
  const { t } = useTranslation('tickets');
  const types = useQuery(ticketTypesQueryOptions(DASHBOARD_LIMITS.ticketTypes));
  return (
    <RecentCard
      title={t('types.title')}
      all={
        <AnchorLink to="/tickets" search={{ new: 1 }} fz="sm">
          {t('new')}
        </AnchorLink>
      }
      items={types.data}
      isError={types.isError}
      failed={t('types.failed')}
      empty={<EmptyState compact icon={IconTags} title={t('types.emptyTitle')} message={t('types.emptyMessage')} />}
      itemKey={(type) => type.Id}
    >
      {(type) => (
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon variant="light" size="lg" radius="md" aria-hidden>
            <IconMessageQuestion size={18} stroke={1.7} />
          </ThemeIcon>
          <div style={{ minWidth: 0, flex: '1 1 auto' }}>
            <AnchorLink
              to="/tickets"
              search={{ new: 1, type_id: type.Id }}
              fw={600}
              aria-label={t('types.open', { name: type.Name })}
            >
              {type.Name}
            </AnchorLink>
            {type.Description ? (
              <Text fz="xs" c="dimmed" lineClamp={2}>
                {type.Description}
              </Text>
            ) : null}
          </div>
          <IconChevronRight size={16} aria-hidden style={{ flex: 'none', marginTop: 10 }} />
        </Group>
      )}
    </RecentCard>
  );
}
