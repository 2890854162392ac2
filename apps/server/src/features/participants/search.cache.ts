import fp from 'fastify-plugin';
import { createSearchIndexes, type SearchIndexes } from './search.indexes';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's search state: the events' indexes and a short cache (participants/search.cache.ts). */
    searchCache: SearchCache;
  }
}

/**
 * What search2 keeps in a process between requests: each searched event's in-memory index
 * (search.indexes.ts, decision 021), current after every committed write whichever process made
 * it, and a short-lived cache of per-viewer reads (a user paging or typing asks several times a
 * second). Concurrent misses for one key share a single database query.
 */
// Clients already keep search responses for an hour (A7.04); half a minute here is well inside that.
export const SEARCH_CACHE_TTL_MS = 30_000;
const MAX_ENTRIES = 2_000;
/** How often the search change log is pruned. */
const PRUNE_EVERY_MS = 10 * 60_000;

interface Entry<T> {
  expires: number;
  value: Promise<T>;
  /** Set while a refresh of an expired entry runs; the old value is served meanwhile. */
  refreshing?: boolean;
}

export interface SearchCache {
  /**
   * Stale-while-revalidate: an expired entry is still answered (for at most another TTL) while ONE
   * query refreshes it, so expiry never makes every waiting request hit the database at once.
   */
  cached<T>(key: string, compute: () => Promise<T>, options?: { ttlMs?: number }): Promise<T>;
  /** The events' in-memory search indexes (decision 021). */
  readonly indexes: SearchIndexes;
  /** Drops an entry after a local change that must show at once (e.g. my own tags). */
  forget(key: string): void;
  /** Turns the cache on (ttlMs > 0) or off; tests use it. */
  configure(options: { ttlMs: number }): void;
}

export function createSearchCache(options: { ttlMs: number }): SearchCache {
  let ttlMs = options.ttlMs;
  const entries = new Map<string, Entry<unknown>>();
  const evict = (now: number) => {
    for (const [k, e] of entries) if (e.expires + ttlMs <= now) entries.delete(k);
    // Still full: drop the oldest quarter (Map keeps insertion order).
    let drop = entries.size >= MAX_ENTRIES ? Math.ceil(MAX_ENTRIES / 4) : 0;
    for (const k of entries.keys()) {
      if (drop-- <= 0) break;
      entries.delete(k);
    }
  };

  return {
    indexes: createSearchIndexes(),
    cached<T>(key: string, compute: () => Promise<T>, options: { ttlMs?: number } = {}): Promise<T> {
      if (ttlMs <= 0) return compute();
      const ttl = Math.min(options.ttlMs ?? ttlMs, ttlMs);
      const now = Date.now();
      const hit = entries.get(key) as Entry<T> | undefined;
      if (hit && hit.expires > now) return hit.value;
      if (hit && hit.expires + ttl > now) {
        if (!hit.refreshing) {
          hit.refreshing = true;
          const next = compute();
          next.then(
            () => entries.set(key, { expires: Date.now() + ttl, value: next }),
            () => {
              hit.refreshing = false;
            },
          );
        }
        return hit.value;
      }
      if (entries.size >= MAX_ENTRIES) evict(now);
      const value = compute();
      entries.set(key, { expires: now + ttl, value });
      // A failed query must not be served from the cache.
      value.catch(() => entries.delete(key));
      return value;
    },
    forget(key) {
      entries.delete(key);
    },
    configure(next) {
      ttlMs = next.ttlMs;
      entries.clear();
    },
  };
}

/**
 * Decorates `app.searchCache`: one per app (a process); its short cache is off in tests unless a test
 * turns it on (the indexes are always on). Declares the job that prunes the search change log.
 */
export const searchCachePlugin = fp(
  async (app) => {
    // Tests change data between calls and expect to see it at once.
    const cache = createSearchCache({ ttlMs: app.ctx.config.env === 'test' ? 0 : SEARCH_CACHE_TTL_MS });
    app.decorate('searchCache', cache);
    app.scheduler.every('search-changes-prune', PRUNE_EVERY_MS, () => cache.indexes.prune(app.ctx.db));
  },
  { name: 'search-cache', fastify: '5.x', decorators: { fastify: ['ctx', 'scheduler'] } },
);
