import { createRootRoute, Outlet } from '@tanstack/react-router';
import { ErrorPage } from '../components/error-page';
import { LoadingScreen } from '../components/loading-screen';
import { NotFoundPage } from '../components/not-found-page';

export const Route = createRootRoute({
  component: Outlet,
  pendingComponent: LoadingScreen,
  errorComponent: ErrorPage,
  notFoundComponent: NotFoundPage,
});
