import type { Executor } from '../../db/executor';
import type { EventRow } from '../../db/schema';

/** An event's own words: language → catalogue key → text (A7.27). */
export type EventWords = Record<string, Record<string, string>>;

/** A7.28: what messagesForEvent/{id}.json needs: the event's words, and whether it is archived. */
export function findEventWords(
  db: Executor,
  eventId: number,
): Promise<(Pick<EventRow, 'own_words' | 'archived_at'> & { words: EventWords | null }) | undefined> {
  return db
    .selectFrom('events')
    .leftJoin('event_words', 'event_words.event_id', 'events.id')
    .select(['events.own_words', 'events.archived_at', 'event_words.words'])
    .where('events.id', '=', eventId)
    .executeTakeFirst();
}

/** The event's own words as the console edits them ({} when it has none). */
export async function readWords(db: Executor, eventId: number): Promise<EventWords> {
  const row = await db
    .selectFrom('event_words')
    .select('words')
    .where('event_id', '=', eventId)
    .executeTakeFirst();
  return row?.words ?? {};
}

/** Replaces the event's own words as a whole; none at all leaves no row. */
export async function saveWords(db: Executor, eventId: number, words: EventWords): Promise<void> {
  if (Object.keys(words).length === 0) {
    await db.deleteFrom('event_words').where('event_id', '=', eventId).execute();
    return;
  }
  await db
    .insertInto('event_words')
    .values({ event_id: eventId, words: JSON.stringify(words) })
    .onConflict((oc) => oc.column('event_id').doUpdateSet({ words: JSON.stringify(words) }))
    .execute();
}

/** A duplicate starts with the original's words. */
export async function copyWords(db: Executor, fromEventId: number, toEventId: number): Promise<void> {
  const words = await readWords(db, fromEventId);
  if (Object.keys(words).length > 0) await saveWords(db, toEventId, words);
}
