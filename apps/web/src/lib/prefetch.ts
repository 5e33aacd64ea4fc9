import { QUERY } from '@nimbus/contract';

/**
 * A read as a route loader prefetches it: fresh for 10 s
 * (docs/product/README.md#web-client-behaviour), so the page it preloads on hover intent does not
 * read it again on arrival; reads made by the page itself stay fresh for 5 s.
 */
export const prefetched = <T extends object>(options: T): T & { staleTime: number } => ({
  ...options,
  staleTime: QUERY.prefetchStaleMs,
});
