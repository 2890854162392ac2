import { MEETING_SLOT_SESSION_TYPE } from '@foyer/contract';
import { sql } from 'kysely';
import type { Executor } from '../../db/executor';

/**
 * The dashboard's figures (issue 12, part 7). Every query aggregates in the database and answers
 * counts, never participant rows, so it stays cheap on an event of 50,000 attendees. Days and hours
 * are local to the event's time zone (`AT TIME ZONE`), passed in by the service.
 */

/** Local midnight of `now` in `zone`, as an instant (the start of "today" at the event). */
const startOfToday = (now: Date, zone: string) =>
  sql`(date_trunc('day', ${now.toISOString()}::timestamptz AT TIME ZONE ${zone}) AT TIME ZONE ${zone})`;

export interface ParticipantCounts {
  total: number;
  active: number;
  invited: number;
  activeToday: number;
}

export async function participantCounts(
  db: Executor,
  eventId: number,
  zone: string,
  now: Date,
): Promise<ParticipantCounts> {
  const { rows } = await sql<ParticipantCounts>`
    SELECT count(*) FILTER (WHERE state <> 'deleted')::int AS total,
           count(*) FILTER (WHERE state = 'active')::int AS active,
           count(*) FILTER (WHERE state = 'invited')::int AS invited,
           count(*) FILTER (WHERE state <> 'deleted'
                             AND last_presence_confirm_at >= ${startOfToday(now, zone)})::int AS "activeToday"
      FROM participants
     WHERE event_id = ${eventId}`.execute(db);
  return rows[0] ?? { total: 0, active: 0, invited: 0, activeToday: 0 };
}

export async function participantsByType(
  db: Executor,
  eventId: number,
): Promise<{ typeId: number | null; name: string; count: number }[]> {
  const { rows } = await sql<{ typeId: number | null; name: string; count: number }>`
    SELECT p.type_id AS "typeId", COALESCE(t.name, '') AS name, count(*)::int AS count
      FROM participants p
      LEFT JOIN participant_types t ON t.id = p.type_id
     WHERE p.event_id = ${eventId} AND p.state <> 'deleted'
     GROUP BY p.type_id, t.name, t.priority
     ORDER BY t.priority NULLS LAST, p.type_id NULLS LAST`.execute(db);
  return rows;
}

export async function registrationsByDay(
  db: Executor,
  eventId: number,
  zone: string,
): Promise<{ day: string; count: number }[]> {
  const { rows } = await sql<{ day: string; count: number }>`
    SELECT to_char(d, 'YYYY-MM-DD') AS day, count::int AS count
      FROM (SELECT date_trunc('day', created_at AT TIME ZONE ${zone}) AS d, count(*) AS count
              FROM participants
             WHERE event_id = ${eventId} AND state <> 'deleted'
             GROUP BY 1) per_day
     ORDER BY d`.execute(db);
  return rows;
}

/** requested: meeting requests ever sent; accepted: one-to-one meetings not cancelled; held: those over. */
export async function meetingCounts(
  db: Executor,
  eventId: number,
  now: Date,
): Promise<{ requested: number; accepted: number; held: number }> {
  const { rows } = await sql<{ requested: number; accepted: number; held: number }>`
    SELECT (SELECT count(*)::int FROM invitations WHERE event_id = ${eventId} AND type = 'join') AS requested,
           count(*)::int AS accepted,
           count(*) FILTER (WHERE edt < ${now.toISOString()}::timestamptz)::int AS held
      FROM meetings
     WHERE event_id = ${eventId} AND kind = 'meeting' AND status <> 'cancelled'`.execute(db);
  return rows[0] ?? { requested: 0, accepted: 0, held: 0 };
}

export interface SessionFill {
  id: number;
  name: string;
  sdt: Date;
  capacity: number | null;
  joined: number;
}

/** Every session of the programme (not meeting slots) with its joined places. */
export async function sessionFill(db: Executor, eventId: number): Promise<SessionFill[]> {
  const { rows } = await sql<SessionFill>`
    SELECT s.id, s.name, s.sdt, s.capacity,
           count(a.participant_id) FILTER (WHERE a.status = 'joined')::int AS joined
      FROM sessions s
      LEFT JOIN session_attendees a ON a.session_id = s.id
     WHERE s.event_id = ${eventId} AND NOT s.deleted AND s.type <> ${MEETING_SLOT_SESSION_TYPE}
     GROUP BY s.id
     ORDER BY s.sdt, s.id`.execute(db);
  return rows;
}

export interface CheckinArea {
  id: number;
  kind: 'event' | 'location' | 'session';
  name: string;
  inside: number;
  total: number;
}

export async function checkinAreas(db: Executor, eventId: number): Promise<CheckinArea[]> {
  const { rows } = await sql<CheckinArea>`
    SELECT a.id, a.entity_type AS kind,
           COALESCE(CASE a.entity_type WHEN 'location' THEN l.name WHEN 'session' THEN s.name END, '') AS name,
           count(c.participant_id) FILTER (WHERE c.checked_in)::int AS inside,
           count(c.participant_id) FILTER (WHERE c.checked_in_at IS NOT NULL)::int AS total
      FROM checkin_areas a
      LEFT JOIN locations l ON a.entity_type = 'location' AND l.id = a.entity_id
      LEFT JOIN sessions s ON a.entity_type = 'session' AND s.id = a.entity_id
      LEFT JOIN checkins c ON c.area_id = a.id
     WHERE a.event_id = ${eventId}
     GROUP BY a.id, l.name, s.name
     ORDER BY a.id`.execute(db);
  return rows;
}

/** Distinct people inside some area now, and ever checked in. */
export async function checkinPeople(
  db: Executor,
  eventId: number,
): Promise<{ inside: number; total: number }> {
  const { rows } = await sql<{ inside: number; total: number }>`
    SELECT count(DISTINCT c.participant_id) FILTER (WHERE c.checked_in)::int AS inside,
           count(DISTINCT c.participant_id) FILTER (WHERE c.checked_in_at IS NOT NULL)::int AS total
      FROM checkins c
      JOIN checkin_areas a ON a.id = c.area_id
     WHERE a.event_id = ${eventId}`.execute(db);
  return rows[0] ?? { inside: 0, total: 0 };
}

/** Check-ins per local hour and area (each person's latest check-in into each area). */
export async function checkinsByHour(
  db: Executor,
  eventId: number,
  zone: string,
): Promise<{ hour: string; areaId: number; count: number }[]> {
  const { rows } = await sql<{ hour: string; areaId: number; count: number }>`
    SELECT to_char(h, 'YYYY-MM-DD HH24:00') AS hour, area_id AS "areaId", count::int AS count
      FROM (SELECT date_trunc('hour', c.checked_in_at AT TIME ZONE ${zone}) AS h, c.area_id, count(*) AS count
              FROM checkins c
              JOIN checkin_areas a ON a.id = c.area_id
             WHERE a.event_id = ${eventId} AND c.checked_in_at IS NOT NULL
             GROUP BY 1, 2) per_hour
     ORDER BY h, area_id`.execute(db);
  return rows;
}

/** Per booth: contacts its team collected at this event, and meetings (not cancelled) held at it. */
export async function boothVisits(
  db: Executor,
  eventId: number,
): Promise<{ boothId: number; name: string; contacts: number; meetings: number }[]> {
  const { rows } = await sql<{ boothId: number; name: string; contacts: number; meetings: number }>`
    SELECT b.id AS "boothId", b.name,
           (SELECT count(DISTINCT c.id)::int
              FROM participants p
              JOIN contacts c ON c.owner_id = p.user_id
             WHERE p.event_id = ${eventId} AND p.booth_id = b.id AND p.state <> 'deleted'
               AND p.booth_role IN ('owner', 'admin', 'user')
               AND ${eventId} = ANY (c.event_ids)) AS contacts,
           (SELECT count(*)::int FROM meetings m
             WHERE m.event_id = ${eventId} AND m.booth_id = b.id AND m.status <> 'cancelled') AS meetings
      FROM booths b
     WHERE b.event_id = ${eventId}
     ORDER BY 3 DESC, 4 DESC, b.name, b.id`.execute(db);
  return rows;
}

export interface PollCount {
  id: number;
  question: string;
  status: 'published' | 'closed';
  votes: number;
}

/** Published and closed polls with their ballots, and the distinct voters across them. */
export async function pollCounts(
  db: Executor,
  eventId: number,
): Promise<{ byPoll: PollCount[]; voters: number }> {
  const [byPoll, voters] = await Promise.all([
    sql<PollCount>`
      SELECT p.id, p.question, p.status, count(b.participant_id)::int AS votes
        FROM polls p
        LEFT JOIN poll_ballots b ON b.poll_id = p.id
       WHERE p.event_id = ${eventId} AND p.status <> 'draft'
       GROUP BY p.id
       ORDER BY p.id`.execute(db),
    sql<{ voters: number }>`
      SELECT count(DISTINCT b.participant_id)::int AS voters
        FROM poll_ballots b
        JOIN polls p ON p.id = b.poll_id
       WHERE p.event_id = ${eventId} AND p.status <> 'draft'`.execute(db),
  ]);
  return { byPoll: byPoll.rows, voters: voters.rows[0]?.voters ?? 0 };
}
