import { Badge, Table, Text } from '@mantine/core';
import type { CommissionStatus } from '@nimbus/contract';
import { money } from '../../../lib/money';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
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
      total={data?.Total}
      page={page}
      onPage={setPage}
      head={
        <>
          <Table.Th>{t('signups.email')}</Table.Th>
          <Table.Th visibleFrom="sm">{t('signups.date')}</Table.Th>
          <Table.Th ta="right">{t('signups.purchases')}</Table.Th>
        </>
      }
      rows={data?.Items.map((s, i) => (
        <Table.Tr key={`${s.CreatedAt}-${i}`}>
          <Table.Td>
            <span>{s.Email}</span>
            <Text fz="xs" c="dimmed" hiddenFrom="sm">
              {date.format(new Date(s.CreatedAt))}
            </Text>
          </Table.Td>
          <Table.Td visibleFrom="sm">{date.format(new Date(s.CreatedAt))}</Table.Td>
          <Table.Td ta="right">{s.Purchases}</Table.Td>
        </Table.Tr>
      ))}
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
      total={data?.Total}
      page={page}
      onPage={setPage}
      head={
        <>
          <Table.Th>{t('commissions.date')}</Table.Th>
          <Table.Th ta="right" visibleFrom="sm">
            {t('commissions.purchase')}
          </Table.Th>
          <Table.Th ta="right" visibleFrom="sm">
            {t('commissions.rate')}
          </Table.Th>
          <Table.Th ta="right">{t('commissions.amount')}</Table.Th>
          <Table.Th>{t('commissions.status')}</Table.Th>
          <Table.Th visibleFrom="sm">{t('commissions.availableAt')}</Table.Th>
        </>
      }
      rows={data?.Items.map((c) => (
        <Table.Tr key={c.Id}>
          <Table.Td>
            <span>{date.format(new Date(c.InvoiceDate))}</span>
            <Text fz="xs" c="dimmed" hiddenFrom="sm">
              {`${money(c.PurchaseAmount, c.Currency)} · ${c.Rate}%`}
            </Text>
          </Table.Td>
          <Table.Td ta="right" visibleFrom="sm">
            {money(c.PurchaseAmount, c.Currency)}
          </Table.Td>
          <Table.Td ta="right" visibleFrom="sm">{`${c.Rate}%`}</Table.Td>
          <Table.Td ta="right">{money(c.Amount, c.Currency)}</Table.Td>
          <Table.Td>
            <Badge color={STATUS_COLOR[c.Status]} variant="dot" styles={{ root: { textTransform: 'none' } }}>
              {t(`status.${c.Status}`)}
            </Badge>
            {c.Status === 'reversed' ? null : (
              <Text fz="xs" c="dimmed" hiddenFrom="sm">
                {date.format(new Date(c.AvailableAt))}
              </Text>
            )}
          </Table.Td>
          <Table.Td visibleFrom="sm">{c.Status === 'reversed' ? '—' : date.format(new Date(c.AvailableAt))}</Table.Td>
        </Table.Tr>
      ))}
    />
  );
}
