import type { QueryClient } from '@tanstack/react-query';

/**
 * TanStack Query (10 kB gzip) loads with the signed-in console, not before /login is usable (the
 * /login download budget, docs/decisions/0005-web-bundle-budget.md): the public pages check a
 * stored session and send forms without it.
 */
let client: QueryClient | undefined;
let loading: Promise<QueryClient> | undefined;

/** The app's query client, loading its code on first use. */
export function loadQueryClient(): Promise<QueryClient> {
  loading ??= import('./query-client').then((m) => (client = m.queryClient));
  return loading;
}

/** The query client if its code has loaded (a signed-in page was shown), else undefined. */
export function loadedQueryClient(): QueryClient | undefined {
  return client;
}

/** Drops every cached read, e.g. a previous user's, when a session starts or ends. */
export function dropCachedReads(): void {
  client?.removeQueries();
}
