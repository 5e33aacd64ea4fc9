import { QUERY } from '@nimbus/contract';
import { QueryClient } from '@tanstack/react-query';
import { retryRead } from './read-retry';
import { i18n } from './i18n/i18n';

/**
 * docs/product/README.md#web-client-behaviour: reads (GET) stale after 5 s and retried 3 × 333 ms;
 * mutations never retry.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: QUERY.staleMs,
        retry: retryRead,
        retryDelay: QUERY.readRetryDelayMs,
        refetchOnWindowFocus: true,
      },
      mutations: {
        retry: false,
        gcTime: QUERY.mutationCacheMs,
      },
    },
  });
}

export const queryClient = createQueryClient();

// The server answers in the console's language (Accept-Language): after a switch, what is on screen
// is read again and everything else is stale, so no text stays in the language left behind. Only a
// switch: i18n also notifies when the console's strings arrive, while the first page's loaders are
// fetching, and invalidating then would cancel those fetches and leave the page loading.
let language = i18n.language;
i18n.subscribe(() => {
  if (i18n.language === language) return;
  language = i18n.language;
  void queryClient.invalidateQueries();
});
