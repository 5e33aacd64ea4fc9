import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useEffect, useState } from 'react';
import { firstPageShown } from '../lib/first-page';

const ToastsContainer = lazy(() => import('./toasts-container').then((m) => ({ default: m.ToastsContainer })));

/**
 * Where toasts show. The container and its transitions load after the first page is shown, or at
 * once when a toast comes earlier: toasts wait in Mantine's store until the container mounts.
 */
export function Toasts() {
  const waiting = useNotifications().notifications.length > 0;
  const [pageShown, setPageShown] = useState(false);
  useEffect(() => {
    void firstPageShown.then(() => setPageShown(true));
  }, []);
  if (!pageShown && !waiting) return null;
  return (
    <Suspense fallback={null}>
      <ToastsContainer />
    </Suspense>
  );
}
