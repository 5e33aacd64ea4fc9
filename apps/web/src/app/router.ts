import { createRouter } from '@tanstack/react-router';
import { ErrorPage } from '../components/error-page';
import { LoadingScreen } from '../components/loading-screen';
import { NotFoundPage } from '../components/not-found-page';
import { firstPageRendered } from '../lib/first-page';
import { routeTree } from '../route-tree.gen';

export const router = createRouter({
  routeTree,
  defaultPreload: 'intent',
  // Loaders read through TanStack Query, which owns freshness.
  defaultPreloadStaleTime: 0,
  defaultPendingComponent: LoadingScreen,
  defaultPendingMs: 300,
  defaultErrorComponent: ErrorPage,
  defaultNotFoundComponent: NotFoundPage,
  scrollRestoration: true,
});

// Code the first page can do without (menus, toasts) loads once that page is on screen.
const stopWatching = router.subscribe('onRendered', () => {
  stopWatching();
  firstPageRendered();
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
