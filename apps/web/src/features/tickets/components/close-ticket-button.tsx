import type { Ticket } from '@nimbus/contract';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCircleCheck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Dialog } from '../../../components/dialog';
import { showErrorToast } from '../../../lib/form/error-toast';
import { useAction } from '../../../lib/use-action';
import { useTranslation } from '../../../lib/i18n/react';
import { notify } from '../../../lib/notify';
import { ticketKeys } from '../api/ticket-keys';
import { closeTicket } from '../api/tickets-api';

/** Closes the ticket after a confirmation: a closed ticket takes no more replies. */
export function CloseTicketButton({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation('tickets');
  const { t: tErrors } = useTranslation('errors');
  const queryClient = useQueryClient();
  const [opened, { open, close }] = useDisclosure(false);
  const send = useAction(closeTicket);

  const confirm = () =>
    send.mutate(ticket.Id, {
      onSuccess: (closed) => {
        queryClient.setQueryData(ticketKeys.detail(ticket.Id), closed);
        void queryClient.invalidateQueries({ queryKey: ticketKeys.lists() });
        notify.success({ title: t('detail.closed') });
        close();
      },
      onError: (error) => {
        showErrorToast(error, tErrors, t('detail.closeFailed'));
        void queryClient.invalidateQueries({ queryKey: ticketKeys.detail(ticket.Id) });
        close();
      },
    });

  return (
    <>
      <Button variant="default" leftSection={<IconCircleCheck size={16} aria-hidden />} onClick={open}>
        {t('detail.close')}
      </Button>
      <Dialog opened={opened} onClose={close} title={t('detail.closeTitle')} centered>
        <Stack gap="md">
          <Text fz="sm">{t('detail.closeMessage')}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={send.isPending}>
              {t('common:actions.cancel')}
            </Button>
            <Button onClick={confirm} loading={send.isPending}>
              {t('detail.closeConfirm')}
            </Button>
          </Group>
        </Stack>
      </Dialog>
    </>
  );
}
