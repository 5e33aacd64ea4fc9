import { Text } from '@mantine/core';
import type { Key } from 'react';
import { DataList, listState, type DataListColumn } from '../../../components/data-list';
import { SectionCard } from '../../../components/section-card';
import { AFFILIATE_PAGE_SIZE } from '../api/affiliate-api';

export interface ListCardProps<T> {
  title: string;
  empty: string;
  /** The page of rows and how many all pages hold; undefined while the first page loads. */
  data: { Items: T[]; Total: number } | undefined;
  page: number;
  onPage: (page: number) => void;
  columns: DataListColumn<T>[];
  rowKey: (row: T, index: number) => Key;
}

/**
 * A titled, paged table of the affiliate page, or its empty state. Its columns fit a phone (the
 * lists hide their secondary columns there and show them under the first): nothing scrolls sideways.
 */
export function ListCard<T>({ title, empty, data, page, onPage, columns, rowKey }: ListCardProps<T>) {
  return (
    <SectionCard title={title}>
      <DataList
        compact
        striped
        style={{ overflowWrap: 'anywhere' }}
        columns={columns}
        rowKey={rowKey}
        {...listState({ data }, { pageSize: AFFILIATE_PAGE_SIZE, page, onPage, inCard: true })}
        empty={
          data?.Total === 0 ? (
            <Text c="dimmed" fz="sm">
              {empty}
            </Text>
          ) : undefined
        }
      />
    </SectionCard>
  );
}
