import { CLEARED_CACHE_REMOVE_MS } from '@foyer/contract';
import type { QueryClient } from '@tanstack/react-query';

/**
 * A9.23 (E9.04): clearing the cached answers (sign-out, acting as someone, a deleted account).
 * At once: nothing in flight may still land, and every answer is marked stale, so a screen that
 * asks for one again fetches it anew. 500 ms later, when the closing drawer (500 ms) or modal
 * (400 ms) that showed them has finished animating, the cleared answers are removed. An answer a
 * mounted screen has fetched again meanwhile is the new session's and stays.
 */
export function clearCaches(
  client: QueryClient,
  options: {
    /** The session goes on as someone else (acting as): the screens still shown fetch theirs anew. */
    refetchActive?: boolean;
    removeAfterMs?: number;
  } = {},
): Promise<void> {
  const { refetchActive = false, removeAfterMs = CLEARED_CACHE_REMOVE_MS } = options;
  const cache = client.getQueryCache();
  const cleared = cache.getAll();
  void client.cancelQueries();
  void client.invalidateQueries({ refetchType: refetchActive ? 'active' : 'none' });
  client.getMutationCache().clear();
  return new Promise((resolve) => {
    setTimeout(() => {
      for (const query of cleared) {
        // A successful fetch after the clear resets the invalidation mark.
        const refreshed = query.getObserversCount() > 0 && !query.state.isInvalidated;
        if (!refreshed) cache.remove(query);
      }
      resolve();
    }, removeAfterMs);
  });
}
