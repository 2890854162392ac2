import type { Selectable, Updateable } from 'kysely';
import { type Executor, firstRow } from '../../db/executor';
import type { BoothsTable, ParticipantRow, ParticipantsTable } from '../../db/schema';
import { byBoothRole } from './booth-team-order';

export type BoothRow = Selectable<BoothsTable>;

export function listBooths(db: Executor, eventId: number, nameContains: string | null) {
  let query = db.selectFrom('booths').selectAll().where('event_id', '=', eventId);
  if (nameContains)
    query = query.where('name', 'ilike', `%${nameContains.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  return query.orderBy('rate', 'desc').orderBy('name').orderBy('id').limit(1000).execute();
}

/**
 * One booth of the event; `lock` holds its row until the caller's transaction ends (`keep`: FOR KEY
 * SHARE, against a delete only).
 */
export function findBooth(db: Executor, eventId: number, boothId: number, lock?: 'lock' | 'share' | 'keep') {
  const query = db.selectFrom('booths').selectAll().where('event_id', '=', eventId).where('id', '=', boothId);
  return firstRow(query, lock);
}

/** Staff and pending members of a booth, owner first. */
export function boothPeople(db: Executor, boothId: number) {
  return db
    .selectFrom('participants')
    .select([
      'id',
      'name',
      'surname',
      'job_title',
      'company',
      'profile_photo',
      'booth_id',
      'booth_role',
      'booth_pending_role',
      'state',
      'visible',
    ])
    .where('booth_id', '=', boothId)
    .where('state', '!=', 'deleted')
    .orderBy(byBoothRole)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

/** Reserved popup tables of the booth that are not over (E2.56, E3.17 popupMeetings). */
export function popupTables(db: Executor, boothId: number, now: Date) {
  return db
    .selectFrom('meetings')
    .select(['id', 'video_room', 'sdt', 'edt', 'capacity'])
    .where('booth_id', '=', boothId)
    .where('kind', '=', 'table')
    .where('status', '!=', 'cancelled')
    .where('edt', '>', now)
    .orderBy('sdt')
    .limit(50)
    .execute();
}

export type BoothUpdate = Updateable<BoothsTable>;

/** Updates the booth's fields; returns the row as stored. */
export function updateBoothRow(db: Executor, boothId: number, set: BoothUpdate): Promise<BoothRow> {
  return db.updateTable('booths').set(set).where('id', '=', boothId).returningAll().executeTakeFirstOrThrow();
}

/**
 * Which of these ids are booth categories of the event (not the people's categories), held FOR KEY
 * SHARE to the commit: a category's delete holds it first, then unsets it on booths.
 */
export function knownCategories(db: Executor, eventId: number, ids: readonly number[]) {
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

/** Booth membership (booth_id, booth_role, booth_pending_role on the participant). */
export type MembershipUpdate = Pick<
  Updateable<ParticipantsTable>,
  'booth_id' | 'booth_role' | 'booth_pending_role' | 'updated_at'
>;

/** Invites a person in no booth (E7.37); undefined when they joined one meanwhile. */
export function inviteToBooth(
  db: Executor,
  participantId: number,
  boothId: number,
  role: 'user' | 'admin',
  at: Date,
): Promise<ParticipantRow | undefined> {
  return db
    .updateTable('participants')
    .set({ booth_id: boothId, booth_role: 'not_confirmed', booth_pending_role: role, updated_at: at })
    .where('id', '=', participantId)
    .where('booth_id', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

/** Changes a person's booth membership; returns their row. */
export function setMembership(
  db: Executor,
  participantId: number,
  set: MembershipUpdate,
): Promise<ParticipantRow> {
  return db
    .updateTable('participants')
    .set(set)
    .where('id', '=', participantId)
    .returningAll()
    .executeTakeFirstOrThrow();
}
