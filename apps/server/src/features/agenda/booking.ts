import {
  AgendaErrorCode,
  AgendaErrorText,
  type AttendeeStatus,
  isInPersonOnly,
  isSessionPast,
  isSessionStartWindowOpen,
  type JoinSessionResult,
} from '@foyer/contract';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context';
import type { DB, EventRow, ParticipantRow } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { AgendaEvents } from './agenda.events';
import { viewerOf } from './agenda.policy';
import { findAgendaCollisions, lockAgenda } from './agenda-sources';
import {
  deleteAttendance,
  findAttendance,
  holdSessions,
  insertAttendance,
  isSessionLive,
  readSeats,
  releaseSeat,
  type Seats,
  takeSeat,
} from './attendance.repository';
import { type BookableSession, findSessionForBooking, isVisibleTo } from './sessions.repository';
import { sessionVideoUrl } from './video';

export const conflict = (key: Exclude<keyof typeof AgendaErrorCode, 'NotImplemented'>) =>
  AppError.conflict(AgendaErrorText[key], AgendaErrorCode[key]);

export const isFull = (seats: Seats) => seats.capacity !== null && seats.usedCapacity >= seats.capacity;

/**
 * The attendee's way into the session (E1.18): the stream link when the session has one, else its
 * video room; only in the start window (E4.33) and never for in-person-only sessions (E4.52).
 */
export function attendeeVideoUrl(
  ctx: AppContext,
  session: Pick<BookableSession, 'id' | 'sdt' | 'edt' | 'on_site' | 'external_link'>,
  eventType: EventRow['event_type'],
  now: Date,
): string | null {
  if (!isSessionStartWindowOpen(session, now)) return null;
  if (isInPersonOnly({ onSite: session.on_site }, eventType)) return null;
  return session.external_link || sessionVideoUrl(ctx.config, session.id, 'session');
}

export interface BookingInput {
  event: EventRow;
  actor: ParticipantRow;
  target: ParticipantRow;
  sessionId: number;
  message: string | null;
  /** false: the booking neither is checked for collisions nor makes the person busy (block: false). */
  blocking: boolean;
  /** Self-service joins of sessions that need approval wait for the organizers; on-behalf ones do not. */
  viaApproval: boolean;
  /** Organizers may book into hidden or restricted sessions; others only into what the target sees. */
  checkVisibility: boolean;
  /** Swap (issue 15): leave this session in the same transaction; rolled back if the join fails. */
  replaceSessionId?: number;
}

/**
 * Puts a participant into a session, race-free: the agenda lock serializes the person's bookings
 * (collision check, E4.49), the seat is taken in one guarded UPDATE (capacity, E4.50), and the
 * (session, participant) key makes a double join impossible. Idempotent for an existing booking.
 */
export async function bookSession(
  ctx: AppContext,
  events: AgendaEvents,
  input: BookingInput,
): Promise<JoinSessionResult> {
  const { event, target } = input;
  const now = ctx.now();
  return ctx.db.transaction().execute(async (trx) => {
    await lockAgenda(trx, target.id);
    const session = await findSessionForBooking(trx, event.id, input.sessionId);
    if (!session) throw AppError.notFound('Session not found');
    if (input.checkVisibility && !(await isVisibleTo(trx, viewerOf(target), session.id))) {
      throw AppError.notFound('Session not found');
    }
    if (Number(session.child_count ?? 0) > 0) {
      throw new AppError(400, AgendaErrorCode.ChooseSlot, AgendaErrorText.ChooseSlot); // E5.12
    }
    if (isSessionPast(session, now)) throw conflict('SessionOver');

    const videoUrl = (status: AttendeeStatus) =>
      status === 'joined' && input.actor.id === target.id
        ? attendeeVideoUrl(ctx, session, event.event_type, now)
        : null;

    const existing = await findAttendance(trx, session.id, target.id);
    if (existing) {
      if (existing.status === 'declined') throw conflict('RequestDeclined'); // E4.48, E8.29
      const seats = await readSeats(trx, session.id);
      return {
        sessionId: session.id,
        status: existing.status,
        alreadyJoined: true,
        ...seats,
        isFull: isFull(seats),
        videoUrl: videoUrl(existing.status),
      };
    }

    if (input.replaceSessionId !== undefined && input.replaceSessionId !== session.id) {
      // A request waiting for the organizers is no seat: swapped for one, the seat given back would
      // be gone and, the request declined, the person in neither session.
      if (input.viaApproval && session.needs_approval) throw conflict('SwapNeedsApproval');
      // Both seats' rows first, in id order: the seat given back and the seat taken.
      await holdSessions(trx, [session.id, input.replaceSessionId]);
      await leaveInTransaction(trx, events, event.id, target, input.replaceSessionId);
    }
    if (input.blocking) {
      const collisions = await findAgendaCollisions(
        trx,
        target.id,
        new Date(session.sdt),
        new Date(session.edt),
        {
          excludeSessionId: session.id,
          excludeParentId: session.parent_id,
        },
      );
      if (collisions.length > 0) throw conflict('Busy');
    }
    // The seat is taken on the session's row as it is now: cancelled meanwhile, nobody joins it.
    const seats = await takeSeat(trx, session.id, session.own_capacity === null);
    if (!seats) {
      if (!(await isSessionLive(trx, session.id))) throw AppError.notFound('Session not found');
      throw conflict('FullyBooked');
    }
    const status: AttendeeStatus = input.viaApproval && session.needs_approval ? 'waiting' : 'joined';
    await insertAttendance(trx, {
      sessionId: session.id,
      participantId: target.id,
      status,
      blocking: input.blocking,
      addedBy: input.actor.id === target.id ? null : input.actor.id,
      message: input.message,
      now,
    });
    await events.sessionChanged(trx, {
      eventId: event.id,
      sessionId: session.id,
      ...seats,
      isFull: isFull(seats),
      change: status,
      participantId: target.id,
    });
    await events.agendaChanged(trx, target.user_id, { eventId: event.id, participantId: target.id });
    return {
      sessionId: session.id,
      status,
      alreadyJoined: false,
      ...seats,
      isFull: isFull(seats),
      videoUrl: videoUrl(status),
    };
  });
}

/**
 * Takes the participant out of a session of their agenda inside the caller's transaction (the agenda
 * lock already held): the seat is released and the change announced, as a leave does.
 */
export async function leaveInTransaction(
  trx: Transaction<DB>,
  events: AgendaEvents,
  eventId: number,
  target: ParticipantRow,
  sessionId: number,
): Promise<void> {
  const existing = await findAttendance(trx, sessionId, target.id);
  if (!existing || existing.status === 'declined') throw conflict('NotInAgenda');
  await deleteAttendance(trx, sessionId, target.id);
  const seats = await releaseSeat(trx, sessionId);
  await events.sessionChanged(trx, {
    eventId,
    sessionId,
    ...seats,
    isFull: isFull(seats),
    change: 'left',
    participantId: target.id,
  });
}
