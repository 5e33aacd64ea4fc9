import { Group, Pagination, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/react';

interface ListFooterProps {
  total: number;
  pageSize: number;
  page: number;
  onPage: (page: number) => void;
}

/** How many rows a billing list holds and, past one page, its pages. */
export function ListFooter({ total, pageSize, page, onPage }: ListFooterProps) {
  const { t } = useTranslation('billing');
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <Group justify="space-between" p="md" gap="sm">
      <Text fz="sm" c="dimmed">
        {t('list.total', { count: total })}
      </Text>
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
