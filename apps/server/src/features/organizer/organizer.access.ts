import { type ConsoleArea, canUseConsoleArea, type OrganizerRole } from '@foyer/contract';
import type { Executor } from '../../db/executor';
import type { EventRow, ParticipantRow } from '../../db/schema';
import { AppError } from '../../http/errors';
import { requireMembership } from '../access/event-access';

export interface ConsoleAccess {
  event: EventRow;
  me: ParticipantRow;
  role: OrganizerRole;
}

/** The caller's console role in the event, from their participant record (never from the client). */
export function consoleRole(me: ParticipantRow): OrganizerRole | null {
  if (me.state === 'deleted') return null;
  if (me.organizer) return me.organizer_role === 'owner' ? 'owner' : 'admin';
  if (me.check_in_admin) return 'checkin';
  return null;
}

/**
 * Every console route starts here: unknown event → 404; not a participant, or a participant whose
 * role does not reach the area → 403. Archived events stay open to their organizers (to restore).
 */
export async function requireConsole(
  db: Executor,
  eventId: number,
  userId: number,
  area: ConsoleArea,
): Promise<ConsoleAccess> {
  const { event, me } = await requireMembership(db, eventId, userId);
  const role = consoleRole(me);
  if (!canUseConsoleArea(role, area))
    throw AppError.forbidden('Only the organizers of this event may do this');
  return { event, me, role: role as OrganizerRole };
}
