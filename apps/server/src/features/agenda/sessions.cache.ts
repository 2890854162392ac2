import { makeRoom } from '../../lib/make-room';
import type { SessionRow } from './sessions.repository';

/**
 * A per-process cache of sessions list pages as every viewer of one kind sees them (organizers, or
 * attendees of one participant type): the rows with track, room, people and slots, but without
 * anyone's own status or the seat counts, which every request reads fresh (sessions.viewer.ts).
 * Two thousand attendees opening the sessions tab ask the same few questions; reading and joining
 * the rows for each of them is what made the list slow (issue 13).
 *
 * Pages are keyed by the event's list version (migration 0020): triggers move it on every write a
 * page shows, whichever process made it, and the caller reads it in the same round trip as its own
 * state, so no page older than the last committed change is ever served. Versions only grow, so a
 * page of a newer version than the caller read is fresh enough for it. Concurrent misses for one key
 * share a single read.
 */
export interface CachedPage {
  version: number;
  rows: SessionRow[];
  /** The sessions and slots of the page, whose seat counts a request reads fresh. */
  seatIds: number[];
}

/**
 * Who the caller turned out to be last time: to ask for the right seat counts up front. A guess,
 * checked against what the request reads.
 */
export interface KindHint {
  kind: string;
  timezone: string;
}

export interface SessionPageCache {
  /** The page the key holds now, if read already (not while its read runs). */
  peek(key: string): CachedPage | undefined;
  /**
   * The page at `version` or newer. `read` runs when the cache holds none; `fresh` is true when this
   * call read it (its seat counts are as new as the request).
   */
  get(
    key: string,
    version: number,
    read: () => Promise<SessionRow[]>,
  ): Promise<{ page: CachedPage; fresh: boolean }>;
  hint(eventId: number, userId: number): KindHint | undefined;
  remember(eventId: number, userId: number, hint: KindHint): void;
}

// A page is ~100 KB of rows plus a few JSON copies of its cards: at most a few tens of MB.
const MAX_PAGES = 300;
const MAX_HINTS = 20_000;

interface Entry {
  version: number;
  promise: Promise<CachedPage>;
  page?: CachedPage;
}

function seatIdsOf(rows: SessionRow[]): number[] {
  const ids: number[] = [];
  for (const row of rows) {
    ids.push(row.id);
    for (const child of row.children) ids.push(child.id);
  }
  return ids;
}

export function createSessionPageCache(): SessionPageCache {
  const pages = new Map<string, Entry>();
  const hints = new Map<string, KindHint>();
  return {
    peek(key) {
      return pages.get(key)?.page;
    },
    async get(key, version, read) {
      const hit = pages.get(key);
      if (hit && hit.version >= version) return { page: await hit.promise, fresh: false };
      const entry: Entry = {
        version,
        promise: read().then((rows) => {
          const page = { version, rows, seatIds: seatIdsOf(rows) };
          entry.page = page;
          return page;
        }),
      };
      pages.delete(key);
      makeRoom(pages, MAX_PAGES);
      pages.set(key, entry);
      // A failed read must not be served from the cache.
      entry.promise.catch(() => {
        if (pages.get(key) === entry) pages.delete(key);
      });
      return { page: await entry.promise, fresh: true };
    },
    hint(eventId, userId) {
      return hints.get(`${eventId}:${userId}`);
    },
    remember(eventId, userId, hint) {
      const key = `${eventId}:${userId}`;
      const known = hints.get(key);
      if (known && known.kind === hint.kind && known.timezone === hint.timezone) return;
      makeRoom(hints, MAX_HINTS);
      hints.set(key, hint);
    },
  };
}
