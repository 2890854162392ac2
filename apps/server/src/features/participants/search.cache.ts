import { sql } from 'kysely';
import type { AppContext } from '../../context';

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

interface Cache {
  ttlMs: number;
  entries: Map<string, Entry<unknown>>;
  /** The search version last seen per event, to drop pages of older versions. */
  versions: Map<number, string>;
}

const caches = new WeakMap<AppContext, Cache>();

function cacheOf(ctx: AppContext): Cache {
  let cache = caches.get(ctx);
  if (!cache) {
    // Tests change data between calls and expect to see it at once.
    cache = {
      ttlMs: ctx.config.env === 'test' ? 0 : SEARCH_CACHE_TTL_MS,
      entries: new Map(),
      versions: new Map(),
    };
    caches.set(ctx, cache);
  }
  return cache;
}

/** Turns the cache on (ttlMs > 0) or off for this app; tests and the benchmark use it. */
export function configureSearchCache(ctx: AppContext, options: { ttlMs: number }): void {
  const cache = cacheOf(ctx);
  cache.ttlMs = options.ttlMs;
  cache.entries.clear();
  cache.versions.clear();
}

/**
 * Stale-while-revalidate: an expired entry is still answered (for at most another TTL) while ONE
 * query refreshes it, so expiry never makes every waiting request hit the database at once.
 */
export function cached<T>(
  ctx: AppContext,
  key: string,
  compute: () => Promise<T>,
  options: { ttlMs?: number } = {},
): Promise<T> {
  const cache = cacheOf(ctx);
  if (cache.ttlMs <= 0) return compute();
  const ttlMs = Math.min(options.ttlMs ?? cache.ttlMs, cache.ttlMs);
  const now = Date.now();
  const hit = cache.entries.get(key) as Entry<T> | undefined;
  if (hit && hit.expires > now) return hit.value;
  if (hit && hit.expires + ttlMs > now) {
    if (!hit.refreshing) {
      hit.refreshing = true;
      const next = compute();
      next.then(
        () => cache.entries.set(key, { expires: Date.now() + ttlMs, value: next }),
        () => {
          hit.refreshing = false;
        },
      );
    }
    return hit.value;
  }
  if (cache.entries.size >= MAX_ENTRIES) evict(cache, now);
  const value = compute();
  cache.entries.set(key, { expires: now + ttlMs, value });
  // A failed query must not be served from the cache.
  value.catch(() => cache.entries.delete(key));
  return value;
}

/** Prefix of every list entry of an event, so a change in it can drop them all. */
export const eventKey = (eventId: number) => `event:${eventId}:`;

/**
 * The key prefix for the event's cached pages, holding its current search version: one primary-key
 * read per search, the price of never answering from before a committed write.
 */
export async function eventScope(ctx: AppContext, eventId: number): Promise<string> {
  const cache = cacheOf(ctx);
  if (cache.ttlMs <= 0) return eventKey(eventId);
  const { rows } = await sql<{ version: string }>`
    SELECT version::text AS version FROM search_versions WHERE event_id = ${eventId}`.execute(ctx.db);
  const version = rows[0]?.version ?? '0';
  const seen = cache.versions.get(eventId);
  if (seen !== version) {
    // Pages of the older version can never be asked for again.
    if (seen !== undefined) forgetEvent(ctx, eventId);
    cache.versions.set(eventId, version);
  }
  return `${eventKey(eventId)}v${version}:`;
}

/** Someone in the event changed their card here: lists show it on the next request. */
export function forgetEvent(ctx: AppContext, eventId: number): void {
  const prefix = eventKey(eventId);
  const { entries } = cacheOf(ctx);
  for (const key of entries.keys()) if (key.startsWith(prefix)) entries.delete(key);
}

/** Drops an entry after a local change that must show at once (e.g. my own tags). */
export function forget(ctx: AppContext, key: string): void {
  cacheOf(ctx).entries.delete(key);
}

function evict(cache: Cache, now: number): void {
  for (const [k, e] of cache.entries) if (e.expires + cache.ttlMs <= now) cache.entries.delete(k);
  // Still full: drop the oldest quarter (Map keeps insertion order).
  let drop = cache.entries.size >= MAX_ENTRIES ? Math.ceil(MAX_ENTRIES / 4) : 0;
  for (const k of cache.entries.keys()) {
    if (drop-- <= 0) break;
    cache.entries.delete(k);
  }
}
