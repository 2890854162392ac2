import { sql } from 'kysely';
import type { Executor } from '../../db/executor';
import { EventIndex, type EventNames } from './search.index';
import type { IndexRow } from './search.index.entry';

/**
 * This process's search indexes, one per event searched (decision 021). Before each search the
 * event's search version is read (one primary-key read, shared by the searches that arrive while it
 * runs: an answer is as of at most one round trip before the request came in): the same version
 * means the index is current; a newer one brings in the people the change log (migration 0032)
 * names; anything else (a recreated event row, a change too big to list, an index not confirmed
 * current for half an hour, beyond the log's hour) reads the whole event again. One refresh per
 * event runs at a time; searches arriving meanwhile wait for it. An index that holds more emptied
 * slots than live ones (every change moves a person to a new slot) is built again beside it while
 * it keeps answering, and replaced when the new one is ready.
 */
export interface SearchIndexes {
  /** The event's index as of a version at least as new as the one read now. */
  get(db: Executor, eventId: number): Promise<EventIndex>;
  /** Deletes change-log rows older than an hour (a periodic job). */
  prune(db: Executor): Promise<number>;
  /**
   * How many times an index read its whole event (`rebuilt`: of those, beside a live index), and how
   * many times only the logged changes.
   */
  reads(): { full: number; changes: number; rebuilt: number };
}

/**
 * An index not confirmed current for this long reads the whole event again rather than the log,
 * which keeps an hour (SEARCH_LOG_KEEP).
 */
const FULL_READ_AFTER_MS = 30 * 60_000;
/** Emptied slots an index may hold beyond its live ones before it is built again beside them. */
const REBUILD_SLACK = 1000;
const SEARCH_LOG_KEEP = '1 hour';
/** An event nobody searched for this long leaves memory. */
const IDLE_DROP_MS = 30 * 60_000;
/** Changes listed in the log are read in chunks of this many ids. */
const CHUNK = 1000;

interface Stamp {
  base: string;
  version: number;
}

interface Built {
  index: EventIndex;
  base: string;
  version: number;
  /** When the index was last known to be as of `version` (the version read before its refresh). */
  refreshedAt: number;
}

interface Holder extends Omit<Built, 'index'> {
  index: EventIndex | null;
  usedAt: number;
  running: Promise<void> | null;
  /** A compacting rebuild in progress, and its result until it replaces the index. */
  rebuilding: Promise<void> | null;
  rebuilt: Built | null;
}

const INDEX_COLUMNS = sql`id, name, surname, job_title, company, profile_photo, booth_role, present,
  type_id, category_ids, booth_id, organizer, state, visible, search_boost, sort_name, sort_company,
  search_text, array_to_string(tsvector_to_array(search_vector), ' ') AS lexemes`;

async function readStamp(db: Executor, eventId: number): Promise<Stamp> {
  const { rows } = await sql<{ base: string; version: string }>`
    SELECT base::text AS base, version::text AS version FROM search_versions WHERE event_id = ${eventId}`.execute(
    db,
  );
  const row = rows[0];
  return row ? { base: row.base, version: Number(row.version) } : { base: '', version: 0 };
}

/** Every participant of the event as the index holds them. */
export async function readEvent(db: Executor, eventId: number): Promise<IndexRow[]> {
  const { rows } = await sql<IndexRow>`
    SELECT ${INDEX_COLUMNS} FROM participants WHERE event_id = ${eventId}`.execute(db);
  return rows;
}

/** A new index of the whole event, as of `stamp` (read before: later changes are in the log). */
async function buildIndex(db: Executor, eventId: number, stamp: Stamp, at: number): Promise<Built> {
  const index = new EventIndex();
  await index.build(await readEvent(db, eventId));
  index.setNames(await readNames(db, eventId));
  return { index, base: stamp.base, version: stamp.version, refreshedAt: at };
}

/** The names cards show: the event's booths (and logos) and participant types. */
async function readNames(db: Executor, eventId: number): Promise<EventNames> {
  const [booths, types] = await Promise.all([
    db
      .selectFrom('booths')
      .select(['id', 'name', sql<string | null>`images->>'logo'`.as('logo')])
      .where('event_id', '=', eventId)
      .execute(),
    db.selectFrom('participant_types').select(['id', 'name']).where('event_id', '=', eventId).execute(),
  ]);
  return {
    booths: new Map(booths.map((b) => [b.id, { name: b.name, logo: b.logo }])),
    types: new Map(types.map((t) => [t.id, t.name])),
  };
}

/** The people changed after `version`, or null when the log says to read the whole event. */
async function readChanges(
  db: Executor,
  eventId: number,
  version: number,
): Promise<{ rows: IndexRow[]; removed: number[] } | null> {
  const { rows: changes } = await sql<{ participant_id: number | null }>`
    SELECT DISTINCT participant_id FROM search_changes WHERE event_id = ${eventId} AND version > ${version}`.execute(
    db,
  );
  if (changes.some((c) => c.participant_id === null)) return null;
  const ids = changes.map((c) => c.participant_id as number);
  const rows: IndexRow[] = [];
  for (let i = 0; i < ids.length; i += CHUNK) {
    const chunk = ids.slice(i, i + CHUNK);
    const { rows: read } = await sql<IndexRow>`
      SELECT ${INDEX_COLUMNS} FROM participants
       WHERE event_id = ${eventId} AND id = ANY(${sql.val(chunk)}::integer[])`.execute(db);
    rows.push(...read);
  }
  const present = new Set(rows.map((r) => r.id));
  return { rows, removed: ids.filter((id) => !present.has(id)) };
}

/**
 * `now`: the clock; `rebuildSlack`: emptied slots allowed beyond the live ones before a rebuild
 * (tests make it small).
 */
export function createSearchIndexes(
  now: () => number = Date.now,
  rebuildSlack: number = REBUILD_SLACK,
): SearchIndexes {
  const holders = new Map<number, Holder>();
  const reads = { full: 0, changes: 0, rebuilt: 0 };
  /** The version reads in flight, per event: searches arriving meanwhile share one. */
  const stamps = new Map<number, Promise<Stamp>>();
  const stampOf = (db: Executor, eventId: number): Promise<Stamp> => {
    let read = stamps.get(eventId);
    if (!read) {
      read = readStamp(db, eventId).finally(() => stamps.delete(eventId));
      stamps.set(eventId, read);
    }
    return read;
  };

  const dropIdle = (at: number) => {
    for (const [eventId, h] of holders)
      if (!h.running && !h.rebuilding && at - h.usedAt > IDLE_DROP_MS) holders.delete(eventId);
  };

  const current = (h: Holder, stamp: Stamp) =>
    h.index !== null && h.base === stamp.base && h.version >= stamp.version;

  /** Builds the event's index again beside the live one, which answers until this one is ready. */
  const rebuild = (db: Executor, eventId: number, h: Holder) => {
    h.rebuilding = (async () => {
      const started = now();
      const built = await buildIndex(db, eventId, await readStamp(db, eventId), started);
      reads.full++;
      reads.rebuilt++;
      h.rebuilt = built;
    })()
      .catch(() => {}) // the live index goes on answering; the next search may try again
      .finally(() => {
        h.rebuilding = null;
      });
  };

  /**
   * Puts a finished rebuild in place, between refreshes (they change the live index). Changes after
   * its version are read from the log by the search that follows; a rebuild of an event row that
   * was since recreated (another base) is dropped.
   */
  const adopt = (h: Holder) => {
    const built = h.rebuilt;
    h.rebuilt = null;
    if (built && built.base === h.base) Object.assign(h, built);
  };

  async function refresh(db: Executor, eventId: number, h: Holder, stamp: Stamp): Promise<void> {
    const started = now();
    const delta =
      h.index &&
      h.base === stamp.base &&
      h.version <= stamp.version &&
      started - h.refreshedAt <= FULL_READ_AFTER_MS
        ? await readChanges(db, eventId, h.version)
        : null;
    if (delta && h.index) {
      reads.changes++;
      h.index.apply(delta.rows, delta.removed);
      // A booth's or type's new name bumps the version without logging anyone: names are read each time.
      h.index.setNames(await readNames(db, eventId));
      h.version = stamp.version;
      h.refreshedAt = started;
    } else {
      reads.full++;
      h.rebuilt = null;
      Object.assign(h, await buildIndex(db, eventId, stamp, started));
    }
  }

  return {
    async get(db, eventId) {
      const stamp = await stampOf(db, eventId);
      const at = now();
      let h = holders.get(eventId);
      if (!h) {
        dropIdle(at);
        h = {
          index: null,
          base: '',
          version: 0,
          refreshedAt: 0,
          usedAt: at,
          running: null,
          rebuilding: null,
          rebuilt: null,
        };
        holders.set(eventId, h);
      }
      h.usedAt = at;
      for (;;) {
        if (h.running) {
          await h.running;
          continue;
        }
        adopt(h);
        if (current(h, stamp)) {
          // Confirmed current as of the version read now: the log since then is what a refresh reads.
          h.refreshedAt = Math.max(h.refreshedAt, at);
          const index = h.index as EventIndex;
          if (!h.rebuilding && index.slotCount > 2 * index.size + rebuildSlack) rebuild(db, eventId, h);
          return index;
        }
        const holder = h;
        holder.running = refresh(db, eventId, holder, stamp).finally(() => {
          holder.running = null;
        });
      }
    },
    reads: () => ({ ...reads }),
    async prune(db) {
      const result = await sql`
        DELETE FROM search_changes WHERE created_at < now() - ${SEARCH_LOG_KEEP}::interval`.execute(db);
      return Number(result.numAffectedRows ?? 0);
    },
  };
}
