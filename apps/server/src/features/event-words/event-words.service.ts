import type { AppContext } from '../../context';
import { AppError } from '../../http/errors';
import * as repo from './event-words.repository';

/** The console reads, saves and copies an event's words with the event's own writes (organizer/). */
export { copyWords, readWords, saveWords } from './event-words.repository';

/** An event's own words: language → catalogue key → text (A7.27), as the file serves them. */
export type EventWordsFile = repo.EventWords;

/** The largest id PostgreSQL's integer holds: a longer number cannot be an event. */
const MAX_ID = 2_147_483_647;

/** `{eventId}.json`, the id without leading zeros: anything else names no file. */
const WORDS_FILE = /^([1-9][0-9]{0,9})\.json$/;

/** The event a messagesForEvent file name names, or null when the name cannot be one. */
export function eventIdOfWordsFile(file: string): number | null {
  const digits = WORDS_FILE.exec(file)?.[1];
  if (digits === undefined) return null;
  const id = Number(digits);
  return id <= MAX_ID ? id : null;
}

/** The languages in which the event words at least one text its own way, sorted (A7.28's `ownWords`). */
export function languagesWithWords(words: EventWordsFile | null | undefined): string[] {
  return Object.entries(words ?? {})
    .filter(([, texts]) => texts !== null && typeof texts === 'object' && Object.keys(texts).length > 0)
    .map(([language]) => language)
    .sort();
}

/**
 * GET /messagesForEvent/{eventId}.json (A7.27, A7.28): the event's own words, for the app to lay over
 * its catalogue. An archived event, or one without words, is "not found" like a missing one: the app
 * asks only for the languages its event's `ownWords` names.
 */
export async function getEventWordsFile(ctx: AppContext, file: string): Promise<EventWordsFile> {
  const eventId = eventIdOfWordsFile(file);
  const event = eventId === null ? undefined : await repo.findEventWords(ctx.db, eventId);
  if (!event || event.archived_at) throw AppError.notFound('Event not found');
  const words = event.words ?? {};
  const languages = languagesWithWords(words);
  if (languages.length === 0) throw AppError.notFound('This event words no text its own way');
  return Object.fromEntries(languages.map((language) => [language, words[language] ?? {}]));
}
