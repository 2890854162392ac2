import { sql } from 'kysely';
import { type Executor, firstRow } from '../../db/executor';
import { nextUpdatedAt } from './door.repository';

export function listTypes(db: Executor, eventId: number) {
  return db
    .selectFrom('participant_types as t')
    .selectAll('t')
    .select((eb) =>
      eb
        .selectFrom('participants as p')
        .select(eb.fn.countAll<string>().as('n'))
        .whereRef('p.type_id', '=', 't.id')
        .where('p.state', '!=', 'deleted')
        .as('participant_count'),
    )
    .where('t.event_id', '=', eventId)
    .orderBy('t.priority')
    .orderBy('t.id')
    .execute();
}
export type TypeWithCount = Awaited<ReturnType<typeof listTypes>>[number];

export function findType(db: Executor, eventId: number, typeId: number) {
  return db
    .selectFrom('participant_types')
    .selectAll()
    .where('event_id', '=', eventId)
    .where('id', '=', typeId)
    .executeTakeFirst();
}

/**
 * Holds these types of the event in id order (a delete and the type its people move to): a person
 * being given one meanwhile is waited for and counted, and two deletes moving people into each
 * other's type queue instead of deadlocking. Returns the ids held.
 */
export async function lockTypes(
  db: Executor,
  eventId: number,
  typeIds: readonly number[],
): Promise<number[]> {
  const rows = await db
    .selectFrom('participant_types')
    .select('id')
    .where('event_id', '=', eventId)
    .where('id', 'in', [...typeIds])
    .orderBy('id')
    .forUpdate()
    .execute();
  return rows.map((r) => r.id);
}

export interface TypeValues {
  name: string;
  ticket_type: string | null;
  priority: number;
  max_meeting_count: number | null;
  invitation_rights: string | null;
  disable_guest: boolean;
  at_registration: boolean;
  allowed_to_modify: boolean;
  texts: string;
}

export function insertType(db: Executor, eventId: number, values: TypeValues) {
  return db
    .insertInto('participant_types')
    .values({ ...values, event_id: eventId })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export function updateType(db: Executor, eventId: number, typeId: number, values: TypeValues) {
  return db
    .updateTable('participant_types')
    .set(values)
    .where('event_id', '=', eventId)
    .where('id', '=', typeId)
    .executeTakeFirst();
}

export function countTypeParticipants(db: Executor, typeId: number): Promise<number> {
  return db
    .selectFrom('participants')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('type_id', '=', typeId)
    .where('state', '!=', 'deleted')
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));
}

/** Moves the type's participants (deleted ones too: the type row is about to go). */
export function moveTypeParticipants(db: Executor, fromTypeId: number, toTypeId: number | null) {
  return db
    .updateTable('participants')
    .set({ type_id: toTypeId })
    .where('type_id', '=', fromTypeId)
    .execute();
}

/**
 * Drops the type from other types' invitation rights and deletes it. Where sessions and door areas
 * let the type in: with `moveTo` (its people moved there) they let that type in instead; without, the
 * sessions drop it, and a door area keeps the id (it matches nobody: an area let in for this type
 * alone stays closed rather than opening to everyone, which an empty list means). A door area whose
 * list is rewritten gets a new change time (`at`): an organizer editing it from a read before this
 * delete is then refused (409) instead of putting the deleted type back unseen.
 */
export async function deleteType(
  db: Executor,
  eventId: number,
  typeId: number,
  moveTo: number | null,
  at: Date,
): Promise<void> {
  await sql`
    UPDATE participant_types
       SET invitation_rights = (
         SELECT coalesce(jsonb_agg(value), '[]'::jsonb)
           FROM jsonb_array_elements(invitation_rights) AS value
          WHERE value <> to_jsonb(${typeId}::int))
     WHERE event_id = ${eventId} AND jsonb_typeof(invitation_rights) = 'array'`.execute(db);
  const allowed =
    moveTo === null
      ? sql`array_remove(allowed_type_ids, ${typeId}::int)`
      : sql`ARRAY(SELECT DISTINCT unnest(array_replace(allowed_type_ids, ${typeId}::int, ${moveTo}::int)) ORDER BY 1)`;
  await sql`
    UPDATE sessions SET allowed_type_ids = ${allowed}
     WHERE event_id = ${eventId} AND ${typeId}::int = ANY(allowed_type_ids)`.execute(db);
  if (moveTo !== null)
    await sql`
      UPDATE checkin_areas SET allowed_type_ids = ${allowed}, updated_at = ${nextUpdatedAt(at)}
       WHERE event_id = ${eventId} AND ${typeId}::int = ANY(allowed_type_ids)`.execute(db);
  await db.deleteFrom('participant_types').where('event_id', '=', eventId).where('id', '=', typeId).execute();
}

export function listCategories(db: Executor, eventId: number) {
  return db.selectFrom('categories').selectAll().where('event_id', '=', eventId).orderBy('id').execute();
}

/** A category group of the event; with `'lock'` held until the transaction ends (saves and deletes). */
export function findGroup(db: Executor, eventId: number, categoryId: number, lock?: 'lock') {
  const query = db
    .selectFrom('categories')
    .selectAll()
    .where('event_id', '=', eventId)
    .where('id', '=', categoryId)
    .where('parent_id', 'is', null);
  return firstRow(query, lock);
}

export interface GroupValues {
  name: string;
  kind: 'participant' | 'booth';
  type: 'select' | 'text';
  is_multi: boolean;
  max_selectable: number | null;
  required: boolean;
  is_private: boolean;
}

export function insertGroup(db: Executor, eventId: number, values: GroupValues) {
  return db
    .insertInto('categories')
    .values({ ...values, event_id: eventId, parent_id: null })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export function updateGroup(db: Executor, groupId: number, values: GroupValues) {
  return db.updateTable('categories').set(values).where('id', '=', groupId).execute();
}

export function optionsOf(db: Executor, groupId: number) {
  return db
    .selectFrom('categories')
    .select(['id', 'name'])
    .where('parent_id', '=', groupId)
    .orderBy('id')
    .execute();
}

export function insertOption(
  db: Executor,
  eventId: number,
  group: GroupValues & { id: number },
  name: string,
) {
  return db
    .insertInto('categories')
    .values({ event_id: eventId, parent_id: group.id, kind: group.kind, name })
    .execute();
}

export function renameOption(db: Executor, optionId: number, name: string) {
  return db.updateTable('categories').set({ name }).where('id', '=', optionId).execute();
}

/**
 * Removes categories and unsets them on the event's participants and booths. They are held first
 * (FOR UPDATE, id order): a save giving someone one of them (keepCategories) finishes before the
 * unset, or finds them gone.
 */
export async function deleteCategories(db: Executor, eventId: number, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.selectFrom('categories').select('id').where('id', 'in', ids).orderBy('id').forUpdate().execute();
  const list = sql.join(ids.map((id) => sql`${id}::int`));
  await sql`
    UPDATE participants SET category_ids = ARRAY(SELECT unnest(category_ids) EXCEPT SELECT unnest(ARRAY[${list}]))
     WHERE event_id = ${eventId} AND category_ids && ARRAY[${list}]`.execute(db);
  await sql`
    UPDATE booths SET category_ids = ARRAY(SELECT unnest(category_ids) EXCEPT SELECT unnest(ARRAY[${list}]))
     WHERE event_id = ${eventId} AND category_ids && ARRAY[${list}]`.execute(db);
  await db.deleteFrom('categories').where('event_id', '=', eventId).where('id', 'in', ids).execute();
}
