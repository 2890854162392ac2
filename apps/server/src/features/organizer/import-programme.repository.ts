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
 * The ids of rooms (`locations`) or tracks by lower-case name, creating the names not there yet (the
 * first spelling in the file wins). Existing duplicates resolve to the oldest.
 */
export async function ensureNamed(
  db: Executor,
  table: 'locations' | 'tracks',
  eventId: number,
  names: readonly string[],
): Promise<Map<string, number>> {
  const byName = new Map<string, number>();
  const wanted = new Map<string, string>();
  for (const name of names) {
    const key = name.toLowerCase();
    if (name !== '' && !wanted.has(key)) wanted.set(key, name);
  }
  if (wanted.size === 0) return byName;
  // FOR SHARE: a room or track deleted meanwhile waits for the import (and then finds its sessions).
  const rows = await db
    .selectFrom(table)
    .select(['id', 'name'])
    .where('event_id', '=', eventId)
    .orderBy('id')
    .forShare()
    .execute();
  for (const row of rows) {
    const key = row.name.toLowerCase();
    if (!byName.has(key)) byName.set(key, row.id);
  }
  const missing = [...wanted].filter(([key]) => !byName.has(key));
  if (missing.length > 0) {
    const created = await db
      .insertInto(table)
      .values(missing.map(([, name]) => ({ event_id: eventId, name })))
      .returning(['id', 'name'])
      .execute();
    for (const row of created) byName.set(row.name.toLowerCase(), row.id);
  }
  return byName;
}

/** The event's rooms by lower-case name with their capacity; of two alike, the oldest (as ensureNamed). */
export async function roomsByName(
  db: Executor,
  eventId: number,
): Promise<Map<string, { id: number; capacity: number | null }>> {
  const rows = await db
    .selectFrom('locations')
    .select(['id', 'name', 'capacity'])
    .where('event_id', '=', eventId)
    .orderBy('id')
    .execute();
  const byName = new Map<string, { id: number; capacity: number | null }>();
  for (const row of rows) {
    const key = row.name.toLowerCase();
    if (!byName.has(key)) byName.set(key, { id: row.id, capacity: row.capacity });
  }
  return byName;
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
