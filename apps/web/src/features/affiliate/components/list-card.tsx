import { Group, Pagination, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { SectionCard } from '../../../components/section-card';
import { AFFILIATE_PAGE_SIZE } from '../api/affiliate-api';

/** A table wider than a phone scrolls sideways, so its viewport takes the keyboard focus. */
const SCROLLABLE = { viewportProps: { tabIndex: 0 } };

export interface ListCardProps {
  title: string;
  empty: string;
  /** Rows in all pages; undefined while the first page loads. */
  total: number | undefined;
  page: number;
  onPage: (page: number) => void;
  minWidth: number;
  head: ReactNode;
  rows: ReactNode;
}

/** A titled, paged table of the affiliate page, or its empty state. */
export function ListCard({ title, empty, total, page, onPage, minWidth, head, rows }: ListCardProps) {
  const pages = Math.ceil((total ?? 0) / AFFILIATE_PAGE_SIZE);
  return (
    <SectionCard title={title}>
      {total === 0 ? (
        <Text c="dimmed" fz="sm">
          {empty}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={minWidth} scrollAreaProps={SCROLLABLE}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>{head}</Table.Tr>
            </Table.Thead>
            <Table.Tbody>{rows}</Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {pages > 1 && (
        <Group justify="flex-end" mt="sm">
          <Pagination total={pages} value={page} onChange={onPage} size="sm" />
        </Group>
      )}
    </SectionCard>
  );
}
