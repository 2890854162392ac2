/**
 * A signed-in start-up's first answers, asked for by the start-up script (vite/preload-hints.ts)
 * beside the entry's files instead of after them: the profile check (A4.02) and, on an event's
 * pages, the event (A7.21). Before, each waited for the entry to arrive and run, one more round trip
 * after the files on a venue's network. The app's first GET of the same address with the same token
 * takes the answer (once); a later one, another token or an answer that failed to arrive asks again.
 */

/** Where the start-up script leaves its answers on `window`. */
export const EARLY_ANSWERS_KEY = '__foyerEarly';

/** After this long the early answers are left unused: a start-up that slow asks afresh. */
export const EARLY_ANSWERS_MS = 60_000;

export interface EarlyAnswers {
  /** The stored token the script sent. */
  token: string;
  /** `Date.now()` when asked. */
  at: number;
  /** By path and query (`/api/v1/event/3`): the response, or null when it could not be fetched. */
  answers: Record<string, Promise<Response | null> | undefined>;
}

/**
 * The addresses a signed-in start-up asks for at once: the profile always, the event on its pages.
 * Its source is written into the start-up script (no imports, no outer names: `/api/v1` is
 * `API_BASE` of api-client.ts, which a test checks).
 */
export function earlyAddresses(eventId: number | null): string[] {
  const addresses = ['/api/v1/user/profile'];
  if (eventId !== null) addresses.push(`/api/v1/event/${eventId}`);
  return addresses;
}

/** An early answer taken: the response to come, and when the start-up script asked for it. */
export interface EarlyAnswer {
  response: Promise<Response | null>;
  at: number;
}

/**
 * The start-up script's answer for a GET of `address` (path and query) with `token`, taken once;
 * null when there is none to take.
 */
export function takeEarlyAnswer(address: string, token: string | null): EarlyAnswer | null {
  const early = (globalThis as { [EARLY_ANSWERS_KEY]?: EarlyAnswers })[EARLY_ANSWERS_KEY];
  if (!early || !token || early.token !== token) return null;
  const response = early.answers[address];
  if (!response) return null;
  delete early.answers[address];
  if (Date.now() - early.at > EARLY_ANSWERS_MS) return null;
  return { response, at: early.at };
}

/**
 * The data of answers read early, with when their read began (the script's asking, before the
 * query that took them started): a realtime record written in between is not in such an answer,
 * so answer-reads.ts counts its read from here.
 */
const earlyReads = new WeakMap<object, number>();

export function markEarlyRead(data: unknown, at: number): void {
  if (typeof data === 'object' && data !== null) earlyReads.set(data, at);
}

/** When the answer `data` began to be read, if it was read early; otherwise undefined. */
export function earlyReadAt(data: unknown): number | undefined {
  return typeof data === 'object' && data !== null ? earlyReads.get(data) : undefined;
}
