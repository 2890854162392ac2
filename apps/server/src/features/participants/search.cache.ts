import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { readSearchVersion } from './search.repository';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's search2 page cache (participants/search.cache.ts). */
    searchCache: SearchCache;
  }
}

/**
 * A short-lived, per-process cache of the viewer-independent part of a search2 page (the rows in
 * order, and the total). Everyone opening the attendees list of a big event asks the same few
 * questions; counting 50,000 rows for each of them is what made the list slow. Per-person parts
 * (my tags, my ignored people, canInvite) are applied after the cache, so nobody sees another
 * person's data. Concurrent misses for one key share a single database query.
 *
 * An event's pages are keyed by its search version (migration 0011_infra): triggers bump it on
 * every write that changes what a search shows (registration, join, profile, removal, type, booth),
 * whichever process made it, so the next search of every process misses and reads fresh rows.
 * Only presence may show up to two TTLs late.
 */
// Clients already keep search responses for an hour (A7.04); half a minute here is well inside that.
export const SEARCH_CACHE_TTL_MS = 30_000;
const MAX_ENTRIES = 2_000;

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
  /**
   * The key prefix for the event's cached pages, holding its current search version: one
   * primary-key read per search, the price of never answering from before a committed write.
   */
  eventScope(db: Kysely<DB>, eventId: number): Promise<string>;
  /**
   * A value kept for as long as the event's search version stays the same, whatever the TTL: the
   * whole directory's count, which only a write can change (one primary-key read per call).
   */
  versioned<T>(db: Kysely<DB>, eventId: number, key: string, compute: () => Promise<T>): Promise<T>;
  /** Drops an entry after a local change that must show at once (e.g. my own tags). */
  forget(key: string): void;
  /**
   * Turns the page cache on (ttlMs > 0) or off, and the versioned values (default: with the pages);
   * tests and the benchmark use it.
   */
  configure(options: { ttlMs: number; versioned?: boolean }): void;
}

/** Prefix of every list entry of an event, so a change in it can drop them all. */
export const eventKey = (eventId: number) => `event:${eventId}:`;

export function createSearchCache(options: { ttlMs: number; versioned?: boolean }): SearchCache {
  let ttlMs = options.ttlMs;
  let keepVersioned = options.versioned ?? ttlMs > 0;
  const entries = new Map<string, Entry<unknown>>();
  const versionedEntries = new Map<string, { version: string; value: Promise<unknown> }>();
  /** The search version last seen per event, to drop pages of older versions. */
  const versions = new Map<number, string>();

  const forgetEvent = (eventId: number) => {
    const prefix = eventKey(eventId);
    for (const key of entries.keys()) if (key.startsWith(prefix)) entries.delete(key);
  };
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
    async eventScope(db, eventId) {
      if (ttlMs <= 0) return eventKey(eventId);
      const version = await readSearchVersion(db, eventId);
      const seen = versions.get(eventId);
      if (seen !== version) {
        // Pages of the older version can never be asked for again.
        if (seen !== undefined) forgetEvent(eventId);
        versions.set(eventId, version);
      }
      return `${eventKey(eventId)}v${version}:`;
    },
    async versioned<T>(db: Kysely<DB>, eventId: number, key: string, compute: () => Promise<T>) {
      if (!keepVersioned) return compute();
      const version = await readSearchVersion(db, eventId);
      const full = `${eventKey(eventId)}${key}`;
      const hit = versionedEntries.get(full);
      if (hit && hit.version === version) return hit.value as Promise<T>;
      if (versionedEntries.size >= MAX_ENTRIES)
        versionedEntries.delete(versionedEntries.keys().next().value as string);
      const value = compute();
      versionedEntries.set(full, { version, value });
      value.catch(() => versionedEntries.delete(full));
      return value;
    },
    forget(key) {
      entries.delete(key);
    },
    configure(next) {
      ttlMs = next.ttlMs;
      keepVersioned = next.versioned ?? ttlMs > 0;
      entries.clear();
      versions.clear();
      versionedEntries.clear();
    },
  };
}

/** Decorates `app.searchCache`: one per app (a process), off in tests unless a test turns it on. */
export const searchCachePlugin = fp(
  async (app) => {
    // Tests change data between calls and expect to see it at once.
    app.decorate(
      'searchCache',
      createSearchCache({ ttlMs: app.ctx.config.env === 'test' ? 0 : SEARCH_CACHE_TTL_MS }),
    );
  },
  { name: 'search-cache', fastify: '5.x', decorators: { fastify: ['ctx'] } },
);
