import { SEARCH_PAGE_SIZE } from './constants';
import type { AttendeeCard, InviteRuleInput, Search2Response } from './participants';
import { RecordType } from './realtime';

/**
 * The attendee directory's rules that need no schema: the directory and the cards use them without
 * loading the validation library; the schemas are in participants.ts.
 */

/** Realtime record types on userRooms/{userId} (E7.76). */
export const ParticipantRecordType = { Tags: RecordType.ParticipantTags } as const;

export const SEARCH_DEFAULT_LENGTH = SEARCH_PAGE_SIZE; // A9.18

/** Rows aligned with props back to objects (E7.33). */
export function searchRowsToCards(response: Pick<Search2Response, 'props' | 'results'>): AttendeeCard[] {
  return response.results.map(
    (row) => Object.fromEntries(response.props.map((p, i) => [p, row[i]])) as unknown as AttendeeCard,
  );
}

/** E2.38: the Guest tag is shown for people whose participant type is Guest. */
export const isGuest = (card: Pick<AttendeeCard, 'participantType'>) =>
  (card.participantType ?? '').trim().toLowerCase() === 'guest';

/** E6.03, E6.15, E6.18, E6.19: may `me` send `target` a meeting request? */
export function canInvite({ me, target, restricted, invitationRights }: InviteRuleInput): boolean {
  if (me.id === target.id) return false;
  if (target.state === 'deleted') return false;
  if (me.boothId !== null && me.boothId === target.boothId) return false;
  if (me.organizer) return true;
  if (!restricted || invitationRights === null) return true;
  return target.typeId !== null && invitationRights.includes(target.typeId);
}
