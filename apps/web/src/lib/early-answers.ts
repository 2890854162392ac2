/**
 * A signed-in start-up's first answers, asked for by the start-up script (vite/preload-hints.ts)
 * beside the entry's files instead of after them: the profile check (A4.02), on an event's pages
 * the event (A7.21), and on the attendee tab's plain address (no filters) its three answers: the
 * directory's first page, "People to meet" and the people already viewed. Before, each waited for
 * the entry to arrive and run, one more round trip after the files on a venue's network (and the
 * tab's, one more after the event's). The app's first call of the same address and body with the
 * same token takes the answer (once); a later one, another token or an answer that failed to arrive
 * asks again.
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
  /** By `earlyKey`: the response, or null when it could not be fetched. */
  answers: Record<string, Promise<Response | null> | undefined>;
  /**
   * Asks at once for the answer under `key` if the script holds it back until the screen's files
   * arrive (`earlyAsks`' `then`): the app asking for it waits for no file, even where a file's load
   * was never told. Without `key`, every one held.
   */
  askNow?: (key?: string) => void;
  /** Drops the answers still held unless `shown` is the tab they were held for (the one guessed). */
  dropHeld?: (shown: string | null) => void;
}

/** One read asked for early: its path and query (`/api/v1/event/3`), and the JSON body of a read sent as POST. */
export type EarlyAsk = [address: string, body: string | null];

/** What a start-up answers under: the address, and after a space the body of a POST. */
export function earlyKey(address: string, body: string | null): string {
  return body === null ? address : `${address} ${body}`;
}

/**
 * The reads a signed-in start-up asks for at once, `first` before the screen's files, `then` after
 * them (on a browser's six connections to a server, the tab's answers would otherwise hold up its
 * files). Its source is written into the start-up script: no imports, no outer names (`/api/v1` is
 * `API_BASE` of api-client.ts; the sizes are the directory's page and the suggestions shown, as the
 * tab asks; tests check both). `search` is the address's query string: a filtered directory is not
 * asked for early.
 */
export function earlyAsks(
  eventId: number | null,
  tab: string | null,
  search: string,
  sizes: { page: number; suggestions: number },
): { first: EarlyAsk[]; then: EarlyAsk[] } {
  const first: EarlyAsk[] = [['/api/v1/user/profile', null]];
  const then: EarlyAsk[] = [];
  if (eventId === null) return { first, then };
  first.push([`/api/v1/event/${eventId}`, null]);
  if (tab === 'attendees' && search === '') {
    then.push(['/api/v1/event/participant/search2', JSON.stringify({ eventId, length: sizes.page })]);
    then.push([
      `/api/v1/event/participant/recommendations?eventId=${eventId}&limit=${sizes.suggestions}`,
      null,
    ]);
    then.push([`/api/v1/event/participant/viewed?eventId=${eventId}`, null]);
  }
  return { first, then };
}

/**
 * E7.32: the event's area shows the tab `shown`. Where the start-up script guessed another (an
 * event's address it read as the attendee tab, where this event opens another), the answers it
 * still holds for its guess are never asked for, and the app's own reads find none to take.
 */
export function dropHeldEarlyAsks(shown: string | null): void {
  (globalThis as { [EARLY_ANSWERS_KEY]?: EarlyAnswers })[EARLY_ANSWERS_KEY]?.dropHeld?.(shown);
}

/** An early answer taken: the response to come, and when the start-up script asked for it. */
export interface EarlyAnswer {
  response: Promise<Response | null>;
  at: number;
}

/**
 * The start-up script's answer for a read of `address` (path and query; `body`, the JSON of a read
 * sent as POST, else null) with `token`, taken once; null when there is none to take.
 */
export function takeEarlyAnswer(
  address: string,
  body: string | null,
  token: string | null,
): EarlyAnswer | null {
  const early = (globalThis as { [EARLY_ANSWERS_KEY]?: EarlyAnswers })[EARLY_ANSWERS_KEY];
  if (!early || !token || early.token !== token) return null;
  const key = earlyKey(address, body);
  early.askNow?.(key);
  const response = early.answers[key];
  if (!response) return null;
  delete early.answers[key];
  if (Date.now() - early.at > EARLY_ANSWERS_MS) return null;
  return { response, at: early.at };
}

/**
 * The data of answers read early, with when their read began (the script's asking, before the
 * query that took them started): a realtime record written in between is not in such an answer,
 * so answer-reads.ts counts its read from here.
 */
const earlyReads = new WeakMap<object, number>();

export function markEarlyRead(data: unknown, at: number | undefined): void {
  if (typeof data === 'object' && data !== null && at !== undefined) earlyReads.set(data, at);
}

/**
 * When the answer `data` began to be read, if it was read early; otherwise undefined. A list read
 * in pages (an infinite query's `{ pages }`) counts from its earliest page read early.
 */
export function earlyReadAt(data: unknown): number | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const pages: unknown = (data as { pages?: unknown }).pages;
  if (!Array.isArray(pages)) return earlyReads.get(data);
  let at: number | undefined;
  for (const page of pages) {
    const pageAt = earlyReadAt(page);
    if (pageAt !== undefined && (at === undefined || pageAt < at)) at = pageAt;
  }
  return at;
}
