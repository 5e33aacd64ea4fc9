import { Alert, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconLock, IconPlus } from '@tabler/icons-react';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { AnchorLink, ButtonLink } from '../../../components/router-link';
import { useDateFormat } from '../../../lib/i18n/use-date-format';
import { useTranslation } from '../../../lib/i18n/react';
import {
  ticketMessagesQueryOptions,
  ticketPollInterval,
  ticketQueryOptions,
  ticketTypesQueryOptions,
} from '../api/tickets-api';
import { CloseTicketButton } from './close-ticket-button';
import { Conversation } from './conversation';
import { ReplyForm } from './reply-form';
import { TicketStatusBadge } from './ticket-status-badge';
import classes from './tickets.module.css';
import { BackLink } from '../../../components/back-link';

/**
 * /tickets/{id}: the ticket's facts, the conversation with its attachments, and, while it is open,
 * the reply box and the close button. An open ticket is read again every TICKET_POLL_MS, so a staff
 * answer appears without a reload.
 */
export function TicketPage({ id }: { id: number }) {
  const { t } = useTranslation('tickets');
  const date = useDateFormat({ dateStyle: 'medium', timeStyle: 'short' });
  const { data: ticket } = useSuspenseQuery(ticketQueryOptions(id));
  const { data: messages } = useSuspenseQuery({
    ...ticketMessagesQueryOptions(id),
    refetchInterval: ticketPollInterval(ticket),
  });
  const types = useQuery(ticketTypesQueryOptions());
  const type = types.data?.find((x) => x.Id === ticket.TypeId);
  const closed = ticket.Status === 'closed';

  return (
    <Stack gap="lg" maw={960}>
      <Group justify="space-between" align="center" gap="sm">
        <BackLink to="/tickets">{t('detail.back')}</BackLink>
        {closed ? null : <CloseTicketButton ticket={ticket} />}
      </Group>
      <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="ticket-title">
        <Group justify="space-between" align="flex-start" gap="sm" wrap="nowrap" mb="md">
          <div style={{ minWidth: 0 }}>
            <Title order={1} fz="h2" id="ticket-title" className={classes.subject}>
              {ticket.Title}
            </Title>
            <Text c="dimmed" fz="sm">
              {t('detail.number', { id: ticket.Id })}
            </Text>
          </div>
          <TicketStatusBadge status={ticket.Status} size="lg" />
        </Group>
        <dl className={classes.fields}>
          <div>
            <dt>{t('detail.type')}</dt>
            <dd>
              {ticket.TypeName}
              {type?.Description ? (
                <Text fz="xs" c="dimmed">
                  {type.Description}
                </Text>
              ) : null}
            </dd>
          </div>
          <div>
            <dt>{t('detail.instance')}</dt>
            <dd>
              {ticket.InstanceId !== null && ticket.Hostname ? (
                <AnchorLink to="/instances/$id" params={{ id: String(ticket.InstanceId) }} fz="sm">
                  {ticket.Hostname}
                </AnchorLink>
              ) : (
                t('detail.none')
              )}
            </dd>
          </div>
          <div>
            <dt>{t('detail.opened')}</dt>
            <dd>{date.format(new Date(ticket.CreatedAt))}</dd>
          </div>
          <div>
            <dt>{t('detail.updated')}</dt>
            <dd>{date.format(new Date(ticket.UpdatedAt))}</dd>
          </div>
        </dl>
      </Card>
      <section aria-labelledby="conversation-heading">
        <Title order={2} fz="h4" id="conversation-heading" mb="sm">
          {t('detail.conversation')}
        </Title>
        <Conversation messages={messages} />
      </section>
      {closed ? (
        <Alert color="gray" icon={<IconLock size={18} aria-hidden />} title={t('detail.closedTitle')}>
          <Stack gap="sm" align="flex-start">
            <Text fz="sm">{t('detail.closedNote')}</Text>
            <ButtonLink
              to="/tickets"
              search={{ new: 1, type_id: ticket.TypeId }}
              leftSection={<IconPlus size={16} aria-hidden />}
              size="xs"
            >
              {t('detail.openNew')}
            </ButtonLink>
          </Stack>
        </Alert>
      ) : (
        <ReplyForm ticketId={ticket.Id} />
      )}
    </Stack>
  );
}
