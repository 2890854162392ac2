import { CHECK_IN_LOOKUP_LENGTH } from '@foyer/contract';
import { sql } from 'kysely';
import type { Executor } from '../../db/executor';

/** `text` as a LIKE prefix: its own % _ and \ match literally. */
export function likePrefix(text: string): string {
  return `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export interface LookupRow {
  id: number;
  ticket_id: string | null;
  name: string;
  surname: string;
  email: string;
  company: string;
  job_title: string;
  profile_photo: string | null;
  type_name: string | null;
  checked_in: boolean | null;
  checked_in_at: Date | null;
}

/**
 * The desk lookup: people of the event whose first name (or "first last"), surname, e-mail or
 * ticket id starts with `q`, at most CHECK_IN_LOOKUP_LENGTH, with their whole-event status. Each
 * field is one range of its own index (0021), stopped after a page, so 50,000 attendees cost
 * what 50 do.
 */
export async function lookupRows(db: Executor, eventId: number, q: string): Promise<LookupRow[]> {
  const { rows } = await lookupQuery(eventId, q).execute(db);
  return rows;
}

/** The lookup's statement (its plan is tested at 50,000 attendees). */
export function lookupQuery(eventId: number, q: string) {
  const lower = likePrefix(q.toLowerCase());
  const upper = likePrefix(q.toUpperCase());
  const exact = likePrefix(q);
  const page = CHECK_IN_LOOKUP_LENGTH + 1;
  return sql<LookupRow>`
    WITH hits AS (
      (SELECT id FROM participants
        WHERE event_id = ${eventId} AND sort_name LIKE ${lower} AND state <> 'deleted' LIMIT ${page})
      UNION
      (SELECT id FROM participants
        WHERE event_id = ${eventId} AND lower(surname) LIKE ${lower} AND state <> 'deleted' LIMIT ${page})
      UNION
      (SELECT id FROM participants
        WHERE event_id = ${eventId} AND lower(email) LIKE ${lower} AND state <> 'deleted' LIMIT ${page})
      UNION
      (SELECT id FROM participants
        WHERE event_id = ${eventId} AND ticket_id LIKE ${upper} AND state <> 'deleted' LIMIT ${page})
      UNION
      (SELECT id FROM participants
        WHERE event_id = ${eventId} AND ticket_id LIKE ${exact} AND state <> 'deleted' LIMIT ${page})
    )
    SELECT p.id, p.ticket_id, p.name, p.surname, p.email, p.company, p.job_title, p.profile_photo,
           t.name AS type_name, c.checked_in, c.checked_in_at
      FROM hits
      JOIN participants p ON p.id = hits.id
      LEFT JOIN participant_types t ON t.id = p.type_id
      LEFT JOIN checkin_areas a ON a.event_id = ${eventId} AND a.entity_type = 'event' AND a.entity_id = 0
      LEFT JOIN checkins c ON c.area_id = a.id AND c.participant_id = p.id
     ORDER BY p.sort_name, p.id
     LIMIT ${CHECK_IN_LOOKUP_LENGTH}`;
}

export interface SnapshotRow {
  id: number;
  ticket_id: string;
  name: string;
  surname: string;
  company: string;
  job_title: string;
  type_id: number | null;
  profile_photo: string | null;
  inside: string[];
}

/** One page of the event's tickets for the offline door, by participant id, with the areas each is in. */
export async function snapshotRows(
  db: Executor,
  eventId: number,
  after: number,
  limit: number,
): Promise<SnapshotRow[]> {
  const { rows } = await sql<SnapshotRow>`
    SELECT p.id, p.ticket_id, p.name, p.surname, p.company, p.job_title, p.type_id, p.profile_photo,
           COALESCE((SELECT array_agg(a.entity_type || ':' || a.entity_id ORDER BY a.id)
                       FROM checkins c JOIN checkin_areas a ON a.id = c.area_id
                      WHERE c.participant_id = p.id AND c.checked_in), '{}'::text[]) AS inside
      FROM participants p
     WHERE p.event_id = ${eventId} AND p.id > ${after} AND p.ticket_id IS NOT NULL AND p.state <> 'deleted'
     ORDER BY p.id
     LIMIT ${limit}`.execute(db);
  return rows;
}

export function eventTypes(db: Executor, eventId: number) {
  return db
    .selectFrom('participant_types')
    .select(['id', 'name'])
    .where('event_id', '=', eventId)
    .orderBy('id')
    .execute();
}

/** Whether the user is check-in staff or an organizer of the event (the live room's policy). */
export async function isStaffOf(db: Executor, userId: number, eventId: number): Promise<boolean> {
  const row = await db
    .selectFrom('participants')
    .select('id')
    .where('event_id', '=', eventId)
    .where('user_id', '=', userId)
    .where('state', '!=', 'deleted')
    .where((eb) => eb.or([eb('check_in_admin', '=', true), eb('organizer', '=', true)]))
    .executeTakeFirst();
  return row !== undefined;
}
