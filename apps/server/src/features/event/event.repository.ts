import type { Executor } from '../../db/executor';
import type { EventRow, ParticipantRow } from '../../db/schema';

export function findEventById(db: Executor, id: number): Promise<EventRow | undefined> {
  return db.selectFrom('events').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findEventByDomain(db: Executor, label: string): Promise<EventRow | undefined> {
  return db.selectFrom('events').selectAll().where('domain', '=', label).executeTakeFirst();
}

/** Events the user takes part in with their participant record, oldest start first. */
export async function findEventsOfUser(
  db: Executor,
  userId: number,
  nameContains: string | null,
): Promise<{ event: EventRow; participant: ParticipantRow }[]> {
  const participants = await db
    .selectFrom('participants')
    .selectAll()
    .where('user_id', '=', userId)
    .where('state', '!=', 'deleted')
    .execute();
  if (participants.length === 0) return [];
  // An archived event (the owner archived it in the console) leaves the attendees' lists.
  let query = db
    .selectFrom('events')
    .selectAll()
    .where(
      'id',
      'in',
      participants.map((p) => p.event_id),
    )
    .where('archived_at', 'is', null);
  if (nameContains) query = query.where('name', 'ilike', `%${escapeLike(nameContains)}%`);
  const events = await query.orderBy('start_date').orderBy('id').execute();
  const byEvent = new Map(participants.map((p) => [p.event_id, p]));
  return events.map((event) => ({ event, participant: byEvent.get(event.id)! }));
}

/** The most events GET /event/discover answers. */
export const DISCOVER_LIMIT = 50;

/**
 * Public events that are not archived and not over (upcoming or running), newest start first, with
 * whether the user (if any) takes part; `nameContains` matches part of the name, any case.
 */
export async function findDiscoverableEvents(
  db: Executor,
  options: { now: Date; nameContains: string | null; userId: number | null },
): Promise<{ event: EventRow; joined: boolean }[]> {
  let query = db
    .selectFrom('events')
    .selectAll('events')
    .where('public_event', '=', true)
    .where('archived_at', 'is', null)
    .where('is_finished', '=', false)
    .where('real_edt', '>', options.now);
  if (options.nameContains) query = query.where('name', 'ilike', `%${escapeLike(options.nameContains)}%`);
  const { userId } = options;
  const rows = await query
    .select((eb) =>
      (userId === null
        ? eb.val(false)
        : eb.exists(
            eb
              .selectFrom('participants as p')
              .select('p.id')
              .whereRef('p.event_id', '=', 'events.id')
              .where('p.user_id', '=', userId)
              .where('p.state', '!=', 'deleted'),
          )
      ).as('joined'),
    )
    .orderBy('real_sdt', 'desc')
    .orderBy('id', 'desc')
    .limit(DISCOVER_LIMIT)
    .execute();
  return rows.map(({ joined, ...event }) => ({ event: event as EventRow, joined: joined === true }));
}

/** A public, not archived event by its domain label or its id (the code a newcomer types). */
export function findPublicEventByCode(
  db: Executor,
  code: { domain: string } | { id: number },
): Promise<{ id: number } | undefined> {
  let query = db
    .selectFrom('events')
    .select('id')
    .where('public_event', '=', true)
    .where('archived_at', 'is', null);
  query = 'id' in code ? query.where('id', '=', code.id) : query.where('domain', '=', code.domain);
  return query.executeTakeFirst();
}

export function listCategories(db: Executor, eventId: number) {
  return db
    .selectFrom('categories')
    .select(['id', 'name', 'parent_id', 'kind', 'type'])
    .where('event_id', '=', eventId)
    .orderBy('id')
    .execute();
}

export function listParticipantTypes(db: Executor, eventId: number) {
  return db
    .selectFrom('participant_types')
    .select(['id', 'name', 'priority', 'max_meeting_count', 'disable_guest', 'texts'])
    .where('event_id', '=', eventId)
    .orderBy('priority')
    .orderBy('id')
    .execute();
}

/** A2.71: the names of the event's rooms (locations) among `ids`. */
export async function listRoomNames(
  db: Executor,
  eventId: number,
  ids: readonly number[],
): Promise<{ id: number; name: string }[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('locations')
    .select(['id', 'name'])
    .where('event_id', '=', eventId)
    .where('id', 'in', [...ids])
    .execute();
}

export async function isSuperUser(db: Executor, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('is_super_user')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.is_super_user === true;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
