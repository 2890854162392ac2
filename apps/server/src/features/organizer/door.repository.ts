import type { CheckInEntityType } from '@foyer/contract';
import { sql } from 'kysely';
import type { Executor } from '../../db/executor';

/** SQL of the console's door set-up: check-in areas the organizer configured, and check-in staff. */

const areaColumns = [
  'id',
  'entity_type',
  'entity_id',
  'name',
  'capacity',
  'allowed_type_ids',
  'capacity_used',
  'updated_at',
] as const;

export function configuredAreas(db: Executor, eventId: number) {
  return db
    .selectFrom('checkin_areas')
    .select(areaColumns)
    .where('event_id', '=', eventId)
    .where('configured', '=', true)
    .orderBy('entity_type')
    .orderBy('id')
    .execute();
}

export type AreaRow = Awaited<ReturnType<typeof configuredAreas>>[number];

export function findArea(db: Executor, eventId: number, areaId: number) {
  return db
    .selectFrom('checkin_areas')
    .select(areaColumns)
    .where('event_id', '=', eventId)
    .where('id', '=', areaId)
    .where('configured', '=', true)
    .executeTakeFirst();
}

export interface AreaRules {
  name: string | null;
  capacity: number | null;
  allowed_type_ids: number[];
}

/**
 * Sets an area up on its occupancy row (made by the first scan, or here). Undefined when the area
 * was set up already: the organizer edits that one.
 */
export async function setUpArea(
  db: Executor,
  eventId: number,
  entityType: CheckInEntityType,
  entityId: number,
  rules: AreaRules,
  at: Date,
) {
  return db
    .insertInto('checkin_areas')
    .values({
      event_id: eventId,
      entity_type: entityType,
      entity_id: entityId,
      configured: true,
      ...rules,
      updated_at: at,
    })
    .onConflict((oc) =>
      oc
        .columns(['event_id', 'entity_type', 'entity_id'])
        .doUpdateSet({ configured: true, ...rules, updated_at: nextUpdatedAt(at) })
        .where('checkin_areas.configured', '=', false),
    )
    .returning(areaColumns)
    .executeTakeFirst();
}

/**
 * The set-up's new change time: `at`, but always later than the one it replaces (two saves in one
 * millisecond, or a clock stepped back, still tell apart) and to the millisecond, as the API reads it.
 * For every statement that changes an area's set-up (a type's delete rewrites their allowed types).
 */
export const nextUpdatedAt = (at: Date) =>
  sql<Date>`greatest(${at}::timestamptz, date_trunc('milliseconds', checkin_areas.updated_at) + interval '1 millisecond')`;

/**
 * Changes a set-up area's rules; undefined when it is no longer set up (cleared meanwhile by another
 * organizer: the row stays as the room's counter, and rules on it would apply unseen) or, when
 * `readAt` is given, when its set-up changed since it was read (updated_at is no longer readAt). The
 * row's lock makes two saves of one read take turns: the second finds updated_at moved on.
 */
export function updateArea(
  db: Executor,
  areaId: number,
  rules: Partial<AreaRules>,
  at: Date,
  readAt: Date | undefined,
) {
  const query = db
    .updateTable('checkin_areas')
    .set({ ...rules, updated_at: nextUpdatedAt(at) })
    .where('id', '=', areaId)
    .where('configured', '=', true)
    .returning(areaColumns);
  return (
    readAt ? query.where(sql<Date>`date_trunc('milliseconds', updated_at)`, '=', readAt) : query
  ).executeTakeFirst();
}

/** Forgets the set-up; the row stays, with the people inside (it is the area's occupancy counter). */
export async function clearArea(db: Executor, areaId: number, at: Date) {
  await db
    .updateTable('checkin_areas')
    .set({
      configured: false,
      name: null,
      capacity: null,
      allowed_type_ids: [],
      updated_at: nextUpdatedAt(at),
    })
    .where('id', '=', areaId)
    .execute();
}

/**
 * Which of these ids are participant types of the event, held FOR KEY SHARE to the commit: a type's
 * delete that moves its people rewrites the areas that let it in, and waits for this save to do so.
 */
export function knownTypes(db: Executor, eventId: number, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('participant_types')
    .select('id')
    .where('event_id', '=', eventId)
    .where('id', 'in', ids)
    .orderBy('id')
    .forKeyShare()
    .execute();
}

/** The event's check-in staff. */
export function staffOf(db: Executor, eventId: number) {
  return db
    .selectFrom('participants')
    .select(['id', 'name', 'surname', 'email', 'organizer'])
    .where('event_id', '=', eventId)
    .where('check_in_admin', '=', true)
    .where('state', '!=', 'deleted')
    .orderBy('name')
    .orderBy('surname')
    .orderBy('id')
    .limit(1000)
    .execute();
}

export async function setCheckInAdmin(db: Executor, participantId: number, value: boolean, at: Date) {
  await db
    .updateTable('participants')
    .set({ check_in_admin: value, updated_at: at })
    .where('id', '=', participantId)
    .execute();
}
