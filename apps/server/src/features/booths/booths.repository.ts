import type { Selectable } from 'kysely';
import type { Executor } from '../../db/executor';
import type { BoothsTable } from '../../db/schema';

export type BoothRow = Selectable<BoothsTable>;

export function listBooths(db: Executor, eventId: number, nameContains: string | null) {
  let query = db.selectFrom('booths').selectAll().where('event_id', '=', eventId);
  if (nameContains)
    query = query.where('name', 'ilike', `%${nameContains.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  return query.orderBy('rate', 'desc').orderBy('name').orderBy('id').limit(1000).execute();
}

export function findBooth(db: Executor, eventId: number, boothId: number) {
  return db
    .selectFrom('booths')
    .selectAll()
    .where('event_id', '=', eventId)
    .where('id', '=', boothId)
    .executeTakeFirst();
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
    .orderBy((eb) =>
      eb
        .case()
        .when('booth_role', '=', 'owner')
        .then(0)
        .when('booth_role', '=', 'admin')
        .then(1)
        .when('booth_role', '=', 'user')
        .then(2)
        .else(3)
        .end(),
    )
    .orderBy('name')
    .orderBy('id')
    .execute();
}

/** Reserved popup tables of the booth that are not over (E2.56, E3.17 popupMeetings). */
export function popupTables(db: Executor, boothId: number, now: Date) {
  return db
    .selectFrom('meetings')
    .select(['id', 'video_room', 'sdt'])
    .where('booth_id', '=', boothId)
    .where('kind', '=', 'table')
    .where('status', '!=', 'cancelled')
    .where('edt', '>', now)
    .orderBy('sdt')
    .limit(50)
    .execute();
}
