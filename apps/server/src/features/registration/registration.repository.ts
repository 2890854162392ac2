import type { Insertable, Updateable } from 'kysely';
import { type Executor, firstRow } from '../../db/executor';
import type { EventRow, ParticipantRow, ParticipantsTable, UserRow } from '../../db/schema';

export function findEvent(db: Executor, id: number): Promise<EventRow | undefined> {
  return db.selectFrom('events').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * The event as a registration's transaction decides on it, held FOR SHARE until the commit: an
 * organizer's change of it (closing registration, moving its end, marking it finished) in flight is
 * waited for and then read, and one sent meanwhile waits for the registration. Registrations share it.
 */
export function shareEvent(db: Executor, id: number): Promise<EventRow | undefined> {
  return db.selectFrom('events').selectAll().where('id', '=', id).forShare().executeTakeFirst();
}

/** The type newcomers get (A3.17's ticketType): the event's at_registration type. */
/**
 * The type offered at registration (the first by priority), held FOR KEY SHARE so that it is not
 * deleted under the new person. All of them are read (no LIMIT): a locking read with LIMIT 1 finds
 * nothing when its row is deleted while it waits, and the next one is the type then.
 */
export function findRegistrationType(db: Executor, eventId: number) {
  return db
    .selectFrom('participant_types')
    .select(['id', 'name', 'ticket_type'])
    .where('event_id', '=', eventId)
    .where('at_registration', '=', true)
    .orderBy('priority')
    .orderBy('id')
    .forKeyShare()
    .executeTakeFirst();
}

export function findTypeById(db: Executor, id: number) {
  return db
    .selectFrom('participant_types')
    .select(['id', 'name', 'ticket_type'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** A user owns an address as its username or as a confirmed connected e-mail. */
export function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb('username', '=', email),
        eb(
          'id',
          'in',
          eb
            .selectFrom('user_emails')
            .select('user_id')
            .where('email', '=', email)
            .where('confirmed_at', 'is not', null),
        ),
      ]),
    )
    .orderBy('id')
    .executeTakeFirst();
}

/**
 * The event's participant with this address, ticket or account. A registration reads them with
 * `lock`: the row is held until it commits, so a second submit of the same form (a double click)
 * waits and then finds the place taken instead of taking it again (two e-mails, two webhooks).
 */
function findParticipantWhere<C extends 'email' | 'ticket_id' | 'user_id'>(
  db: Executor,
  eventId: number,
  column: C,
  value: ParticipantsTable[C] & (string | number),
  lock?: 'lock',
): Promise<ParticipantRow | undefined> {
  const query = db
    .selectFrom('participants')
    .selectAll()
    .where('event_id', '=', eventId)
    .where(column, '=', value as never); // kysely cannot narrow a column chosen by the caller
  return firstRow(query, lock);
}

export const findParticipantByEmail = (db: Executor, eventId: number, email: string, lock?: 'lock') =>
  findParticipantWhere(db, eventId, 'email', email, lock);

export const findParticipantByTicket = (db: Executor, eventId: number, ticketId: string, lock?: 'lock') =>
  findParticipantWhere(db, eventId, 'ticket_id', ticketId, lock);

export const findParticipantByUser = (db: Executor, eventId: number, userId: number, lock?: 'lock') =>
  findParticipantWhere(db, eventId, 'user_id', userId, lock);

export function insertParticipant(
  db: Executor,
  values: Insertable<ParticipantsTable>,
): Promise<ParticipantRow> {
  return db.insertInto('participants').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateParticipant(
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
