import { isUnreachable } from './api-client';

/**
 * The few API answers a door needs to open its screen again without a network (issue 14 part 4,
 * decision 019): the event and its check-in areas, kept only for events this device holds a door
 * snapshot of (the check-in screen asks for it with `keepOfflineAnswers`). One small entry in local
 * storage, read at start-up before anything else has loaded; session data, so logout clears it
 * (A4.05). Answers of another build are dropped: their shape may have changed.
 */
const KEY = 'offlineAnswers';
/** The events kept at most; the least recently refreshed goes first. */
export const OFFLINE_ANSWER_EVENTS = 5;
const BUILD = typeof __BUILD_TIME__ === 'string' ? __BUILD_TIME__ : 'dev';

export type OfflineAnswerKind = 'event' | 'checkInAreas';

interface KeptEvent {
  /** When its answers were last written (ms). */
  at: number;
  answers: Partial<Record<OfflineAnswerKind, unknown>>;
}

interface Kept {
  build: string;
  events: Record<string, KeptEvent>;
}

function read(): Kept {
  try {
    const raw = localStorage.getItem(KEY);
    const kept = raw ? (JSON.parse(raw) as Kept) : null;
    if (kept?.build === BUILD && kept.events && typeof kept.events === 'object') return kept;
  } catch {
    // storage unavailable, or not JSON: nothing kept
  }
  return { build: BUILD, events: {} };
}

function write(kept: Kept): void {
  const newest = Object.entries(kept.events)
    .sort(([, a], [, b]) => b.at - a.at)
    .slice(0, OFFLINE_ANSWER_EVENTS);
  try {
    localStorage.setItem(KEY, JSON.stringify({ build: BUILD, events: Object.fromEntries(newest) }));
  } catch {
    // storage unavailable or full: the door still works online
  }
}

/**
 * From now on the event's answers are kept on this device (the door has its snapshot); the ones
 * given (what the screen has loaded already) are stored at once.
 */
export function keepOfflineAnswers(
  eventId: number,
  answers: Partial<Record<OfflineAnswerKind, unknown>>,
): void {
  const kept = read();
  const previous = kept.events[eventId]?.answers ?? {};
  const given = Object.fromEntries(Object.entries(answers).filter(([, value]) => value !== undefined));
  kept.events[eventId] = { at: Date.now(), answers: { ...previous, ...given } };
  write(kept);
}

/** Whether this device keeps the event's answers. */
export function keepsOfflineAnswers(eventId: number): boolean {
  return read().events[eventId] !== undefined;
}

/** The event's last kept answer of this kind, if any. */
export function offlineAnswer<T>(eventId: number, kind: OfflineAnswerKind): T | undefined {
  // The stored copy of an answer of this type, written by `withOfflineAnswer` below.
  return read().events[eventId]?.answers[kind] as T | undefined;
}

/**
 * A query's fetch for an event the door may need offline: a good answer is kept when the device
 * keeps the event's answers; when the server cannot be reached, the last kept answer stands in
 * for it (the realtime room's reconnect and the next fetch bring the current one).
 */
export async function withOfflineAnswer<T>(
  eventId: number,
  kind: OfflineAnswerKind,
  fetch: () => Promise<T>,
): Promise<T> {
  try {
    const answer = await fetch();
    const kept = read();
    const event = kept.events[eventId];
    if (event) {
      kept.events[eventId] = { at: Date.now(), answers: { ...event.answers, [kind]: answer } };
      write(kept);
    }
    return answer;
  } catch (error) {
    if (isUnreachable(error)) {
      const kept = offlineAnswer<T>(eventId, kind);
      if (kept !== undefined) return kept;
    }
    throw error;
  }
}
