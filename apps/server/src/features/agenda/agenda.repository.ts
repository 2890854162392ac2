import { EVENT_FINISHED_AFTER_MS } from '@foyer/contract';
import { type SqlBool, sql, type Transaction } from 'kysely';
import type { Executor } from '../../db/executor';
import type { DB } from '../../db/schema';
import { openableByOwner, parentVisibleTo, type Viewer, visibleTo } from './sessions.visibility';

/** The caller's participant records whose agendas to show: one event, or the active ones (A9.47). */
export function findAgendaParticipants(
  db: Executor,
  userId: number,
  options: { eventId?: number; now: Date; limit: number },
) {
  let query = db
    .selectFrom('participants as p')
    .innerJoin('events as e', 'e.id', 'p.event_id')
    .select(['p.id as participant_id', 'p.user_id', 'e.id as event_id', 'e.name as event_name'])
    .where('p.user_id', '=', userId)
    .where('p.state', '!=', 'deleted');
  if (options.eventId !== undefined) {
    query = query.where('e.id', '=', options.eventId);
  } else {
    // A4.11: an event stays active until a day after its real end.
    const activeAfter = new Date(options.now.getTime() - EVENT_FINISHED_AFTER_MS);
    query = query.where('e.is_finished', '=', false).where('e.real_edt', '>=', activeAfter);
  }
  return query.orderBy('e.start_date').orderBy('e.id').limit(options.limit).execute();
}

export interface AgendaSessionRow {
  participant_id: number;
  status: 'joined' | 'waiting' | 'declined' | null;
  role: 'speaker' | 'moderator' | 'translator' | null;
  id: number;
  parent_id: number | null;
  name: string;
  description: string;
  sdt: Date | string;
  edt: Date | string;
  on_site: boolean;
  location: string | null;
  updated_at: Date | string;
  event_id: number;
}

/**
 * Sessions the participants are in (any status) or present/moderate/translate, not deleted, that
 * can be opened (E6.02, E6.16, a slot with its session: isVisibleTo): by each participant
 * themselves (their own agenda: a slot of a session hidden from them would answer 404), or with
 * `reader` (someone else reading the agenda, E6.10) by the reader.
 */
export async function findAgendaSessions(
  db: Executor,
  participantIds: number[],
  reader?: Viewer,
): Promise<AgendaSessionRow[]> {
  if (participantIds.length === 0) return [];
  const ids = sql.join(participantIds);
  const visible = reader
    ? sql<SqlBool>`${visibleTo(reader)} AND ${parentVisibleTo(reader)}`
    : openableByOwner('o');
  const { rows } = await sql<AgendaSessionRow>`
    SELECT sa.participant_id, sa.status, NULL AS role, s.id, s.parent_id, s.name, s.description, s.sdt, s.edt,
           s.on_site, l.name AS location, s.updated_at, s.event_id
      FROM session_attendees sa
      JOIN sessions s ON s.id = sa.session_id
      JOIN participants o ON o.id = sa.participant_id
      LEFT JOIN locations l ON l.id = s.location_id
     WHERE sa.participant_id IN (${ids}) AND NOT s.deleted AND ${visible}
    UNION ALL
    SELECT sp.participant_id, NULL, sp.role, s.id, s.parent_id, s.name, s.description, s.sdt, s.edt,
           s.on_site, l.name, s.updated_at, s.event_id
      FROM session_people sp
      JOIN sessions s ON s.id = sp.session_id
      JOIN participants o ON o.id = sp.participant_id
      LEFT JOIN locations l ON l.id = s.location_id
     WHERE sp.participant_id IN (${ids}) AND NOT s.deleted AND ${visible}
     ORDER BY sdt, id`.execute(db);
  return rows;
}

export function findOffTimes(db: Executor, participantIds: number[]) {
  if (participantIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('participant_off')
    .selectAll()
    .where('participant_id', 'in', participantIds)
    .orderBy('sdt')
    .orderBy('id')
    .execute();
}

export function insertOffTime(
  trx: Transaction<DB>,
  row: { participantId: number; sdt: Date; edt: Date; createdBy: number | null; now: Date },
) {
  return trx
    .insertInto('participant_off')
    .values({
      participant_id: row.participantId,
      sdt: row.sdt,
      edt: row.edt,
      created_by: row.createdBy,
      created_at: row.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function deleteOffTime(trx: Transaction<DB>, participantId: number, id: number, sdt: Date) {
  return trx
    .deleteFrom('participant_off')
    .where('id', '=', id)
    .where('participant_id', '=', participantId)
    .where('sdt', '=', sdt)
    .returning('id')
    .executeTakeFirst();
}
