import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import type { RouterContext } from '../app/router-context';
import { ErrorPage } from '../components/error-page';
import { LoadingScreen } from '../components/loading-screen';
import { NotFoundPage } from '../components/not-found-page';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  pendingComponent: LoadingScreen,
  errorComponent: ErrorPage,
  notFoundComponent: NotFoundPage,
});
