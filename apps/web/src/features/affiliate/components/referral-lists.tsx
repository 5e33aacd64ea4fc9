import { Badge } from '@mantine/core';
import type { CommissionStatus } from '@nimbus/contract';
import { money } from '../../../lib/money';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PhoneLine } from '../../../components/data-list';
import { useDateFormat } from '../../../lib/i18n/use-date-format';
import { useTranslation } from '../../../lib/i18n/react';
import { affiliateCommissionsQueryOptions, affiliateSignupsQueryOptions } from '../api/affiliate-api';
import { ListCard } from './list-card';

const STATUS_COLOR: Record<CommissionStatus, string> = { pending: 'yellow', available: 'teal', reversed: 'gray' };

/** The customers who signed up through the link: masked addresses only. */
export function SignupList() {
  const { t } = useTranslation('affiliate');
  const date = useDateFormat();
  const [page, setPage] = useState(1);
  const { data } = useQuery(affiliateSignupsQueryOptions(page));
  return (
    <ListCard
      title={t('signups.title')}
      empty={t('signups.empty')}
      data={data}
      page={page}
      onPage={setPage}
      rowKey={(s, i) => `${s.CreatedAt}-${i}`}
      columns={[
        {
          key: 'email',
          header: t('signups.email'),
          cell: (s) => (
            <>
              <span>{s.Email}</span>
              <PhoneLine>{date.format(new Date(s.CreatedAt))}</PhoneLine>
            </>
          ),
        },
        {
          key: 'date',
          header: t('signups.date'),
          visibleFrom: 'sm',
          cell: (s) => date.format(new Date(s.CreatedAt)),
        },
        { key: 'purchases', header: t('signups.purchases'), align: 'right', cell: (s) => s.Purchases },
      ]}
    />
  );
}

/** The caller's commissions with their status and when a held one is released. */
export function CommissionList() {
  const { t } = useTranslation('affiliate');
  const date = useDateFormat();
  const [page, setPage] = useState(1);
  const { data } = useQuery(affiliateCommissionsQueryOptions(page));
  return (
    <ListCard
      title={t('commissions.title')}
      empty={t('commissions.empty')}
      data={data}
      page={page}
      onPage={setPage}
      rowKey={(c) => c.Id}
      columns={[
        {
          key: 'date',
          header: t('commissions.date'),
          cell: (c) => (
            <>
              <span>{date.format(new Date(c.InvoiceDate))}</span>
              <PhoneLine>{`${money(c.PurchaseAmount, c.Currency)} · ${c.Rate}%`}</PhoneLine>
            </>
          ),
        },
        {
          key: 'purchase',
          header: t('commissions.purchase'),
          align: 'right',
          visibleFrom: 'sm',
          cell: (c) => money(c.PurchaseAmount, c.Currency),
        },
        {
          key: 'rate',
          header: t('commissions.rate'),
          align: 'right',
          visibleFrom: 'sm',
          cell: (c) => `${c.Rate}%`,
        },
        {
          key: 'amount',
          header: t('commissions.amount'),
          align: 'right',
          cell: (c) => money(c.Amount, c.Currency),
        },
        {
          key: 'status',
          header: t('commissions.status'),
          cell: (c) => (
            <>
              <Badge color={STATUS_COLOR[c.Status]} variant="dot" styles={{ root: { textTransform: 'none' } }}>
                {t(`status.${c.Status}`)}
              </Badge>
              {c.Status === 'reversed' ? null : <PhoneLine>{date.format(new Date(c.AvailableAt))}</PhoneLine>}
            </>
          ),
        },
        {
          key: 'availableAt',
          header: t('commissions.availableAt'),
          visibleFrom: 'sm',
          cell: (c) => (c.Status === 'reversed' ? '—' : date.format(new Date(c.AvailableAt))),
        },
      ]}
    />
  );
}
