import type { Payment, PaymentMethods } from '@nimbus/contract';
import { Alert, Card, Loader, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n/react';
import { notify } from '../../../lib/notify';
import { topUpReturnPath } from '../../../lib/payments/top-up-return';
import { money } from '../money';
import type { BillingSearch } from '../search';
import { BalanceCard } from './balance-card';
import { InvoiceList } from './invoice-list';
import { TopUpCard } from './top-up-card';
import { TransactionsList } from './transactions-list';
import { usePaymentReturn } from './use-payment-return';

interface BillingPageProps {
  methods: PaymentMethods;
  search: BillingSearch;
  onSearchChange: (next: BillingSearch) => void;
}

/** /billing (docs/product/billing.md#pages): the balance and a top-up, the invoices and the ledger. */
export function BillingPage({ methods, search, onSearchChange }: BillingPageProps) {
  const { t } = useTranslation('billing');
  const { t: tCommon } = useTranslation();
  const navigate = useNavigate();
  const [unfinished, setUnfinished] = useState<Payment | null>(null);
  usePaymentReturn(search.payment_id, (payment) => {
    const failed = payment && payment.Status !== 'succeeded' ? payment : null;
    // A top-up started from another page (a deploy the balance could not cover) goes back there,
    // paid or not: the page kept what the customer was doing.
    const back = search.payment_id === undefined ? null : topUpReturnPath(search.payment_id);
    if (back) {
      if (failed) notify.warning({ title: t('payment.failedTitle'), message: failureText(failed) });
      void navigate({ to: back, search: { resume: search.payment_id }, replace: true });
      return;
    }
    setUnfinished(failed);
    onSearchChange({ ...search, payment_id: undefined });
  });
  const failureText = (payment: Payment) =>
    t(`payment.failed.${failureOf(payment)}`, { amount: money(payment.Amount, payment.Currency) });
  const tab = search.tab ?? 'invoices';
  const page = search.page ?? 1;

  return (
    <Stack gap="lg" maw={1200}>
      <div>
        <Title order={1}>{tCommon('titles.billing')}</Title>
        <Text c="dimmed">{t('subtitle')}</Text>
      </div>
      {search.payment_id !== undefined ? (
        <Alert color="ocean" icon={<Loader size={18} aria-hidden />} title={t('payment.waitingTitle')} role="status">
          {t('payment.waiting')}
        </Alert>
      ) : null}
      {unfinished ? (
        <Alert
          color="red"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          title={t('payment.failedTitle')}
          withCloseButton
          closeButtonLabel={tCommon('actions.close')}
          onClose={() => setUnfinished(null)}
          role="alert"
        >
          {failureText(unfinished)}
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <BalanceCard
          onShowUnpaid={() => onSearchChange({ ...search, tab: undefined, status: 'unpaid', page: undefined })}
          onShowTransactions={() => onSearchChange({ tab: 'transactions' })}
        />
        <TopUpCard methods={methods} />
      </SimpleGrid>
      <Card withBorder radius="md" padding={0}>
        <Tabs
          value={tab}
          onChange={(next) =>
            onSearchChange({
              ...search,
              tab: next === 'transactions' ? 'transactions' : undefined,
              status: undefined,
              page: undefined,
            })
          }
        >
          <Tabs.List px="md" pt="xs">
            <Tabs.Tab value="invoices">{t('tabs.invoices')}</Tabs.Tab>
            <Tabs.Tab value="transactions">{t('tabs.transactions')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="invoices">
            {tab === 'invoices' ? (
              <InvoiceList
                status={search.status}
                page={page}
                onChange={(next) =>
                  onSearchChange({ ...search, status: next.status, page: next.page > 1 ? next.page : undefined })
                }
              />
            ) : null}
          </Tabs.Panel>
          <Tabs.Panel value="transactions">
            {tab === 'transactions' ? (
              <TransactionsList
                page={page}
                onPage={(p) => onSearchChange({ ...search, page: p > 1 ? p : undefined })}
              />
            ) : null}
          </Tabs.Panel>
        </Tabs>
      </Card>
    </Stack>
  );
}

/** Why a payment the customer came back from did not go through. */
const failureOf = (payment: Payment) =>
  payment.Status === 'cancelled' || payment.Status === 'expired' ? payment.Status : 'failed';
