import type { TicketMessage } from '@nimbus/contract';
import { Badge, Group, Text, Typography } from '@mantine/core';
// Here, not in mantine.css: only rendered answers use it, and /login keeps within its budget.
import '@mantine/core/styles/Typography.css';
import { IconHeadset, IconUser } from '@tabler/icons-react';
import { useDateFormat } from '../../../lib/i18n/use-date-format';
import { useTranslation } from '../../../lib/i18n/react';
import { AttachmentList } from './attachment-list';
import classes from './tickets.module.css';

/** The conversation, oldest first: the customer's messages and staff answers, told apart at a glance. */
export function Conversation({ messages }: { messages: readonly TicketMessage[] }) {
  const { t } = useTranslation('tickets');
  const date = useDateFormat({ dateStyle: 'medium', timeStyle: 'short' });
  return (
    <ol className={classes.messages} aria-label={t('detail.conversation')}>
      {messages.map((m) => {
        const staff = m.Author === 'staff';
        const Icon = staff ? IconHeadset : IconUser;
        return (
          <li key={m.Id} className={classes.message} data-author={m.Author}>
            <article aria-label={t(staff ? 'detail.fromStaff' : 'detail.fromYou', { name: m.AuthorName })}>
              <Group justify="space-between" gap="xs" mb="xs" wrap="wrap">
                <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                  <Icon size={18} stroke={1.7} aria-hidden style={{ flex: 'none' }} />
                  <Text fw={600} fz="sm" truncate>
                    {m.AuthorName}
                  </Text>
                  <Badge
                    size="sm"
                    variant={staff ? 'filled' : 'default'}
                    color={staff ? 'ocean' : undefined}
                    style={{ textTransform: 'none', flex: 'none' }}
                  >
                    {t(staff ? 'detail.staff' : 'detail.you')}
                  </Badge>
                </Group>
                <Text fz="xs" c="dimmed" component="time" dateTime={m.CreatedAt}>
                  {date.format(new Date(m.CreatedAt))}
                </Text>
              </Group>
              {m.ContentHtml !== null ? (
                // Safe to set: the server renders staff Markdown and sanitises it with the notices'
                // rules (apps/server/src/domains/tickets/markdown.ts): no scripts, handlers, styles, images or frames.
                <Typography
                  className={classes.markdown}
                  data-testid="staff-answer"
                  dangerouslySetInnerHTML={{ __html: m.ContentHtml }}
                />
              ) : (
                <p className={classes.content}>{m.Content}</p>
              )}
              <AttachmentList attachments={m.Attachments} />
            </article>
          </li>
        );
      })}
    </ol>
  );
}
