import { sql } from 'kysely';
import type { Executor } from '../../db/executor';

/** The event's sessions that carry an import key (deleted ones too: a key stays taken). */
/**
 * The event's sessions that came from a file, by external id. With `'lock'` (the import's write)
 * they are held FOR UPDATE in id order: a console edit or a join made meanwhile is either read here
 * or waits for the import, never overwritten with what was there before it.
 */
export function sessionsByExternalId(db: Executor, eventId: number, lock?: 'lock') {
  const query = db
    .selectFrom('sessions')
    .select([
      'id',
      'external_id',
      'name',
      'type',
      'description',
      'sdt',
      'edt',
      'location_id',
      'track_id',
      'capacity',
      'used_capacity',
      'external_link',
      'deleted',
    ])
    .where('event_id', '=', eventId)
    .where('external_id', 'is not', null)
    .orderBy('id');
  return (lock ? query.forUpdate() : query).execute();
}
export type KeyedSessionRow = Awaited<ReturnType<typeof sessionsByExternalId>>[number];

/**
 * The keys the database compares these names by (`programme_name_key`, migration 0038: no case,
 * white space runs as one space, none around), so a file matches rooms and tracks exactly as their
 * unique indexes do.
 */
async function nameKeys(db: Executor, names: readonly string[]): Promise<Map<string, string>> {
  const given = [...new Set(names)].filter((name) => name !== '');
  if (given.length === 0) return new Map();
  const { rows } = await sql<{ name: string; key: string }>`
    SELECT n AS name, programme_name_key(n) AS key FROM unnest(${given}::text[]) AS n`.execute(db);
  return new Map(rows.map((r) => [r.name, r.key]));
}

/**
 * The ids of rooms (`locations`) or tracks by the names as the file gives them, creating those the
 * event has none of yet (the first spelling in the file wins). "hall  a" finds the room "Hall A".
 */
export async function ensureNamed(
  db: Executor,
  table: 'locations' | 'tracks',
  eventId: number,
  names: readonly string[],
): Promise<Map<string, number>> {
  const keys = await nameKeys(db, names);
  const byName = new Map<string, number>();
  if (keys.size === 0) return byName;
  // FOR SHARE: a room or track deleted meanwhile waits for the import (and then finds its sessions).
  const rows = await db
    .selectFrom(table)
    .select(['id', sql<string>`programme_name_key(name)`.as('key')])
    .where('event_id', '=', eventId)
    .orderBy('id')
    .forShare()
    .execute();
  const byKey = new Map<string, number>();
  for (const row of rows) if (!byKey.has(row.key)) byKey.set(row.key, row.id);
  const missing = new Map<string, string>();
  for (const [name, key] of keys) if (!byKey.has(key) && !missing.has(key)) missing.set(key, name);
  if (missing.size > 0) {
    const created = await db
      .insertInto(table)
      .values([...missing.values()].map((name) => ({ event_id: eventId, name })))
      .returning(['id', sql<string>`programme_name_key(name)`.as('key')])
      .execute();
    for (const row of created) byKey.set(row.key, row.id);
  }
  for (const [name, key] of keys) {
    const id = byKey.get(key);
    if (id !== undefined) byName.set(name, id);
  }
  return byName;
}

/** The event's rooms that these names (as a file gives them) find, by name, with their capacity. */
export async function roomsByName(
  db: Executor,
  eventId: number,
  names: readonly string[],
): Promise<Map<string, { id: number; capacity: number | null }>> {
  const keys = await nameKeys(db, names);
  if (keys.size === 0) return new Map();
  const rows = await db
    .selectFrom('locations')
    .select(['id', 'capacity', sql<string>`programme_name_key(name)`.as('key')])
    .where('event_id', '=', eventId)
    .where(sql<boolean>`programme_name_key(name) = any(${[...new Set(keys.values())]}::text[])`)
    .orderBy('id')
    .execute();
  const byKey = new Map<string, { id: number; capacity: number | null }>();
  for (const row of rows) if (!byKey.has(row.key)) byKey.set(row.key, { id: row.id, capacity: row.capacity });
  const byName = new Map<string, { id: number; capacity: number | null }>();
  for (const [name, key] of keys) {
    const room = byKey.get(key);
    if (room) byName.set(name, room);
  }
  return byName;
}

/** The event's rooms' capacities by id. */
export async function roomCapacities(db: Executor, eventId: number): Promise<Map<number, number | null>> {
  const rows = await db
    .selectFrom('locations')
    .select(['id', 'capacity'])
    .where('event_id', '=', eventId)
    .execute();
  return new Map(rows.map((r) => [r.id, r.capacity]));
}

/** The event's live participants among these e-mails (lower-case), by e-mail. */
export async function participantIdsByEmail(
  db: Executor,
  eventId: number,
  emails: readonly string[],
): Promise<Map<string, number>> {
  if (emails.length === 0) return new Map();
  const rows = await db
    .selectFrom('participants')
    .select(['id', 'email'])
    .where('event_id', '=', eventId)
    .where(sql<boolean>`email = any(${[...emails]}::text[])`)
    .where('state', '<>', 'deleted')
    .execute();
  return new Map(rows.map((r) => [r.email, r.id]));
}

/** Adds speaker links that are not there yet; answers the participants that gained one. */
export async function linkSessionPeople(
  db: Executor,
  links: readonly { sessionId: number; participantId: number; role: string }[],
): Promise<Set<number>> {
  if (links.length === 0) return new Set();
  const result = await sql<{ participant_id: number }>`
    INSERT INTO session_people (session_id, participant_id, role)
    SELECT * FROM unnest(${links.map((l) => l.sessionId)}::integer[],
                         ${links.map((l) => l.participantId)}::integer[],
                         ${links.map((l) => l.role)}::text[])
    ON CONFLICT DO NOTHING
    RETURNING participant_id`.execute(db);
  return new Set(result.rows.map((r) => r.participant_id));
}
