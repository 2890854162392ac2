import { MEETING_SLOT_SESSION_TYPE, SESSION_TYPE_OFF_TIME } from '@foyer/contract';
import { type SqlBool, sql } from 'kysely';
import type { Executor } from '../../db/executor';
import { type ReadFor, type Viewer, visibleTo, visibleToKind } from './sessions.visibility';

/** Session types that are not sessions to browse: 1:1 meeting slots and off-times (E3.08). */
const NOT_LISTED = [MEETING_SLOT_SESSION_TYPE, SESSION_TYPE_OFF_TIME];

export interface SessionListFilters {
  eventId: number;
  /** Sessions starting in [from, to). */
  from?: Date;
  to?: Date;
  trackId?: number;
  q?: string;
  liveAt?: Date;
  after?: { sdt: Date; id: number };
  /** Restrict to these ids (detail, speaker pages) instead of top-level sessions. */
  ids?: number[];
  /** With `ids`: still only top-level sessions. */
  topLevel?: boolean;
  limit: number;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * One query for a page of sessions with everything a card needs: track, room, the viewer's own
 * status, speakers/moderators/translators and the bookable slots (E3.07, E3.09). No N+1.
 */
export function sessionRowsQuery(db: Executor, readFor: ReadFor, f: SessionListFilters) {
  const viewer = 'viewer' in readFor ? readFor.viewer : null;
  const visible = 'viewer' in readFor ? visibleTo(readFor.viewer) : visibleToKind(readFor.kind);
  let query = db
    .selectFrom('sessions as s')
    .leftJoin('tracks as t', 't.id', 's.track_id')
    .leftJoin('locations as l', 'l.id', 's.location_id')
    .leftJoin('session_attendees as me', (join) =>
      // No viewer: joins nothing (participant ids are positive).
      join.onRef('me.session_id', '=', 's.id').on('me.participant_id', '=', viewer?.participantId ?? 0),
    )
    .select([
      's.id',
      's.event_id',
      's.parent_id',
      's.name',
      's.type',
      's.description',
      's.sdt',
      's.edt',
      's.capacity as own_capacity',
      's.used_capacity',
      's.hidden',
      's.restricted',
      's.allowed_type_ids',
      's.external_link',
      's.offline_link',
      's.on_site',
      's.needs_approval',
      's.images',
      's.rehearsal_started_at',
      't.id as track_id',
      't.name as track_name',
      't.color as track_color',
      'l.id as location_id',
      'l.name as location_name',
      'l.capacity as location_capacity',
      'l.used_capacity as location_used_capacity',
      'me.status as my_status',
    ])
    .where('s.event_id', '=', f.eventId)
    .where('s.deleted', '=', false)
    .where('s.type', 'not in', NOT_LISTED)
    .where(visible);

  if (f.ids) query = query.where('s.id', 'in', f.ids);
  if (!f.ids || f.topLevel) query = query.where('s.parent_id', 'is', null);
  if (f.from) query = query.where('s.sdt', '>=', f.from);
  if (f.to) query = query.where('s.sdt', '<', f.to);
  if (f.trackId) query = query.where('s.track_id', '=', f.trackId);
  if (f.liveAt) query = query.where('s.sdt', '<=', f.liveAt).where('s.edt', '>', f.liveAt);
  if (f.q) {
    const pattern = `%${escapeLike(f.q)}%`;
    query = query.where((eb) =>
      eb.or([
        eb('s.name', 'ilike', pattern),
        eb('s.description', 'ilike', pattern),
        eb.exists(
          eb
            .selectFrom('session_people as qp')
            .innerJoin('participants as qpp', 'qpp.id', 'qp.participant_id')
            .select(sql`1`.as('one'))
            .whereRef('qp.session_id', '=', 's.id')
            .where(sql<SqlBool>`(qpp.name || ' ' || qpp.surname) ILIKE ${pattern}`),
        ),
      ]),
    );
  }
  if (f.after) query = query.where(sql<SqlBool>`(s.sdt, s.id) > (${f.after.sdt}, ${f.after.id})`);
  return query.orderBy('s.sdt').orderBy('s.id').limit(f.limit);
}

function findPeople(db: Executor, sessionIds: number[]) {
  return db
    .selectFrom('session_people as sp')
    .innerJoin('participants as p', 'p.id', 'sp.participant_id')
    .select([
      'sp.session_id',
      'sp.role',
      'p.id',
      'p.name',
      'p.surname',
      'p.company',
      'p.job_title',
      'p.profile_photo',
    ])
    .where('sp.session_id', 'in', sessionIds)
    .where('p.state', '!=', 'deleted')
    .orderBy('p.surname')
    .orderBy('p.id')
    .execute();
}

function findSlots(db: Executor, readFor: ReadFor, parentIds: number[]) {
  const viewer = 'viewer' in readFor ? readFor.viewer : null;
  const kind = 'viewer' in readFor ? readFor.viewer : readFor.kind;
  // Slots are offered only where a booking may take them (isVisibleTo): neither hidden nor restricted
  // away from the viewer's type (E6.02, E6.16), alike for every viewer of the kind (cached pages).
  const slotVisible = sql<SqlBool>`(NOT c.hidden AND (NOT c.restricted OR COALESCE(${kind.typeId}::int, -1) = ANY(c.allowed_type_ids)))`;
  return db
    .selectFrom('sessions as c')
    .leftJoin('locations as cl', 'cl.id', 'c.location_id')
    .leftJoin('session_attendees as cme', (join) =>
      join.onRef('cme.session_id', '=', 'c.id').on('cme.participant_id', '=', viewer?.participantId ?? 0),
    )
    .select([
      'c.parent_id',
      'c.id',
      'c.name',
      'c.sdt',
      'c.edt',
      'c.capacity as own_capacity',
      'c.used_capacity',
      'cl.id as location_id',
      'cl.name as location_name',
      'cl.capacity as location_capacity',
      'cl.used_capacity as location_used_capacity',
      'cme.status as my_status',
    ])
    .where('c.parent_id', 'in', parentIds)
    .where('c.deleted', '=', false)
    .$if(!kind.organizer, (qb) => qb.where(slotVisible))
    .orderBy('c.sdt')
    .orderBy('c.id')
    .execute();
}

type PageRow = Awaited<ReturnType<ReturnType<typeof sessionRowsQuery>['execute']>>[number];
type PersonRow = Awaited<ReturnType<typeof findPeople>>[number];
type SlotRow = Awaited<ReturnType<typeof findSlots>>[number];

export interface SessionRow extends PageRow {
  people: PersonRow[];
  children: SlotRow[];
}

/**
 * A page of sessions with everything a card needs: track, room and the viewer's own status in one
 * query, then speakers/moderators/translators and the bookable slots of the whole page in one query
 * each (E3.07, E3.09). Three queries whatever the page size: no N+1, and no JSON built in SQL.
 * `readFor` a kind of viewer instead of a viewer: rows every viewer of that kind may share.
 */
export async function findSessionRows(
  db: Executor,
  readFor: Viewer | ReadFor,
  f: SessionListFilters,
): Promise<SessionRow[]> {
  const who: ReadFor = 'viewer' in readFor || 'kind' in readFor ? readFor : { viewer: readFor };
  const rows = await sessionRowsQuery(db, who, f).execute();
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [people, slots] = await Promise.all([findPeople(db, ids), findSlots(db, who, ids)]);
  const group = <T>(items: T[], key: (item: T) => number | null) => {
    const map = new Map<number, T[]>();
    for (const item of items) {
      const k = key(item);
      if (k === null) continue;
      const list = map.get(k);
      if (list) list.push(item);
      else map.set(k, [item]);
    }
    return map;
  };
  const peopleBySession = group(people, (p) => p.session_id);
  const slotsByParent = group(slots, (c) => c.parent_id);
  return rows.map((row) => ({
    ...row,
    people: peopleBySession.get(row.id) ?? [],
    children: slotsByParent.get(row.id) ?? [],
  }));
}

/** A session of the event with its parent id, regardless of visibility (callers decide). */
/**
 * The session as a booking sees it; `hold` holds its row to the end of the transaction (FOR NO KEY
 * UPDATE: the caller may change its seats, and two holders FOR SHARE that both update deadlock), so
 * a cancellation in flight is waited for (and then the session is gone) and one that comes after
 * sees what this transaction wrote.
 */
export function findSessionForBooking(db: Executor, eventId: number, sessionId: number, lock?: 'hold') {
  const query = db
    .selectFrom('sessions as s')
    .leftJoin('locations as l', 'l.id', 's.location_id')
    .select([
      's.id',
      's.event_id',
      's.parent_id',
      's.name',
      's.type',
      's.sdt',
      's.edt',
      's.hidden',
      's.restricted',
      's.allowed_type_ids',
      's.on_site',
      's.needs_approval',
      's.external_link',
      's.capacity as own_capacity',
      's.used_capacity',
      'l.capacity as location_capacity',
    ])
    .select((eb) =>
      eb
        .selectFrom('sessions as c')
        .select((c) => c.fn.countAll<number>().as('n'))
        .whereRef('c.parent_id', '=', 's.id')
        .where('c.deleted', '=', false)
        .as('child_count'),
    )
    .where('s.id', '=', sessionId)
    .where('s.event_id', '=', eventId)
    .where('s.deleted', '=', false)
    .where('s.type', 'not in', NOT_LISTED);
  return (lock === 'hold' ? query.forNoKeyUpdate('s') : query).executeTakeFirst();
}

export type BookableSession = NonNullable<Awaited<ReturnType<typeof findSessionForBooking>>>;

/** Whether the viewer may see the session (and, for a slot, its parent session). */
export async function isVisibleTo(db: Executor, viewer: Viewer, sessionId: number): Promise<boolean> {
  const row = await db
    .selectFrom('sessions as s')
    .select('s.parent_id')
    .where('s.id', '=', sessionId)
    .where('s.deleted', '=', false)
    .where(visibleTo(viewer))
    .executeTakeFirst();
  if (!row) return false;
  return row.parent_id === null ? true : isVisibleTo(db, viewer, row.parent_id);
}

/** The viewer's roles in a session (speaker, moderator, translator). */
export async function findRoles(db: Executor, sessionId: number, participantId: number) {
  const rows = await db
    .selectFrom('session_people')
    .select('role')
    .where('session_id', '=', sessionId)
    .where('participant_id', '=', participantId)
    .execute();
  return rows.map((r) => r.role);
}

/** Joined and waiting counts of a session (detail page). */
export async function countAttendees(db: Executor, sessionId: number) {
  const rows = await db
    .selectFrom('session_attendees')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('session_id', '=', sessionId)
    .groupBy('status')
    .execute();
  const of = (status: string) => Number(rows.find((r) => r.status === status)?.n ?? 0);
  return { joined: of('joined'), waiting: of('waiting') };
}

/**
 * The distinct start instants of the listed sessions (the caller turns them into days of the event's
 * zone, as the list's day filter counts them), and the event's tracks.
 */
export async function findFacets(db: Executor, viewer: Viewer, eventId: number) {
  const starts = await db
    .selectFrom('sessions as s')
    .select('s.sdt')
    .distinct()
    .where('s.event_id', '=', eventId)
    .where('s.deleted', '=', false)
    .where('s.parent_id', 'is', null)
    .where('s.type', 'not in', NOT_LISTED)
    .where(visibleTo(viewer))
    .orderBy('s.sdt')
    .execute();
  const tracks = await db
    .selectFrom('tracks')
    .select(['id', 'name', 'color'])
    .where('event_id', '=', eventId)
    .orderBy('name')
    .orderBy('id')
    .execute();
  return { starts: starts.map((s) => s.sdt), tracks };
}

export function markRehearsalStarted(db: Executor, sessionId: number, at: Date) {
  return db
    .updateTable('sessions')
    .set({ rehearsal_started_at: at })
    .where('id', '=', sessionId)
    .where('rehearsal_started_at', 'is', null)
    .execute();
}

/** Whether the session belongs to the event (deleted ones too). */
export async function sessionInEvent(db: Executor, eventId: number, sessionId: number): Promise<boolean> {
  const row = await db
    .selectFrom('sessions')
    .select('id')
    .where('id', '=', sessionId)
    .where('event_id', '=', eventId)
    .executeTakeFirst();
  return row !== undefined;
}
