import type { Executor } from '../../db/executor';
import type { EventRow } from '../../db/schema';

/** A7.28: what messagesForEvent/{id}.json needs of an event: its own words, and whether it is archived. */
export function findEventWords(
  db: Executor,
  eventId: number,
): Promise<Pick<EventRow, 'words' | 'archived_at'> | undefined> {
  return db
    .selectFrom('events')
    .select(['words', 'archived_at'])
    .where('id', '=', eventId)
    .executeTakeFirst();
}
