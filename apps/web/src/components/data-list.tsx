import { Box, Table, Text, type MantineBreakpoint, type TableTdProps, type TableThProps } from '@mantine/core';
import { Fragment, type ComponentProps, type CSSProperties, type Key, type ReactNode } from 'react';
import { LoadFailed } from './empty-state';
import { ListPagination } from './list-pagination';

/** One column of a list table: its header, its cell and from which width it shows. */
export interface DataListColumn<T> {
  /** React key of the column, unique in the list. */
  key: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /**
   * The narrowest breakpoint the column shows at; below it the column is hidden and its cell
   * renderer of another column says what matters on a phone (with `PhoneLine`).
   */
  visibleFrom?: MantineBreakpoint;
  /** Alignment of the header and the cells. */
  align?: 'end' | 'right';
  /** Mantine props of each cell (font size, class, data attributes), fixed or per row. */
  td?: Omit<TableTdProps, 'children'> | ((row: T) => Omit<TableTdProps, 'children'>);
  /** Props of the header cell beside `visibleFrom` and `align`. */
  th?: Omit<TableThProps, 'children'>;
  /** A header cell of its own (the actions column), in place of `header`. */
  headerCell?: ReactNode;
}

/** Paging under the rows, as the list's foot shows it. */
type DataListPaging = ComponentProps<typeof ListPagination>;

interface DataListFailure {
  message: string;
  onRetry: () => void;
  retrying: boolean;
  /** Padded like the rows beside it, under a filter of the same card. */
  inset?: boolean;
}

interface DataListBaseProps<T> {
  /** The rows of the shown page; undefined while it loads. */
  rows: T[] | undefined;
  rowKey: (row: T, index: number) => Key;
  /** A read that failed with nothing to show: said so with a retry, in place of the whole list. */
  failure?: DataListFailure;
  /** Shown in place of the rows while the first page loads (else the bare table head). */
  loading?: ReactNode;
  /** Shown when the page has no rows; when undefined an empty page is an empty table. */
  empty?: ReactNode;
  /** Paging under the rows, once the total is known and above zero. */
  paging?: DataListPaging;
}

interface DataListTableProps<T> extends DataListBaseProps<T> {
  /** The table's accessible name. */
  label?: string;
  columns: DataListColumn<T>[];
  className?: string;
  style?: CSSProperties;
  highlightOnHover?: boolean;
  striped?: boolean;
  /** Mantine's default spacing (a compact table inside a card) instead of the console's list spacing. */
  compact?: boolean;
  /** In a container that scrolls sideways when the columns outgrow it. */
  scroll?: boolean;
  /** The table head stays above the empty state (a filter that matched nothing). */
  emptyUnderHead?: boolean;
}

interface DataListItemsProps<T> extends DataListBaseProps<T> {
  /** Rows that are not a table: one list item each. */
  item: (row: T) => ReactNode;
  /** Class of the `<ul>`. */
  listClassName?: string;
}

export type DataListProps<T> = DataListTableProps<T> | DataListItemsProps<T>;

/** What DataList needs of a list's read: TanStack Query's result, or only its data. */
export interface ListQuery<T> {
  data: { Items: T[]; Total: number } | undefined;
  isError?: boolean;
  isFetching?: boolean;
  refetch?: () => unknown;
}

/**
 * DataList's `rows`, `failure` and `paging` from a list's read: the page's rows; a failure (with
 * a retry) when the read failed with nothing to show and `failed` says how to tell it; the paging
 * once the total is known, with `summary` of the total in words.
 */
export function listState<T>(
  query: ListQuery<T>,
  paging: Omit<DataListPaging, 'total' | 'summary'> & { summary?: (total: number) => string },
  failed?: Omit<DataListFailure, 'onRetry' | 'retrying'>,
): Pick<DataListBaseProps<T>, 'rows' | 'failure' | 'paging'> {
  const { data } = query;
  const { summary, ...rest } = paging;
  return {
    rows: data?.Items,
    failure:
      failed && query.isError && !data
        ? { ...failed, onRetry: () => void query.refetch?.(), retrying: !!query.isFetching }
        : undefined,
    paging: data && { ...rest, summary: summary?.(data.Total), total: data.Total },
  };
}

/**
 * A paged list of the console (instances, invoices, tickets, notices, the ledger, the affiliate
 * lists): its rows as a table of columns or as list items, and the states around them — a read
 * that failed, the first load, an empty page — with the pages and their labels at its foot.
 */
export function DataList<T>(props: DataListProps<T>) {
  const { rows, failure, loading, empty, paging } = props;
  if (failure) {
    const alert = <LoadFailed message={failure.message} onRetry={failure.onRetry} retrying={failure.retrying} />;
    return failure.inset ? (
      <Box px="md" pb="md">
        {alert}
      </Box>
    ) : (
      alert
    );
  }
  if (!rows && loading !== undefined) return <>{loading}</>;
  const showEmpty = rows !== undefined && rows.length === 0 && empty !== undefined;
  const body =
    'item' in props ? (
      showEmpty ? (
        empty
      ) : (
        <ul className={props.listClassName}>
          {rows?.map((row, i) => (
            <li key={props.rowKey(row, i)}>{props.item(row)}</li>
          ))}
        </ul>
      )
    ) : showEmpty && !props.emptyUnderHead ? (
      empty
    ) : (
      <>
        <DataTable {...props} rows={showEmpty ? [] : rows} />
        {showEmpty ? empty : null}
      </>
    );
  const foot = paging && paging.total > 0 ? <ListPagination {...paging} /> : null;
  return (
    <>
      {body}
      {foot}
    </>
  );
}

function DataTable<T>({
  label,
  columns,
  rows,
  rowKey,
  className,
  style,
  highlightOnHover,
  striped,
  compact,
  scroll,
}: DataListTableProps<T>) {
  const table = (
    <Table
      highlightOnHover={highlightOnHover}
      striped={striped}
      verticalSpacing={compact ? undefined : 'sm'}
      horizontalSpacing={compact ? undefined : 'md'}
      aria-label={label}
      className={className}
      style={style}
    >
      <Table.Thead>
        <Table.Tr>
          {columns.map((column) =>
            column.headerCell !== undefined ? (
              <Fragment key={column.key}>{column.headerCell}</Fragment>
            ) : (
              <Table.Th key={column.key} visibleFrom={column.visibleFrom} ta={column.align} {...column.th}>
                {column.header}
              </Table.Th>
            ),
          )}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows?.map((row, i) => (
          <Table.Tr key={rowKey(row, i)}>
            {columns.map((column) => (
              <Table.Td
                key={column.key}
                visibleFrom={column.visibleFrom}
                ta={column.align}
                {...(typeof column.td === 'function' ? column.td(row) : column.td)}
              >
                {column.cell(row)}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
  return scroll ? <Table.ScrollContainer minWidth={0}>{table}</Table.ScrollContainer> : table;
}

/**
 * A dimmed line under a cell's value that only a phone shows: what the columns hidden there say
 * (a date, an address) kept beside the row's name.
 */
export function PhoneLine({
  below = 'sm',
  className,
  children,
}: {
  /** The breakpoint from which the hidden column shows again (and the line hides). */
  below?: MantineBreakpoint;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Text fz="xs" c="dimmed" hiddenFrom={below} className={className}>
      {children}
    </Text>
  );
}
