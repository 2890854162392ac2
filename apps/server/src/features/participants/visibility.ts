import type { AppContext } from '../../context';
import type { ParticipantRow } from '../../db/schema';
import { haveDealingsRow, invitationRightsOf, visibleTypesOf } from './participants.repository';

type Db = AppContext['db'];

/** Who looks: the directory's viewer (E6.01, E6.17). */
export interface Seer {
  id: number;
  userId: number | null;
  organizer: boolean;
  /** Restricted events: the types a non-organizer may see; null = everyone. */
  visibleTypeIds: number[] | null;
}

type Target = Pick<ParticipantRow, 'id' | 'state' | 'visible' | 'type_id' | 'ticket_id'>;

/**
 * The directory's rule (search2's scope): organizers see everyone, anyone sees themselves; others
 * see active, visible people of the types they may see (E3.02, E6.01, E6.17).
 */
export function listedFor(seer: Seer, target: Target): boolean {
  if (seer.organizer || target.id === seer.id) return true;
  if (target.state === 'deleted' || !target.visible) return false;
  const types = seer.visibleTypeIds;
  return types === null || (target.type_id !== null && types.includes(target.type_id));
}

/**
 * Whether the two already deal with each other: a meeting request either way, a shared meeting, a
 * shared chat room, or a contact the seer collected from the target's badge. Hiding one's profile
 * later does not take it away from them.
 */
export async function haveDealings(db: Db, seer: Seer, target: Target): Promise<boolean> {
  return haveDealingsRow(db, {
    seerId: seer.id,
    seerUserId: seer.userId,
    targetId: target.id,
    ticketId: target.ticket_id,
  });
}

/**
 * The rule for every route that takes a participant id and answers with that person's data: the
 * directory's rule, or dealings already had (never a deleted account for a non-organizer, E3.04).
 */
export async function maySee(db: Db, seer: Seer, target: Target): Promise<boolean> {
  if (listedFor(seer, target)) return true;
  if (target.state === 'deleted') return false;
  return haveDealings(db, seer, target);
}

type Me = Pick<ParticipantRow, 'id' | 'user_id' | 'organizer' | 'type_id'>;

/** The caller as a Seer, from what requireMembership gave. */
export async function seerOf(db: Db, event: { restricted: boolean }, me: Me): Promise<Seer> {
  const type =
    event.restricted && !me.organizer && me.type_id !== null
      ? await invitationRightsOf(db, me.type_id)
      : undefined;
  return {
    id: me.id,
    userId: me.user_id,
    organizer: me.organizer,
    visibleTypeIds: visibleTypesOf(event.restricted, me, type ?? null),
  };
}

/** The same, when only the id of a person the caller may not see should be answered "not found". */
export async function assertMaySee(db: Db, seer: Seer, target: Target, notFound: () => Error): Promise<void> {
  if (!(await maySee(db, seer, target))) throw notFound();
}
