import {
  type AddToSessionRequest,
  AgendaErrorCode,
  isEventFinished,
  isSessionPast,
  type JoinSessionRequest,
  type JoinSessionResult,
  type LeaveSessionResult,
  type PingResult,
  type ScheduleLeaveRequest,
  type SessionActionRequest,
  type SessionCheckInResult,
  type SessionRequestDecision,
  type SessionRequestResult,
} from '@foyer/contract';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import type { Bus } from '../../events/bus';
import { AppError } from '../../http/errors';
import { requireMembership } from '../access/event-access';
import { type AgendaEvents, agendaEvents } from './agenda.events';
import { assertMayActFor, assertOrganizer, viewerOf } from './agenda.policy';
import { lockAgenda } from './agenda-sources';
import {
  checkInAttendance,
  deleteAttendance,
  findAttendance,
  findEventParticipant,
  readSeats,
  releaseSeat,
  setAttendanceStatus,
  touchAttendance,
} from './attendance.repository';
import { bookSession, conflict, isFull } from './booking';
import { findRoles, findSessionForBooking, isVisibleTo } from './sessions.repository';

export interface ScheduleDeps {
  events: AgendaEvents;
  bus: Pick<Bus, 'emit'>;
  log: FastifyBaseLogger;
}

/** What the schedule calls need, from the app (its realtime and bus) and the request's logger. */
export const scheduleDeps = (app: FastifyInstance, log: FastifyBaseLogger): ScheduleDeps => ({
  events: agendaEvents(app),
  bus: app.bus,
  log,
});

async function openEvent(ctx: AppContext, userId: number, eventId: number) {
  const membership = await requireMembership(ctx.db, eventId, userId);
  const { event } = membership;
  if (isEventFinished({ isFinished: event.is_finished, realEdt: event.real_edt }, ctx.now())) {
    throw conflict('SessionOver'); // E4.51
  }
  return membership;
}

/** POST /event/schedule/join, toType session (E7.10). */
export async function joinSession(
  ctx: AppContext,
  deps: ScheduleDeps,
  userId: number,
  input: JoinSessionRequest,
): Promise<JoinSessionResult> {
  const { event, me } = await openEvent(ctx, userId, input.eventId);
  return bookSession(ctx, deps.events, {
    event,
    actor: me,
    target: me,
    sessionId: input.sessionId,
    message: input.message || null,
    blocking: true,
    viaApproval: true,
    checkVisibility: true,
    ...(input.replaceSessionId !== undefined ? { replaceSessionId: input.replaceSessionId } : {}),
  });
}

/** POST /event/schedule/addToSession (E7.15): self-service, or on behalf with the right (E6.10). */
export async function addToSession(
  ctx: AppContext,
  deps: ScheduleDeps,
  userId: number,
  input: AddToSessionRequest,
): Promise<JoinSessionResult> {
  const { event, me } = await openEvent(ctx, userId, input.eventId);
  assertMayActFor(me, input.participantId);
  if (input.behalfOf !== undefined) {
    assertMayActFor(me, input.behalfOf);
    if (!(await findEventParticipant(ctx.db, event.id, input.behalfOf))) {
      throw AppError.notFound('Participant not found');
    }
  }
  const target =
    input.participantId === me.id ? me : await findEventParticipant(ctx.db, event.id, input.participantId);
  if (!target) throw AppError.notFound('Participant not found');
  const onBehalf = target.id !== me.id || (input.behalfOf !== undefined && input.behalfOf !== me.id);
  return bookSession(ctx, deps.events, {
    event,
    actor: me,
    target,
    sessionId: input.sessionId,
    message: input.message || null,
    blocking: onBehalf ? input.block !== false : true,
    viaApproval: !onBehalf,
    checkVisibility: !me.organizer,
  });
}

/** POST /event/schedule/leave (E7.08); a pending request is withdrawn the same way (E4.47). */
export async function leaveSession(
  ctx: AppContext,
  deps: ScheduleDeps,
  userId: number,
  input: ScheduleLeaveRequest,
): Promise<LeaveSessionResult> {
  if (input.sessionId === undefined) {
    // E7.09 cancelling a meeting by invitationId belongs to the meetings feature.
    throw new AppError(501, AgendaErrorCode.NotImplemented, 'Cancelling meetings is not available here yet');
  }
  const sessionId = input.sessionId;
  const { event, me } = await requireMembership(ctx.db, input.eventId, userId);
  return ctx.db.transaction().execute(async (trx) => {
    await lockAgenda(trx, me.id);
    const session = await findSessionForBooking(trx, event.id, sessionId);
    if (!session) throw AppError.notFound('Session not found');
    const existing = await findAttendance(trx, sessionId, me.id);
    if (!existing) throw conflict('NotInAgenda');
    if (existing.status === 'declined') throw conflict('RequestDeclined');
    await deleteAttendance(trx, sessionId, me.id);
    const seats = await releaseSeat(trx, sessionId);
    await deps.events.sessionChanged(trx, {
      eventId: event.id,
      sessionId,
      ...seats,
      isFull: isFull(seats),
      change: 'left',
      participantId: me.id,
    });
    await deps.events.agendaChanged(trx, me.user_id, { eventId: event.id, participantId: me.id });
    return { sessionId, ...seats, isFull: isFull(seats) };
  });
}

/** The session as the caller may act on it: visible to them, not over. */
async function actionableSession(ctx: AppContext, userId: number, input: SessionActionRequest) {
  const { event, me } = await requireMembership(ctx.db, input.eventId, userId);
  const session = await findSessionForBooking(ctx.db, event.id, input.sessionId);
  if (!session || !(await isVisibleTo(ctx.db, viewerOf(me), session.id))) {
    throw AppError.notFound('Session not found');
  }
  if (isSessionPast(session, ctx.now())) throw conflict('SessionOver');
  const attendance = await findAttendance(ctx.db, session.id, me.id);
  const roles = await findRoles(ctx.db, session.id, me.id);
  return { event, me, session, attendance, roles };
}

/**
 * POST /event/schedule/ping (E7.13): "I am here" to the others in the session (its public room);
 * for people in the session, presenting it, or organizers.
 */
export async function pingSession(
  ctx: AppContext,
  deps: ScheduleDeps,
  userId: number,
  input: SessionActionRequest,
): Promise<PingResult> {
  const { event, me, session, attendance, roles } = await actionableSession(ctx, userId, input);
  if (!me.organizer && roles.length === 0 && attendance?.status !== 'joined') throw conflict('NotInAgenda');
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    if (attendance) await touchAttendance(trx, session.id, me.id, { last_ping_at: now });
    await deps.events.sessionPing(trx, {
      eventId: event.id,
      sessionId: session.id,
      participantId: me.id,
      pingedAt: now.toISOString(),
    });
  });
  return { sessionId: session.id, pingedAt: now.toISOString() };
}

/** POST /event/schedule/checkIn (E7.14): the attendee is at the session; idempotent. */
export async function checkInSession(
  ctx: AppContext,
  deps: ScheduleDeps,
  userId: number,
  input: SessionActionRequest,
): Promise<SessionCheckInResult> {
  const { event, me, session, attendance } = await actionableSession(ctx, userId, input);
  const answer = (checkedInAt: Date | string, alreadyCheckedIn: boolean) => ({
    sessionId: session.id,
    checkedInAt: new Date(checkedInAt).toISOString(),
    alreadyCheckedIn,
  });
  if (attendance?.status !== 'joined') throw conflict('NotInAgenda');
  if (attendance.checked_in_at) return answer(attendance.checked_in_at, true);
  const now = ctx.now();
  const checkedIn = await ctx.db.transaction().execute(async (trx) => {
    const at = await checkInAttendance(trx, session.id, me.id, now);
    if (!at) return false;
    const seats = await readSeats(trx, session.id);
    await deps.events.sessionChanged(trx, {
      eventId: event.id,
      sessionId: session.id,
      ...seats,
      isFull: isFull(seats),
      change: 'checkedIn',
      participantId: me.id,
    });
    return true;
  });
  if (checkedIn) return answer(now, false);
  // Another tap checked them in meanwhile, or they left the session: answered as it is now.
  const current = await findAttendance(ctx.db, session.id, me.id);
  if (current?.status !== 'joined' || !current.checked_in_at) throw conflict('NotInAgenda');
  return answer(current.checked_in_at, true);
}

/**
 * POST /event/schedule/sessionRequest: an organizer accepts or declines a pending request. The
 * seat was held while waiting; a decline gives it back. The requester is told by e-mail (E8.36).
 */
export async function decideSessionRequest(
  ctx: AppContext,
  deps: ScheduleDeps,
  userId: number,
  input: SessionRequestDecision,
): Promise<SessionRequestResult> {
  const { event, me } = await requireMembership(ctx.db, input.eventId, userId);
  assertOrganizer(me, 'answer session requests');
  const target = await findEventParticipant(ctx.db, event.id, input.participantId);
  if (!target) throw AppError.notFound('Participant not found');
  const now = ctx.now();
  const result = await ctx.db.transaction().execute(async (trx) => {
    await lockAgenda(trx, target.id);
    // Held: a cancellation committing meanwhile must not be followed by "you are confirmed".
    const session = await findSessionForBooking(trx, event.id, input.sessionId, 'hold');
    if (!session) throw AppError.notFound('Session not found');
    const to = input.accept ? 'joined' : 'declined';
    const changed = await setAttendanceStatus(trx, session.id, target.id, 'waiting', to, now);
    if (!changed) throw conflict('NoPendingRequest');
    const seats = input.accept ? await readSeats(trx, session.id) : await releaseSeat(trx, session.id);
    await deps.events.sessionChanged(trx, {
      eventId: event.id,
      sessionId: session.id,
      ...seats,
      isFull: isFull(seats),
      change: input.accept ? 'approved' : 'declined',
      participantId: target.id,
    });
    await deps.events.agendaChanged(trx, target.user_id, { eventId: event.id, participantId: target.id });
    if (input.accept) {
      // E8.36: the notifications processor tells the requester (in-app, and by e-mail per their
      // preferences) that they are confirmed; the bus runs it after the commit, outside the request.
      await deps.bus.emit(
        {
          type: 'session.changed',
          kind: 'confirmed',
          eventId: event.id,
          sessionId: session.id,
          participantIds: [target.id],
          actorId: me.id,
          message: input.message ?? null,
        },
        trx,
      );
    } else {
      // E8.29: no notification type covers a declined request; the e-mail goes out after the commit.
      const text = 'The event organizers declined your request.';
      await deps.bus.emit(
        {
          type: 'messages.send',
          eventId: event.id,
          messages: [
            {
              channel: 'email',
              to: target.email,
              subject: `Your request: ${session.name}`,
              text: input.message ? `${text}\n\n${input.message}` : text,
            },
          ],
        },
        trx,
      );
    }
    return { session, seats, status: to } as const;
  });
  return {
    sessionId: result.session.id,
    participantId: target.id,
    status: result.status,
    ...result.seats,
  };
}
