import { Group, Pagination, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { SectionCard } from '../../../components/section-card';
import { AFFILIATE_PAGE_SIZE } from '../api/affiliate-api';

export interface ListCardProps {
  title: string;
  empty: string;
  /** Rows in all pages; undefined while the first page loads. */
  total: number | undefined;
  page: number;
  onPage: (page: number) => void;
  head: ReactNode;
  rows: ReactNode;
}

/**
 * A titled, paged table of the affiliate page, or its empty state. Its columns fit a phone (the
 * lists hide their secondary columns there and show them under the first): nothing scrolls sideways.
 */
export function ListCard({ title, empty, total, page, onPage, head, rows }: ListCardProps) {
  const pages = Math.ceil((total ?? 0) / AFFILIATE_PAGE_SIZE);
  return (
    <SectionCard title={title}>
      {total === 0 ? (
        <Text c="dimmed" fz="sm">
          {empty}
        </Text>
      ) : (
        <Table striped style={{ overflowWrap: 'anywhere' }}>
          <Table.Thead>
            <Table.Tr>{head}</Table.Tr>
          </Table.Thead>
          <Table.Tbody>{rows}</Table.Tbody>
        </Table>
      )}
      {pages > 1 && (
        <Group justify="flex-end" mt="sm">
          <Pagination total={pages} value={page} onChange={onPage} size="sm" />
        </Group>
      )}
    </SectionCard>
  );
}
