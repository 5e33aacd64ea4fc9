import { createFileRoute } from '@tanstack/react-router';
import { NotFoundPage } from '../../components/not-found-page';

/**
 * Any other path, for a signed-in customer: the not-found page inside the shell, so the sidebar and
 * header stay within reach. A visitor without a session gets the standalone page (see
 * the layout's beforeLoad).
 */
export const Route = createFileRoute('/_app/$')({
  component: NotFoundPage,
});
