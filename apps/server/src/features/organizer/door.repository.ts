import type { CheckInEntityType } from '@foyer/contract';
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
) {
  return db
    .insertInto('checkin_areas')
    .values({ event_id: eventId, entity_type: entityType, entity_id: entityId, configured: true, ...rules })
    .onConflict((oc) =>
      oc
        .columns(['event_id', 'entity_type', 'entity_id'])
        .doUpdateSet({ configured: true, ...rules })
        .where('checkin_areas.configured', '=', false),
    )
    .returning(areaColumns)
    .executeTakeFirst();
}

/**
 * Changes a set-up area's rules; undefined when it is no longer set up (cleared meanwhile by another
 * organizer: the row stays as the room's counter, and rules on it would apply unseen).
 */
export function updateArea(db: Executor, areaId: number, rules: Partial<AreaRules>) {
  return db
    .updateTable('checkin_areas')
    .set(rules)
    .where('id', '=', areaId)
    .where('configured', '=', true)
    .returning(areaColumns)
    .executeTakeFirst();
}

/** Forgets the set-up; the row stays, with the people inside (it is the area's occupancy counter). */
export async function clearArea(db: Executor, areaId: number) {
  await db
    .updateTable('checkin_areas')
    .set({ configured: false, name: null, capacity: null, allowed_type_ids: [] })
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
