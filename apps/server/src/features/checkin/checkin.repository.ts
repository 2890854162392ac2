import {
  CHECK_IN_LIST_LENGTH,
  type CheckInArea,
  type CheckInEntityType,
  type CheckInPerson,
  checkInAreaId,
  DEFAULT_EVENT_AREA_NAME,
} from '@foyer/contract';
import { sql } from 'kysely';
import type { Executor } from '../../db/executor';
import { ticketCandidates } from '../registration/ticket';

/** The columns a scan shows of a person (the result card, the inside-now list, the badge). */
const personColumns = [
  'p.id',
  'p.ticket_id',
  'p.name',
  'p.surname',
  'p.company',
  'p.job_title',
  'p.city',
  'p.type_id',
  'p.profile_photo',
  't.name as type_name',
] as const;

/**
 * The person a ticket or participant id names in the event (a deleted one counts as none). A ticket
 * id is matched as typed, else in upper case (printed tickets are upper case, people type either).
 */
export async function findPerson(
  db: Executor,
  eventId: number,
  by: { ticketId?: string | undefined; participantId?: number | undefined },
) {
  let query = db
    .selectFrom('participants as p')
    .leftJoin('participant_types as t', 't.id', 'p.type_id')
    .select(personColumns)
    .where('p.event_id', '=', eventId)
    .where('p.state', '!=', 'deleted');
  if (by.participantId !== undefined) query = query.where('p.id', '=', by.participantId);
  if (by.ticketId !== undefined) {
    const exact = by.ticketId.trim();
    query = query
      .where('p.ticket_id', 'in', ticketCandidates(exact))
      .orderBy(sql`p.ticket_id = ${exact}`, 'desc');
  }
  return query.limit(1).executeTakeFirst();
}

export type PersonRow = NonNullable<Awaited<ReturnType<typeof findPerson>>>;

export function presentPerson(
  row: Pick<
    PersonRow,
    'id' | 'ticket_id' | 'name' | 'surname' | 'company' | 'job_title' | 'type_name' | 'profile_photo'
  >,
): CheckInPerson {
  return {
    participantId: row.id,
    ticketId: row.ticket_id,
    fullName: `${row.name} ${row.surname}`.trim(),
    company: row.company,
    jobTitle: row.job_title,
    participantType: row.type_name,
    photo: row.profile_photo,
  };
}

/** The organizer's set-up of an area (issue 12, 0017): a name, a capacity and the types let in. */
export function areaSetup(db: Executor, eventId: number, entityType: CheckInEntityType, entityId: number) {
  return db
    .selectFrom('checkin_areas')
    .select(['name', 'capacity', 'allowed_type_ids'])
    .where('event_id', '=', eventId)
    .where('entity_type', '=', entityType)
    .where('entity_id', '=', entityId)
    .where('configured', '=', true)
    .executeTakeFirst();
}

/**
 * What an area is: its name, capacity and who may enter (E5.54), or undefined if it is not the
 * event's. The organizer's set-up overrides the room's or session's own rules; the whole event
 * admits everyone and is never full (E5.54, E5.57).
 */
export async function describeArea(
  db: Executor,
  eventId: number,
  entityType: CheckInEntityType,
  entityId: number | undefined,
): Promise<OwnArea | undefined> {
  const own = await ownArea(db, eventId, entityType, entityId);
  if (!own) return undefined;
  const setup = await areaSetup(db, eventId, entityType, own.entityId ?? 0);
  if (!setup) return own;
  return {
    ...own,
    name: setup.name ?? own.name,
    capacity: entityType === 'event' ? null : (setup.capacity ?? own.capacity),
    allowedPart:
      entityType === 'event' || setup.allowed_type_ids.length === 0
        ? own.allowedPart
        : setup.allowed_type_ids,
  };
}

/** The area as its room or session defines it. */
async function ownArea(
  db: Executor,
  eventId: number,
  entityType: CheckInEntityType,
  entityId: number | undefined,
): Promise<OwnArea | undefined> {
  if (entityType === 'event') {
    return area(eventId, entityType, null, {
      name: DEFAULT_EVENT_AREA_NAME,
      capacity: null,
      allowedPart: [],
    });
  }
  if (entityType === 'location') {
    const row = await db
      .selectFrom('locations')
      .select(['id', 'name', 'capacity'])
      .where('id', '=', entityId ?? -1)
      .where('event_id', '=', eventId)
      .executeTakeFirst();
    return (
      row && area(eventId, entityType, row.id, { name: row.name, capacity: row.capacity, allowedPart: [] })
    );
  }
  const row = await db
    .selectFrom('sessions as s')
    .leftJoin('locations as l', 'l.id', 's.location_id')
    .select([
      's.id',
      's.name',
      's.capacity',
      'l.capacity as room_capacity',
      's.restricted',
      's.allowed_type_ids',
    ])
    .where('s.id', '=', entityId ?? -1)
    .where('s.event_id', '=', eventId)
    .where('s.deleted', '=', false)
    .executeTakeFirst();
  return (
    row &&
    area(eventId, entityType, row.id, {
      name: row.name,
      capacity: row.capacity ?? row.room_capacity,
      allowedPart: row.restricted ? row.allowed_type_ids : [],
    })
  );
}

type OwnArea = Omit<CheckInArea, 'capacityUsed'>;

/** An area of the event: its id (allEvent, location:12, session:34) and what defines it. */
function area(
  eventId: number,
  entityType: CheckInEntityType,
  entityId: number | null,
  own: Pick<OwnArea, 'name' | 'capacity' | 'allowedPart'>,
): OwnArea {
  return { id: checkInAreaId(entityType, entityId), eventId, entityType, entityId, ...own };
}

/** The occupancy row of an area, created on first use. */
export async function ensureAreaRow(
  db: Executor,
  eventId: number,
  entityType: CheckInEntityType,
  entityId: number,
): Promise<{ id: number; capacity_used: number }> {
  await db
    .insertInto('checkin_areas')
    .values({ event_id: eventId, entity_type: entityType, entity_id: entityId })
    .onConflict((oc) => oc.columns(['event_id', 'entity_type', 'entity_id']).doNothing())
    .execute();
  return db
    .selectFrom('checkin_areas')
    .select(['id', 'capacity_used'])
    .where('event_id', '=', eventId)
    .where('entity_type', '=', entityType)
    .where('entity_id', '=', entityId)
    .executeTakeFirstOrThrow();
}

export async function isBadgePrinted(db: Executor, participantId: number): Promise<Date | null> {
  const row = await db
    .selectFrom('badge_prints')
    .select('printed_at')
    .where('participant_id', '=', participantId)
    .executeTakeFirst();
  return row?.printed_at ?? null;
}

/** How many are inside the area now. */
export async function areaUse(db: Executor, areaId: number): Promise<number> {
  const row = await db
    .selectFrom('checkin_areas')
    .select('capacity_used')
    .where('id', '=', areaId)
    .executeTakeFirst();
  return row?.capacity_used ?? 0;
}

/** The event, its locations and its top-level sessions as check-in areas, with their occupancy. */
export async function areaRows(db: Executor, eventId: number) {
  const { rows } = await sql<{
    entity_type: 'event' | 'location' | 'session';
    entity_id: number;
    name: string;
    capacity: number | null;
    allowed: number[];
    used: number;
  }>`
    SELECT 'event' AS entity_type, 0 AS entity_id,
           COALESCE((SELECT a.name FROM checkin_areas a WHERE a.event_id = ${eventId} AND a.configured
                       AND a.entity_type = 'event' AND a.entity_id = 0), '') AS name,
           NULL::int AS capacity, '{}'::int[] AS allowed,
           COALESCE((SELECT capacity_used FROM checkin_areas a WHERE a.event_id = ${eventId}
                       AND a.entity_type = 'event' AND a.entity_id = 0), 0) AS used, 0 AS ord, ''::text AS sort
    UNION ALL
    SELECT 'location', l.id, COALESCE(CASE WHEN a.configured THEN a.name END, l.name),
           CASE WHEN a.configured THEN COALESCE(a.capacity, l.capacity) ELSE l.capacity END,
           CASE WHEN a.configured THEN a.allowed_type_ids ELSE '{}'::int[] END, COALESCE(a.capacity_used, 0), 1, l.name
      FROM locations l
      LEFT JOIN checkin_areas a ON a.event_id = l.event_id AND a.entity_type = 'location' AND a.entity_id = l.id
     WHERE l.event_id = ${eventId}
    UNION ALL
    SELECT 'session', s.id, COALESCE(CASE WHEN a.configured THEN a.name END, s.name),
           CASE WHEN a.configured THEN COALESCE(a.capacity, s.capacity, l.capacity) ELSE COALESCE(s.capacity, l.capacity) END,
           CASE WHEN a.configured AND cardinality(a.allowed_type_ids) > 0 THEN a.allowed_type_ids
                WHEN s.restricted THEN s.allowed_type_ids ELSE '{}'::int[] END, COALESCE(a.capacity_used, 0),
           2, to_char(s.sdt AT TIME ZONE 'UTC', 'YYYYMMDDHH24MI') || s.name
      FROM sessions s
      LEFT JOIN locations l ON l.id = s.location_id
      LEFT JOIN checkin_areas a ON a.event_id = s.event_id AND a.entity_type = 'session' AND a.entity_id = s.id
     WHERE s.event_id = ${eventId} AND NOT s.deleted AND s.parent_id IS NULL
     ORDER BY ord, sort`.execute(db);
  return rows;
}

/** Who is inside the area now (newest first, at most CHECK_IN_LIST_LENGTH), and how many. */
export async function insideRows(
  db: Executor,
  eventId: number,
  entityType: CheckInEntityType,
  entityId: number | undefined,
) {
  const base = db
    .selectFrom('checkins as c')
    .innerJoin('checkin_areas as a', 'a.id', 'c.area_id')
    .innerJoin('participants as p', 'p.id', 'c.participant_id')
    .where('a.event_id', '=', eventId)
    .where('a.entity_type', '=', entityType)
    .where('a.entity_id', '=', entityType === 'event' ? 0 : (entityId ?? -1))
    .where('c.checked_in', '=', true);
  const [rows, count] = await Promise.all([
    base
      .leftJoin('participant_types as t', 't.id', 'p.type_id')
      .select([
        'p.id',
        'p.ticket_id',
        'p.name',
        'p.surname',
        'p.company',
        'p.job_title',
        'p.city',
        'p.type_id',
        'p.profile_photo',
        't.name as type_name',
        'c.checked_in_at',
      ])
      .orderBy('c.checked_in_at', 'desc')
      .orderBy('p.id', 'desc')
      .limit(CHECK_IN_LIST_LENGTH)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return [rows, Number(count.n)] as const;
}

/**
 * The area's people by the door (device label) of their last change: inside now, and gone out.
 * One pass over the area's status rows (their primary key starts with the area).
 */
export async function gateRows(
  db: Executor,
  eventId: number,
  entityType: CheckInEntityType,
  entityId: number | undefined,
) {
  return db
    .selectFrom('checkins as c')
    .innerJoin('checkin_areas as a', 'a.id', 'c.area_id')
    .where('a.event_id', '=', eventId)
    .where('a.entity_type', '=', entityType)
    .where('a.entity_id', '=', entityType === 'event' ? 0 : (entityId ?? -1))
    .select([
      sql<string | null>`nullif(c.device_label, '')`.as('gate'),
      sql<number>`count(*) FILTER (WHERE c.checked_in)`.as('inside'),
      sql<number>`count(*) FILTER (WHERE NOT c.checked_in)`.as('left'),
    ])
    .groupBy(sql`nullif(c.device_label, '')`)
    .orderBy(sql`count(*) FILTER (WHERE c.checked_in)`, 'desc')
    .orderBy(sql`nullif(c.device_label, '')`)
    .execute();
}

/**
 * Records a badge print: the first one, or with `force` another one (counted). Returns when it
 * was recorded, or undefined when it was printed before and `force` is off.
 */
export async function recordBadgePrint(
  db: Executor,
  participantId: number,
  printedBy: number,
  at: Date,
  force: boolean,
): Promise<Date | undefined> {
  const row = await db
    .insertInto('badge_prints')
    .values({ participant_id: participantId, printed_at: at, printed_by: printedBy })
    .onConflict((oc) =>
      force
        ? oc.column('participant_id').doUpdateSet((eb) => ({
            printed_at: at,
            printed_by: printedBy,
            print_count: eb('badge_prints.print_count', '+', 1),
          }))
        : oc.column('participant_id').doNothing(),
    )
    .returning('printed_at')
    .executeTakeFirst();
  return row?.printed_at;
}
