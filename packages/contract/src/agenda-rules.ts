import { z } from 'zod';
import {
  isSessionPast,
  isSessionStartWindowOpen,
  sessionUpcomingStates,
  type Timed,
  type TimeLike,
} from './agenda-time';
import type { EventType } from './event-rules';

/**
 * Pure session and agenda rules (E4), shared by the server (which decides what it allows) and the
 * web (which decides what it shows); the timing rules without a schema are in agenda-time.ts.
 */

/** E4.28–E4.31. */
export const sessionUpcomingStateSchema = z.enum(sessionUpcomingStates);

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
