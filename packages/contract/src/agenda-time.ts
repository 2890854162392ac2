import { RecordType } from './realtime';
import { formatUtcWallClock, parseUtcWallClock, zonedWallClockToUtc } from './time';

/** Zone arithmetic the agenda screens need too (day of an instant, wall clock to UTC). */
export { localDayIn, zonedWallClockToUtc } from './time';

/**
 * The session and agenda rules that need no schema: timing constants, the half-open interval
 * predicates and the UTC date-time format of the requests. Screens that only show sessions (the
 * navigation's live badge, the agenda's caches) import these without loading the validation library.
 * Time intervals are half-open: a session occupies [sdt, edt), so one ending at 10:00 and one
 * starting at 10:00 do not collide, and at edt a session is over.
 */

export const SESSION_STARTING_MS = 300_000; // E4.30: "starting" under 5 minutes before start
export const SESSION_START_WINDOW_MS = 15 * 60_000; // E4.33, E9.05: derived "started" flag
export const AGENDA_LIVE_MS = 7 * 60_000; // E4.37, E9.07
export const SESSION_RECOMPUTE_MS = 60_000; // E4.39, E9.08
export const OFF_TIME_STEP_MINUTES = 15; // E5.10
export const SPEAKER_SESSIONS_SHOWN = 4; // E9.39
export const SESSION_BANNER_HEIGHT = 96; // E9.20
/** E3.08: an off-time (break) in an agenda. */
export const SESSION_TYPE_OFF_TIME = '_participant_off_';

export type TimeLike = Date | string | number;

export interface Timed {
  sdt: TimeLike;
  edt: TimeLike;
}

const ms = (t: TimeLike): number => (t instanceof Date ? t.getTime() : new Date(t).getTime());

/** E4.28–E4.31. */
export const sessionUpcomingStates = ['expired', 'started', 'starting', 'notstarted'] as const;
export type SessionUpcomingState = (typeof sessionUpcomingStates)[number];

export function sessionUpcomingState(session: Timed, now: TimeLike): SessionUpcomingState {
  const n = ms(now);
  if (n >= ms(session.edt)) return 'expired'; // E4.28
  const toStart = ms(session.sdt) - n;
  if (toStart <= 0) return 'started'; // E4.29
  if (toStart < SESSION_STARTING_MS) return 'starting'; // E4.30: under 300000 ms
  return 'notstarted'; // E4.31
}

/** E4.35: now between start and end. */
export function isSessionLive(session: Timed, now: TimeLike): boolean {
  const n = ms(now);
  return ms(session.sdt) <= n && n < ms(session.edt);
}

/** E4.36: the end is before now (at the end instant it is over too, see the interval note above). */
export function isSessionPast(session: Timed, now: TimeLike): boolean {
  return ms(session.edt) <= ms(now);
}

/**
 * E4.33: the derived "started" flag, 15 minutes before the start until the end. Join buttons and
 * the video room open in this window.
 */
export function isSessionStartWindowOpen(session: Timed, now: TimeLike): boolean {
  const n = ms(now);
  return ms(session.sdt) - SESSION_START_WINDOW_MS <= n && n < ms(session.edt);
}

/** E4.32: every sub-session (or the session itself when it has none) is over. */
export function isAllExpired(session: Timed & { subSessions?: readonly Timed[] }, now: TimeLike): boolean {
  const parts = session.subSessions?.length ? session.subSessions : [session];
  return parts.every((part) => isSessionPast(part, now));
}

/** E4.37: an agenda item is live when it is not over and starts within 7 minutes (or has started). */
export function isAgendaItemLive(item: Timed, now: TimeLike): boolean {
  const n = ms(now);
  return n < ms(item.edt) && ms(item.sdt) - n <= AGENDA_LIVE_MS;
}

/** E4.38: the earliest item that is neither over nor an off-time. */
export function closestMeeting<T extends Timed & { isOffTime?: boolean }>(
  items: readonly T[],
  now: TimeLike,
): T | null {
  let best: T | null = null;
  for (const item of items) {
    if (item.isOffTime || isSessionPast(item, now)) continue;
    if (!best || ms(item.sdt) < ms(best.sdt)) best = item;
  }
  return best;
}

/** Half-open overlap: touching intervals do not overlap. */
export function timesOverlap(a: Timed, b: Timed): boolean {
  return ms(a.sdt) < ms(b.edt) && ms(b.sdt) < ms(a.edt);
}

/** A UTC date-time string to a Date (input already checked by utcDateTimeSchema). */
export function parseUtcDateTime(value: string): Date {
  return new Date(parseUtcWallClock(value));
}

/** A Date to the spec's UTC `yyyy-LL-dd HH:mm`. */
export function formatUtcDateTime(value: Date | string): string {
  const date = value instanceof Date ? value : new Date(value);
  return formatUtcWallClock(date.getTime());
}

/** agenda.ts's off-time form and request, declared here: the schemas import this file. */
interface OffTimeForm {
  date: string;
  start: string;
  end: string;
}
interface ParticipantOffRequest {
  eventId: number;
  startTime: string;
  endTime: string;
  date: string;
  timezone: string;
  asParticipantId?: number | undefined;
}

/** The form's wall-clock times in `timezone` → the request's UTC times (E3.11). */
export function toOffTimeRequest(
  form: OffTimeForm,
  context: { eventId: number; timezone: string; asParticipantId?: number },
): ParticipantOffRequest {
  const at = (hhmm: string) =>
    formatUtcDateTime(new Date(zonedWallClockToUtc(`${form.date} ${hhmm}`, context.timezone)));
  return {
    eventId: context.eventId,
    date: form.date,
    startTime: at(form.start),
    endTime: at(form.end),
    timezone: context.timezone,
    ...(context.asParticipantId ? { asParticipantId: context.asParticipantId } : {}),
  };
}

/** The largest page of the sessions list. */
export const SESSIONS_PAGE_MAX = 200;

/** Realtime record types of this feature (room newEvents/{eventId}/public_sessions/{sessionId}). */
export const AgendaRecordType = {
  SessionChanged: RecordType.SessionChanged,
  SessionPing: RecordType.SessionPing,
  /** To userRooms/{userId}: that person's agenda changed (payload { eventId, participantId }). */
  AgendaChanged: RecordType.AgendaChanged,
} as const;
