import { sql } from 'kysely';
import { type Executor, firstRow } from '../../db/executor';

const tables = (db: Executor) =>
  db
    .selectFrom('meetings')
    .select(['id', 'event_id', 'video_room', 'sdt', 'edt', 'status', 'capacity'])
    .where('kind', '=', 'table')
    .where('booth_id', 'is not', null);

/** A booth's popup meeting table of the event by its video room (E2.56), or undefined. */
export function findTable(db: Executor, eventId: number, roomId: string) {
  return firstRow(tables(db).where('video_room', '=', roomId).where('event_id', '=', eventId));
}

/** The event of a booth's popup table by its video room (the realtime room's policy). */
export async function tableEventOf(db: Executor, roomId: string): Promise<number | null> {
  const row = await db
    .selectFrom('meetings')
    .select('event_id')
    .where('video_room', '=', roomId)
    .where('kind', '=', 'table')
    .where('booth_id', 'is not', null)
    .executeTakeFirst();
  return row?.event_id ?? null;
}

/**
 * The table's row as it is now, held until the transaction ends: two joins never take its last seat
 * both, and a seat is decided on the table's status and seats as they are, not as read before.
 */
export function lockTable(db: Executor, meetingId: number) {
  return firstRow(tables(db).where('id', '=', meetingId), 'lock');
}

/** Forgets the people whose last heartbeat is `since` or older (their window ran out). */
export async function dropExpired(db: Executor, meetingId: number, since: Date): Promise<void> {
  await db
    .deleteFrom('table_presence')
    .where('meeting_id', '=', meetingId)
    .where('last_seen_at', '<=', since)
    .execute();
}

/** Who is at the table (heartbeat after `since`), newest heartbeat first. */
export function presentAt(db: Executor, meetingIds: readonly number[], since: Date) {
  if (meetingIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('table_presence')
    .select(['meeting_id', 'participant_id', 'last_seen_at'])
    .where('meeting_id', 'in', meetingIds)
    .where('last_seen_at', '>', since)
    .orderBy('last_seen_at', 'desc')
    .orderBy('participant_id')
    .execute();
}

/** Records the person's heartbeat at the table. */
export async function markPresent(db: Executor, meetingId: number, participantId: number, at: Date) {
  await db
    .insertInto('table_presence')
    .values({ meeting_id: meetingId, participant_id: participantId, last_seen_at: at })
    .onConflict((oc) =>
      oc.columns(['meeting_id', 'participant_id']).doUpdateSet({ last_seen_at: sql`excluded.last_seen_at` }),
    )
    .execute();
}

/** The person leaves the table; true when they were there. */
export async function markGone(db: Executor, meetingId: number, participantId: number): Promise<boolean> {
  const result = await db
    .deleteFrom('table_presence')
    .where('meeting_id', '=', meetingId)
    .where('participant_id', '=', participantId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
