import { sql } from 'kysely';
import type { Executor } from '../../db/executor';
import { EventIndex, type EventNames, type IndexRow } from './search.index';

/**
 * This process's search indexes, one per event searched (decision 021). Before each search the
 * event's search version is read (one primary-key read, shared by the searches that arrive while it
 * runs: an answer is as of at most one round trip before the request came in): the same version
 * means the index is current; a newer one brings in the people the change log (migration 0032)
 * names; anything else (a recreated event row, a change too big to list, an index not refreshed
 * for half an hour, beyond the log's hour) reads the whole event again. One refresh per event runs
 * at a time; searches arriving meanwhile wait for it.
 */
export interface SearchIndexes {
  /** The event's index as of a version at least as new as the one read now. */
  get(db: Executor, eventId: number): Promise<EventIndex>;
  /** Deletes change-log rows older than an hour (a periodic job). */
  prune(db: Executor): Promise<number>;
  /** How many times an index read its whole event, and how many times only the logged changes. */
  reads(): { full: number; changes: number };
}

/** Past this age an index reads the whole event again: the log keeps an hour (SEARCH_LOG_KEEP). */
const FULL_READ_AFTER_MS = 30 * 60_000;
const SEARCH_LOG_KEEP = '1 hour';
/** An event nobody searched for this long leaves memory. */
const IDLE_DROP_MS = 30 * 60_000;
/** Changes listed in the log are read in chunks of this many ids. */
const CHUNK = 1000;

interface Stamp {
  base: string;
  version: number;
}

interface Holder {
  index: EventIndex | null;
  base: string;
  version: number;
  refreshedAt: number;
  usedAt: number;
  running: Promise<void> | null;
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

export function createSearchIndexes(now: () => number = Date.now): SearchIndexes {
  const holders = new Map<number, Holder>();
  const reads = { full: 0, changes: 0 };
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
      if (!h.running && at - h.usedAt > IDLE_DROP_MS) holders.delete(eventId);
  };

  const current = (h: Holder, stamp: Stamp, at: number) =>
    h.index !== null &&
    h.base === stamp.base &&
    h.version >= stamp.version &&
    at - h.refreshedAt <= FULL_READ_AFTER_MS;

  async function refresh(db: Executor, eventId: number, h: Holder, stamp: Stamp): Promise<void> {
    const started = now();
    const delta =
      h.index &&
      h.base === stamp.base &&
      h.version <= stamp.version &&
      started - h.refreshedAt <= FULL_READ_AFTER_MS
        ? await readChanges(db, eventId, h.version)
        : null;
    // A booth's or type's new name bumps the version without logging anyone: names are read each time.
    const names = await readNames(db, eventId);
    if (delta && h.index) {
      reads.changes++;
      h.index.apply(delta.rows, delta.removed);
    } else {
      reads.full++;
      const index = new EventIndex();
      index.apply(await readEvent(db, eventId), []);
      h.index = index;
    }
    h.index.setNames(names);
    h.base = stamp.base;
    h.version = stamp.version;
    h.refreshedAt = started;
  }

  return {
    async get(db, eventId) {
      const stamp = await stampOf(db, eventId);
      const at = now();
      let h = holders.get(eventId);
      if (!h) {
        dropIdle(at);
        h = { index: null, base: '', version: 0, refreshedAt: 0, usedAt: at, running: null };
        holders.set(eventId, h);
      }
      h.usedAt = at;
      for (;;) {
        if (h.running) {
          await h.running;
          continue;
        }
        if (current(h, stamp, now())) return h.index as EventIndex;
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
