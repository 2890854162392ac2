import type { Executor } from '../../db/executor';
import type { EventRow, ParticipantRow } from '../../db/schema';
import { AppError } from '../../http/errors';
import { findEvent, findParticipation } from './access.repository';

export { findParticipation };

export interface Membership {
  event: EventRow;
  /** The caller's own participant record in that event (A3.13). */
  me: ParticipantRow;
}

/**
 * The caller's place in an event, from the database — never from what the client claims (DESIGN:
 * authorization is decided in services). Unknown event → 404; not a participant → 403. With `lock`
 * the caller's participant row is held until the transaction ends.
 */
export async function requireMembership(
  db: Executor,
  eventId: number,
  userId: number,
  options: { lock?: boolean } = {},
): Promise<Membership> {
  const event = await findEvent(db, eventId);
  if (!event) throw AppError.notFound('Event not found');
  const me = await findParticipation(db, eventId, userId, options);
  if (!me) throw AppError.forbidden('You are not a participant of this event');
  return { event, me };
}

export function isOrganizer(me: ParticipantRow): boolean {
  return me.organizer;
}

/** A named right from the participant's rights map (inviteparticipant, onbehalfmeeting, reserveatable, …). */
export function hasRight(me: ParticipantRow, right: string): boolean {
  return me.organizer || me.rights[right] === true;
}

/** E6.06, E6.07, E6.35: organizers, and participants with the moderator right (the lobby's posts, polls). */
export function isModerator(me: ParticipantRow): boolean {
  return hasRight(me, 'moderator');
}
