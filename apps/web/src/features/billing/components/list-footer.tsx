import { ListPagination } from '../../../components/list-pagination';
import { useTranslation } from '../../../lib/i18n/react';

interface ListFooterProps {
  total: number;
  pageSize: number;
  page: number;
  onPage: (page: number) => void;
}

/** How many rows a billing list holds and, past one page, its pages. */
export function ListFooter(props: ListFooterProps) {
  const { t } = useTranslation('billing');
  return <ListPagination summary={t('list.total', { count: props.total })} {...props} />;
}
