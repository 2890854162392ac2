import { z } from 'zod';
import type { EventType } from './event';

/**
 * Pure session and agenda rules (E4), shared by the server (which decides what it allows) and the
 * web (which decides what it shows). Time intervals are half-open: a session occupies [sdt, edt),
 * so one ending at 10:00 and one starting at 10:00 do not collide, and at edt a session is over.
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
export const sessionUpcomingStateSchema = z.enum(['expired', 'started', 'starting', 'notstarted']);
export type SessionUpcomingState = z.infer<typeof sessionUpcomingStateSchema>;

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

export const attendeeStatusSchema = z.enum(['joined', 'waiting', 'declined']);
export type AttendeeStatus = z.infer<typeof attendeeStatusSchema>;
export const sessionRoleSchema = z.enum(['speaker', 'moderator', 'translator']);
export type SessionRole = z.infer<typeof sessionRoleSchema>;

/** E4.52: sessions a participant can take part in only at the venue (no video room). */
export function isInPersonOnly(session: { onSite: boolean }, eventType: EventType): boolean {
  return eventType === 'normal' || (eventType === 'hybrid' && session.onSite);
}

export const sessionButtonSchema = z.enum([
  'viewRecording',
  'joinNow',
  'joinAsAttendee',
  'joinAsModerator',
  'startStreaming',
  'joinRehearsal',
  'addToAgenda',
  'removeFromAgenda',
  'addToCalendar',
  'leave',
]);
export type SessionButton = z.infer<typeof sessionButtonSchema>;

export const sessionNoticeSchema = z.enum([
  'finished',
  'waitingConfirmation',
  'requestDeclined',
  'busy',
  'fullyBooked',
  'onSiteOnly',
]);
export type SessionNotice = z.infer<typeof sessionNoticeSchema>;

/** English texts of the buttons and notices (E4.41–E4.52, E8.38); the web's i18n keys default to them. */
export const SESSION_BUTTON_TEXT: Record<SessionButton, string> = {
  viewRecording: 'View recorded video',
  joinNow: 'Join now',
  joinAsAttendee: 'Join as attendee',
  joinAsModerator: 'Join as moderator',
  startStreaming: 'Start Streaming',
  joinRehearsal: 'Join Rehearsal',
  addToAgenda: 'Add to agenda',
  removeFromAgenda: 'Remove from agenda',
  addToCalendar: 'Add to calendar',
  leave: 'Leave',
};

export const SESSION_NOTICE_TEXT: Record<SessionNotice, string> = {
  finished: 'Finished',
  waitingConfirmation: 'Waiting Confirmation',
  requestDeclined: 'Request declined',
  busy: 'You are busy',
  fullyBooked: 'Fully booked',
  onSiteOnly:
    'This session is available only on-site. To take part in it, please proceed to the session location.',
};

export interface SessionButtonInput {
  session: Timed & {
    onSite: boolean;
    /** The recording ("watch") link, E4.41. */
    offlineLink: string | null;
    isFull: boolean;
    collision: boolean;
    rehearsalStarted: boolean;
    availableToMe: boolean;
  };
  eventType: EventType;
  eventFinished: boolean;
  myStatus: AttendeeStatus | null;
  myRoles: readonly SessionRole[];
  organizer: boolean;
  now: TimeLike;
}

export const sessionButtonStateSchema = z.object({
  buttons: z.array(sessionButtonSchema),
  notice: sessionNoticeSchema.nullable(),
});
export type SessionButtonState = z.infer<typeof sessionButtonStateSchema>;

/**
 * E4.41–E4.52: what a session card offers the caller right now. Order of precedence: finished,
 * presenter (speaker/translator), pending or declined request, then the start window (join) or
 * before it (agenda). Joining live also adds the session to the agenda, so a full or colliding
 * session offers no join to a plain attendee who is not in it yet.
 */
export function sessionButtons(input: SessionButtonInput): SessionButtonState {
  const { session, now } = input;
  if (input.eventFinished || isSessionPast(session, now)) {
    return { buttons: session.offlineLink ? ['viewRecording'] : [], notice: 'finished' }; // E4.41, E4.51
  }
  if (input.myRoles.includes('speaker') || input.myRoles.includes('translator')) {
    const buttons: SessionButton[] = ['startStreaming']; // E4.45
    if (!session.rehearsalStarted) buttons.push('joinRehearsal'); // E4.46
    return { buttons, notice: null };
  }
  if (input.myStatus === 'waiting') return { buttons: ['leave'], notice: 'waitingConfirmation' }; // E4.47
  if (input.myStatus === 'declined') return { buttons: [], notice: 'requestDeclined' }; // E4.48

  const inAgenda = input.myStatus === 'joined';
  const canModerate = input.organizer || input.myRoles.includes('moderator'); // E4.43
  if (!inAgenda && !canModerate && !session.availableToMe) return { buttons: [], notice: null };

  if (isSessionStartWindowOpen(session, now)) {
    if (isInPersonOnly(session, input.eventType)) {
      return { buttons: [], notice: 'onSiteOnly' }; // E4.52
    }
    const join: SessionButton[] = canModerate ? ['joinAsAttendee', 'joinAsModerator'] : ['joinNow']; // E4.42
    if (inAgenda) return { buttons: join, notice: null };
    // Moderating takes no seat, so a full or colliding session still offers it (E4.43).
    if (canModerate && (session.isFull || session.collision))
      return { buttons: ['joinAsModerator'], notice: null };
    if (canModerate) return { buttons: join, notice: null };
    if (session.collision) return { buttons: [], notice: 'busy' }; // E4.49
    if (session.isFull) return { buttons: [], notice: 'fullyBooked' }; // E4.50
    return { buttons: join, notice: null };
  }

  if (inAgenda) return { buttons: ['removeFromAgenda', 'addToCalendar'], notice: null }; // E4.44
  if (session.collision) return { buttons: [], notice: 'busy' }; // E4.49
  if (session.isFull) return { buttons: [], notice: 'fullyBooked' }; // E4.50
  return { buttons: ['addToAgenda'], notice: null }; // E4.44
}
