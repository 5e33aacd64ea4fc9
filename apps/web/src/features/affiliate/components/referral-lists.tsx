import { Badge, Group, Pagination, Table, Text } from '@mantine/core';
import { formatMinor, type CommissionStatus } from '@nimbus/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { SectionCard } from '../../../components/section-card';
import { useDateFormat } from '../../../lib/i18n/use-date-format';
import { useTranslation } from '../../../lib/i18n/react';
import {
  AFFILIATE_PAGE_SIZE,
  affiliateCommissionsQueryOptions,
  affiliateSignupsQueryOptions,
} from '../api/affiliate-api';

/** A table wider than a phone scrolls sideways, so its viewport takes the keyboard focus. */
const SCROLLABLE = { viewportProps: { tabIndex: 0 } };
const STATUS_COLOR: Record<CommissionStatus, string> = { pending: 'yellow', available: 'teal', reversed: 'gray' };

function Pager({ total, page, onChange }: { total: number; page: number; onChange: (page: number) => void }) {
  const pages = Math.ceil(total / AFFILIATE_PAGE_SIZE);
  if (pages <= 1) return null;
  return (
    <Group justify="flex-end" mt="sm">
      <Pagination total={pages} value={page} onChange={onChange} size="sm" />
    </Group>
  );
}

/** The customers who signed up through the link: masked addresses only. */
export function SignupList() {
  const { t } = useTranslation('affiliate');
  const date = useDateFormat();
  const [page, setPage] = useState(1);
  const { data } = useQuery(affiliateSignupsQueryOptions(page));
  return (
    <SectionCard title={t('signups.title')}>
      {data && data.Total === 0 ? (
        <Text c="dimmed" fz="sm">
          {t('signups.empty')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={320} scrollAreaProps={SCROLLABLE}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('signups.email')}</Table.Th>
                <Table.Th>{t('signups.date')}</Table.Th>
                <Table.Th ta="right">{t('signups.purchases')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data?.Items.map((s, i) => (
                <Table.Tr key={`${s.CreatedAt}-${i}`}>
                  <Table.Td>{s.Email}</Table.Td>
                  <Table.Td>{date.format(new Date(s.CreatedAt))}</Table.Td>
                  <Table.Td ta="right">{s.Purchases}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Pager total={data?.Total ?? 0} page={page} onChange={setPage} />
    </SectionCard>
  );
}

/** The caller's commissions with their status and when a held one is released. */
export function CommissionList() {
  const { t } = useTranslation('affiliate');
  const date = useDateFormat();
  const [page, setPage] = useState(1);
  const { data } = useQuery(affiliateCommissionsQueryOptions(page));
  const money = (minor: number, currency: string) => `${formatMinor(minor)} ${currency}`;
  return (
    <SectionCard title={t('commissions.title')}>
      {data && data.Total === 0 ? (
        <Text c="dimmed" fz="sm">
          {t('commissions.empty')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={560} scrollAreaProps={SCROLLABLE}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('commissions.date')}</Table.Th>
                <Table.Th ta="right">{t('commissions.purchase')}</Table.Th>
                <Table.Th ta="right">{t('commissions.rate')}</Table.Th>
                <Table.Th ta="right">{t('commissions.amount')}</Table.Th>
                <Table.Th>{t('commissions.status')}</Table.Th>
                <Table.Th>{t('commissions.availableAt')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data?.Items.map((c) => (
                <Table.Tr key={c.Id}>
                  <Table.Td>{date.format(new Date(c.InvoiceDate))}</Table.Td>
                  <Table.Td ta="right">{money(c.PurchaseAmount, c.Currency)}</Table.Td>
                  <Table.Td ta="right">{`${c.Rate}%`}</Table.Td>
                  <Table.Td ta="right">{money(c.Amount, c.Currency)}</Table.Td>
                  <Table.Td>
                    <Badge color={STATUS_COLOR[c.Status]} variant="dot" styles={{ root: { textTransform: 'none' } }}>
                      {t(`status.${c.Status}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{c.Status === 'reversed' ? '—' : date.format(new Date(c.AvailableAt))}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Pager total={data?.Total ?? 0} page={page} onChange={setPage} />
    </SectionCard>
  );
}
