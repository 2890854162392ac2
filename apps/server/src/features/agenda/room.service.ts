import {
  AgendaErrorCode,
  AgendaErrorText,
  isEventFinished,
  isInPersonOnly,
  isSessionPast,
  isSessionStartWindowOpen,
  type SessionRoom,
  type SessionRoomQuery,
} from '@foyer/contract';
import type { AppContext } from '../../context';
import { AppError } from '../../http/errors';
import { requireMembership } from '../access/event-access';
import { viewerOf } from './agenda.policy';
import { findAttendance } from './attendance.repository';
import { attendeeVideoUrl, conflict } from './booking';
import { findRoles, findSessionForBooking, isVisibleTo, markRehearsalStarted } from './sessions.repository';
import { sessionVideoUrl } from './video';

/**
 * GET /event/:eventId/sessions/:sessionId/room?as=…: the URL each session button opens in a new
 * window (E1.18). Attendees (Join now) need a seat and the start window; moderators (E4.43) and
 * presenters (E4.45 Start Streaming, Join Rehearsal) use the conference room itself at any time
 * before the end. Opening the rehearsal marks it started (E4.46).
 */
export async function sessionRoom(
  ctx: AppContext,
  userId: number,
  eventId: number,
  sessionId: number,
  query: SessionRoomQuery,
): Promise<SessionRoom> {
  const { event, me } = await requireMembership(ctx.db, eventId, userId);
  const session = await findSessionForBooking(ctx.db, event.id, sessionId);
  if (!session || !(await isVisibleTo(ctx.db, viewerOf(me), session.id))) {
    throw AppError.notFound('Session not found');
  }
  const now = ctx.now();
  const finished = isEventFinished({ isFinished: event.is_finished, realEdt: event.real_edt }, now);
  if (finished || isSessionPast(session, now)) throw conflict('SessionOver');
  const roles = await findRoles(ctx.db, session.id, me.id);

  if (query.as === 'attendee') {
    const attendance = await findAttendance(ctx.db, session.id, me.id);
    if (attendance?.status !== 'joined') throw conflict('NotInAgenda');
    if (!isSessionStartWindowOpen(session, now)) throw conflict('NotStarted');
    if (isInPersonOnly({ onSite: session.on_site }, event.event_type)) {
      throw new AppError(409, AgendaErrorCode.OnSiteOnly, AgendaErrorText.OnSiteOnly); // E4.52, E8.38
    }
    return { as: 'attendee', url: attendeeVideoUrl(ctx, session, event.event_type, now)! };
  }
  const allowed =
    me.organizer ||
    (query.as === 'moderator' && roles.includes('moderator')) ||
    (query.as === 'speaker' && (roles.includes('speaker') || roles.includes('translator'))) ||
    (query.as === 'rehearsal' && roles.length > 0);
  if (!allowed) throw AppError.forbidden('You do not present or moderate this session');
  if (query.as === 'rehearsal') {
    await markRehearsalStarted(ctx.db, session.id, now);
    return { as: 'rehearsal', url: sessionVideoUrl(ctx.config, session.id, 'rehearsal') };
  }
  return { as: query.as, url: sessionVideoUrl(ctx.config, session.id, 'session') };
}
