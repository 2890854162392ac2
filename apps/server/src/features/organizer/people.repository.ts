import { type Insertable, type SelectQueryBuilder, sql, type Updateable } from 'kysely';
import { holdLock } from '../../db/advisory-locks';
import { type Executor, firstRow } from '../../db/executor';
import type { DB, ParticipantRow, ParticipantsTable } from '../../db/schema';

export interface PeopleFilter {
  search?: string | undefined;
  typeId?: number | undefined;
  state?: ParticipantRow['state'] | undefined;
  organizer?: boolean | undefined;
  checkedIn?: boolean | undefined;
  sort: 'name' | 'created' | 'company';
}

export type PeopleListRow = ParticipantRow & { checked_in: boolean };

/** `%`, `_` and `\` are literal in an organizer's search. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const checkedInExpr = sql<boolean>`exists (select 1 from checkins c where c.participant_id = p.id and c.checked_in_at is not null)`;

function filtered(db: Executor, eventId: number, f: Omit<PeopleFilter, 'sort'>) {
  let q = db.selectFrom('participants as p').where('p.event_id', '=', eventId);
  // Deleted people are hidden unless asked for by name.
  q = f.state ? q.where('p.state', '=', f.state) : q.where('p.state', '!=', 'deleted');
  if (f.typeId !== undefined) q = q.where('p.type_id', '=', f.typeId);
  if (f.organizer !== undefined) q = q.where('p.organizer', '=', f.organizer);
  if (f.checkedIn !== undefined)
    q = q.where(f.checkedIn ? checkedInExpr : sql<boolean>`not ${checkedInExpr}`);
  if (f.search) {
    const pattern = likePattern(f.search);
    q = q.where((eb) =>
      eb.or([
        eb(sql<string>`p.name || ' ' || p.surname`, 'ilike', pattern),
        eb('p.email', 'ilike', pattern),
        eb('p.company', 'ilike', pattern),
      ]),
    );
  }
  return q;
}

function sorted<O>(q: SelectQueryBuilder<DB & { p: ParticipantsTable }, 'p', O>, sort: PeopleFilter['sort']) {
  if (sort === 'created') return q.orderBy('p.created_at', 'desc').orderBy('p.id', 'desc');
  if (sort === 'company') return q.orderBy('p.sort_company').orderBy('p.sort_name').orderBy('p.id');
  return q.orderBy('p.sort_name').orderBy('p.id');
}

export async function listPeople(
  db: Executor,
  eventId: number,
  filter: PeopleFilter,
  page: { limit: number; offset: number } | null,
): Promise<PeopleListRow[]> {
  let q = sorted(
    filtered(db, eventId, filter).selectAll('p').select(checkedInExpr.as('checked_in')),
    filter.sort,
  );
  if (page) q = q.limit(page.limit).offset(page.offset);
  return (await q.execute()) as PeopleListRow[];
}

export async function countPeople(db: Executor, eventId: number, filter: Omit<PeopleFilter, 'sort'>) {
  const row = await filtered(db, eventId, filter)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findPerson(db: Executor, eventId: number, id: number): Promise<ParticipantRow | undefined> {
  return db
    .selectFrom('participants')
    .selectAll()
    .where('event_id', '=', eventId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function isCheckedIn(db: Executor, participantId: number): Promise<boolean> {
  return db
    .selectFrom('checkins')
    .select('participant_id')
    .where('participant_id', '=', participantId)
    .where('checked_in_at', 'is not', null)
    .executeTakeFirst()
    .then((row) => row !== undefined);
}

/**
 * The people held until the transaction ends, in id order as lockParticipants takes them: two
 * callers holding some of the same people wait for each other instead of deadlocking.
 */
export function findPeople(db: Executor, eventId: number, ids: number[]): Promise<ParticipantRow[]> {
  return db
    .selectFrom('participants')
    .selectAll()
    .where('event_id', '=', eventId)
    .where('id', 'in', ids)
    .orderBy('id')
    .forUpdate()
    .execute();
}

export function findByEmail(
  db: Executor,
  eventId: number,
  email: string,
): Promise<ParticipantRow | undefined> {
  return db
    .selectFrom('participants')
    .selectAll()
    .where('event_id', '=', eventId)
    .where('email', '=', email)
    .forUpdate()
    .executeTakeFirst();
}

/** The invited record a link names; `lock` holds its row until the caller's transaction ends. */
export function findByInviteHash(
  db: Executor,
  hash: string,
  lock?: 'lock',
): Promise<ParticipantRow | undefined> {
  const query = db.selectFrom('participants').selectAll().where('invite_token_hash', '=', hash);
  return firstRow(query, lock);
}

/**
 * A new record for the address, or undefined when the event has one already: one committed
 * meanwhile (a registration, an import, another organizer's invite) is waited for, not a 500.
 */
export function insertPersonIfNew(
  db: Executor,
  values: Insertable<ParticipantsTable>,
): Promise<ParticipantRow | undefined> {
  return db
    .insertInto('participants')
    .values(values)
    .onConflict((oc) => oc.columns(['event_id', 'email']).doNothing())
    .returningAll()
    .executeTakeFirst();
}

export function updatePerson(
  db: Executor,
  id: number,
  values: Updateable<ParticipantsTable>,
): Promise<ParticipantRow> {
  return db
    .updateTable('participants')
    .set(values)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updatePeople(
  db: Executor,
  eventId: number,
  ids: number[],
  values: Updateable<ParticipantsTable>,
): Promise<number> {
  const result = await db
    .updateTable('participants')
    .set(values)
    .where('event_id', '=', eventId)
    .where('id', 'in', ids)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * How many of these types the event has, each held FOR KEY SHARE to the commit: a person given one
 * is written before the type's delete counts its people, or after it, to a type that is gone (a
 * field error, not a broken foreign key). Take them before the people's rows (a delete holds the
 * type, then moves its people).
 */
export async function keepTypes(db: Executor, eventId: number, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db
    .selectFrom('participant_types')
    .select('id')
    .where('event_id', '=', eventId)
    .where('id', 'in', ids)
    .orderBy('id')
    .forKeyShare()
    .execute();
  return rows.length;
}

export function findEventName(db: Executor, eventId: number) {
  return db
    .selectFrom('events')
    .select(['id', 'name', 'domain', 'event_type', 'is_finished', 'real_edt'])
    .where('id', '=', eventId)
    .executeTakeFirst();
}

/**
 * Serializes invitations of one address in one event, so two at once reuse one row instead of the
 * second failing on UNIQUE (event_id, email).
 */
export async function lockEmail(db: Executor, eventId: number, email: string): Promise<void> {
  await holdLock(db, 'invitedAddress', `${eventId}:${email}`);
}

export function listTypeNames(db: Executor, eventId: number) {
  return db.selectFrom('participant_types').select(['id', 'name']).where('event_id', '=', eventId).execute();
}
