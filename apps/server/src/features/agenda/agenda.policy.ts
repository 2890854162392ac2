import type { ParticipantRow } from '../../db/schema';
import { AppError } from '../../http/errors';
import { hasRight, isOrganizer } from '../access/event-access';
import type { Viewer } from './sessions.visibility';

/** Who decides what in the agenda (E6). */

export function viewerOf(me: ParticipantRow): Viewer {
  return { participantId: me.id, typeId: me.type_id, organizer: isOrganizer(me) };
}

/**
 * E6.10: acting on someone else's agenda (add to a session, breaks) needs the onbehalfmeeting
 * right; organizers hold every right.
 */
export function assertMayActFor(me: ParticipantRow, targetId: number): void {
  if (targetId !== me.id && !hasRight(me, 'onbehalfmeeting')) {
    throw AppError.forbidden('You may not change the agenda of another participant');
  }
}

/** Organizer-only decisions (answering session requests, E6.01–E6.08). */
export function assertOrganizer(me: ParticipantRow, what: string): void {
  if (!isOrganizer(me)) throw AppError.forbidden(`Only organizers ${what}`);
}
