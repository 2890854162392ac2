import { CONSOLE_PEOPLE_LIMIT } from '@foyer/contract';
import { type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import { type Executor, firstRow } from '../../db/executor';
import type { BoothsTable } from '../../db/schema';
import { byBoothRole } from '../booths/booth-team-order';

/** SQL of the console's exhibitors area: booths, their teams as the console lists them, booth categories. */

export type ConsoleBoothRow = Selectable<BoothsTable>;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export function listBooths(db: Executor, eventId: number) {
  return db
    .selectFrom('booths')
    .selectAll()
    .where('event_id', '=', eventId)
    .orderBy('booth_type')
    .orderBy('rate', 'desc')
    .orderBy('name')
    .orderBy('id')
    .limit(2000)
    .execute();
}

export function lockBooth(db: Executor, eventId: number, boothId: number) {
  return db
    .selectFrom('booths')
    .selectAll()
    .where('event_id', '=', eventId)
    .where('id', '=', boothId)
    .forUpdate()
    .executeTakeFirst();
}

export function insertBooth(db: Executor, values: Insertable<BoothsTable>) {
  return db.insertInto('booths').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateBooth(db: Executor, boothId: number, set: Updateable<BoothsTable>) {
  return db.updateTable('booths').set(set).where('id', '=', boothId).returningAll().executeTakeFirstOrThrow();
}

export async function deleteBooth(db: Executor, boothId: number) {
  await db.deleteFrom('booths').where('id', '=', boothId).execute();
}

/** Teams of these booths (pending invitations too), owner first. */
export function teamsOf(db: Executor, boothIds: readonly number[]) {
  if (boothIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('participants')
    .select(['id', 'user_id', 'booth_id', 'booth_role', 'name', 'surname', 'email', 'company'])
    .where('booth_id', 'in', boothIds)
    .where('state', '!=', 'deleted')
    .orderBy(byBoothRole)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

export type TeamRow = Awaited<ReturnType<typeof teamsOf>>[number];

/** A participant of the event by the e-mail they registered with (deleted ones count as none). */
export function findParticipantByEmail(db: Executor, eventId: number, email: string) {
  return db
    .selectFrom('participants')
    .selectAll()
    .where('event_id', '=', eventId)
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .where('state', '!=', 'deleted')
    .orderBy('id')
    .executeTakeFirst();
}

/** Participants of the event whose name, e-mail or company contains the text. */
export function searchPeople(db: Executor, eventId: number, text: string | null) {
  let query = db
    .selectFrom('participants')
    .select([
      'id',
      'name',
      'surname',
      'email',
      'company',
      'booth_id',
      'booth_role',
      'organizer',
      'check_in_admin',
    ])
    .where('event_id', '=', eventId)
    .where('state', '!=', 'deleted');
  if (text) {
    const pattern = `%${escapeLike(text)}%`;
    query = query.where((eb) =>
      eb.or([
        eb(sql<string>`name || ' ' || surname`, 'ilike', pattern),
        eb('email', 'ilike', pattern),
        eb('company', 'ilike', pattern),
      ]),
    );
  }
  return query.orderBy('name').orderBy('surname').orderBy('id').limit(CONSOLE_PEOPLE_LIMIT).execute();
}

// ---- booth categories -----------------------------------------------------------------------------

export function listBoothCategories(db: Executor, eventId: number) {
  return db
    .selectFrom('categories as c')
    .select([
      'c.id',
      'c.name',
      'c.parent_id',
      (eb) =>
        eb
          .selectFrom('booths as b')
          .select((b) => b.fn.countAll<string>().as('n'))
          .where('b.event_id', '=', eventId)
          .where(sql<boolean>`c.id = ANY(b.category_ids)`)
          .as('booth_count'),
    ])
    .where('c.event_id', '=', eventId)
    .where('c.kind', '=', 'booth')
    .orderBy('c.parent_id', 'desc')
    .orderBy('c.id')
    .execute();
}

/** A booth category of the event; `keep` holds it against a delete until the transaction ends. */
export function findBoothCategory(db: Executor, eventId: number, categoryId: number, keep?: 'keep') {
  return firstRow(
    db
      .selectFrom('categories')
      .select(['id', 'name', 'parent_id'])
      .where('event_id', '=', eventId)
      .where('kind', '=', 'booth')
      .where('id', '=', categoryId),
    keep,
  );
}

/**
 * Which of these ids are booth categories of the event, held FOR KEY SHARE to the commit (a
 * category's delete holds it first, then unsets it on booths: deleteBoothCategory).
 */
export function knownBoothCategories(db: Executor, eventId: number, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('categories')
    .select('id')
    .where('event_id', '=', eventId)
    .where('kind', '=', 'booth')
    .where('id', 'in', ids)
    .orderBy('id')
    .forKeyShare()
    .execute();
}

export function insertBoothCategory(db: Executor, eventId: number, name: string, parentId: number | null) {
  return db
    .insertInto('categories')
    .values({ event_id: eventId, kind: 'booth', name, parent_id: parentId })
    .returning(['id', 'name', 'parent_id'])
    .executeTakeFirstOrThrow();
}

export function renameBoothCategory(db: Executor, categoryId: number, name: string) {
  return db
    .updateTable('categories')
    .set({ name })
    .where('id', '=', categoryId)
    .returning(['id', 'name', 'parent_id'])
    .executeTakeFirst();
}

/** Deletes the category (its options go with it) and takes them off every booth of the event. */
export async function deleteBoothCategory(db: Executor, eventId: number, categoryId: number) {
  const ids = (
    await db
      .selectFrom('categories')
      .select('id')
      .where('event_id', '=', eventId)
      .where((eb) => eb.or([eb('id', '=', categoryId), eb('parent_id', '=', categoryId)]))
      .orderBy('id')
      .forUpdate() // a booth save naming one (knownBoothCategories) finishes first, or finds it gone
      .execute()
  ).map((row) => row.id);
  await sql`
    UPDATE booths SET category_ids = ARRAY(SELECT x FROM unnest(category_ids) AS x WHERE x <> ALL(${ids}::int[]))
     WHERE event_id = ${eventId} AND category_ids && ${ids}::int[]`.execute(db);
  await db.deleteFrom('categories').where('id', '=', categoryId).execute();
}
