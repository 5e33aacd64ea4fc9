import { Group, Pagination, Text } from '@mantine/core';
import { useTranslation } from '../lib/i18n/react';

interface ListPaginationProps {
  /** How many the list holds, in words ("12 notices"); without it only the pages show. */
  summary?: string;
  total: number;
  pageSize: number;
  page: number;
  onPage: (page: number) => void;
  /** Under a table inside a padded card: no padding of its own, a gap above it. */
  inCard?: boolean;
}

/** The foot of a paged list in the console: how many it holds and, past one page, its pages. */
export function ListPagination({ summary, total, pageSize, page, onPage, inCard = false }: ListPaginationProps) {
  const { t } = useTranslation('shell');
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (summary === undefined && pages <= 1) return null;
  return (
    <Group
      justify={summary === undefined ? 'flex-end' : 'space-between'}
      p={inCard ? undefined : 'md'}
      mt={inCard ? 'sm' : undefined}
      gap="sm"
    >
      {summary === undefined ? null : (
        <Text fz="sm" c="dimmed">
          {summary}
        </Text>
      )}
      {pages > 1 ? (
        <Pagination
          total={pages}
          value={Math.min(page, pages)}
          onChange={onPage}
          size="sm"
          getControlProps={(control) => ({ 'aria-label': t(`pagination.${control}`) })}
          getItemProps={(p) => ({ 'aria-label': t('pagination.page', { page: p }) })}
        />
      ) : null}
    </Group>
  );
}
