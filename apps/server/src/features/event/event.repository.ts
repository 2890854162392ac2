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
  let query = db
    .selectFrom('events')
    .selectAll()
    .where(
      'id',
      'in',
      participants.map((p) => p.event_id),
    );
  if (nameContains) query = query.where('name', 'ilike', `%${escapeLike(nameContains)}%`);
  const events = await query.orderBy('start_date').orderBy('id').execute();
  const byEvent = new Map(participants.map((p) => [p.event_id, p]));
  return events.map((event) => ({ event, participant: byEvent.get(event.id)! }));
}

export function listCategories(db: Executor, eventId: number) {
  return db
    .selectFrom('categories')
    .select(['id', 'name', 'parent_id', 'kind'])
    .where('event_id', '=', eventId)
    .orderBy('id')
    .execute();
}

export function listParticipantTypes(db: Executor, eventId: number) {
  return db
    .selectFrom('participant_types')
    .select(['id', 'name', 'priority', 'max_meeting_count'])
    .where('event_id', '=', eventId)
    .orderBy('priority')
    .orderBy('id')
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
