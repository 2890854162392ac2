import { type Executor, firstRow } from '../../db/executor';
import type { EventRow, ParticipantRow } from '../../db/schema';

export function findEvent(db: Executor, eventId: number): Promise<EventRow | undefined> {
  return db.selectFrom('events').selectAll().where('id', '=', eventId).executeTakeFirst();
}

/**
 * The caller's live participant record in the event, if any (a deleted one counts as none, unless
 * `withDeleted`: taking an invitation back over needs to see it). `lock` holds the row until the
 * caller's transaction ends.
 */
export function findParticipation(
  db: Executor,
  eventId: number,
  userId: number,
  options: { withDeleted?: boolean; lock?: boolean } = {},
): Promise<ParticipantRow | undefined> {
  let query = db
    .selectFrom('participants')
    .selectAll()
    .where('event_id', '=', eventId)
    .where('user_id', '=', userId);
  if (!options.withDeleted) query = query.where('state', '!=', 'deleted');
  return firstRow(query, options.lock ? 'lock' : undefined);
}
