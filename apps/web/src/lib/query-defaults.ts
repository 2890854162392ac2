import { RESPONSE_CACHE_MS } from '@foyer/contract';
import type { DefaultOptions } from '@tanstack/react-query';

/** How long an answer counts as fresh: a screen opened again within it asks the server nothing. */
export const QUERY_STALE_MS = 30_000;

/**
 * The query defaults of the app's QueryClient (app.tsx).
 * A7.04, E9.03: responses are cached for 1 hour (3,600,000 ms): an answer no screen shows any more
 * is kept that long (TanStack Query's gcTime, the `cacheTime` of its earlier versions), so going
 * back to a screen shows it at once while it revalidates. Realtime records and mutations invalidate
 * what changed; clearing the caches (sign-out, A9.23) removes answers sooner.
 */
export const QUERY_DEFAULTS = {
  retry: 1,
  refetchOnWindowFocus: false,
  staleTime: QUERY_STALE_MS,
  gcTime: RESPONSE_CACHE_MS,
} as const satisfies DefaultOptions['queries'];
