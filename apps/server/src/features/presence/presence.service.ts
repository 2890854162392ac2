import type { Presence, PresenceState } from '@foyer/contract';
import type { AppContext } from '../../context';
import { AppError } from '../../http/errors';
import { requireMembership } from '../access/event-access';
import { type PresenceRow, savePresence } from './presence.repository';

function toState(row: PresenceRow): PresenceState {
  return {
    present: row.present,
    lastPresenceConfirmTime: row.last_presence_confirm_at
      ? new Date(row.last_presence_confirm_at).toISOString()
      : null,
  };
}

/** The caller's own presence in an event, as the presence check needs it (A4.41–A4.44). */
export async function getPresence(ctx: AppContext, userId: number, eventId: number): Promise<PresenceState> {
  const { me } = await requireMembership(ctx.db, eventId, userId);
  return toState(me);
}

/**
 * A4.45, E1.17: the caller confirms being on-site (venue) or remote (online); the confirmation time
 * starts the 24-hour window before the next question. Only hybrid events ask.
 */
export async function confirmPresence(
  ctx: AppContext,
  userId: number,
  eventId: number,
  present: Presence,
): Promise<PresenceState> {
  const { event, me } = await requireMembership(ctx.db, eventId, userId);
  if (event.event_type !== 'hybrid') {
    throw AppError.badRequest('Presence is confirmed for hybrid events only');
  }
  return toState(await savePresence(ctx.db, me.id, present, ctx.now()));
}
