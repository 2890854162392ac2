import {
  type Invitation,
  type InvitationChangedPayload,
  type InvitationList,
  type Meeting,
  type MeetingStatusResult,
  partitionInvitations,
} from '@foyer/contract';
import type { QueryClient } from '@tanstack/react-query';
import { patchAnswers, putAnswer } from '../../../lib/use-realtime';
import { meetingKeys } from './meetings-api';

/** Replaces the item with the same id, or adds it; then sorts. */
function upsert<T extends { id: number }>(list: readonly T[], item: T, order: (a: T, b: T) => number): T[] {
  const next = list.some((x) => x.id === item.id)
    ? list.map((x) => (x.id === item.id ? item : x))
    : [...list, item];
  return next.sort(order);
}

/** GET /event/invitations answers newest first. */
const byIdDesc = (a: Invitation, b: Invitation) => b.id - a.id;
/** GET /event/meetings answers by start. */
const byStart = (a: Meeting, b: Meeting) => a.sdt.localeCompare(b.sdt) || a.id - b.id;

/** The lists as the server splits them, with one invitation put in (E2.33, E2.34). */
export function withInvitation(
  lists: InvitationList,
  invitation: Invitation,
  viewer: InvitationChangedPayload['viewer'],
): InvitationList {
  const invitations = upsert(lists.invitations, invitation, byIdDesc);
  const parts = partitionInvitations(invitations, viewer, new Date());
  return { invitations, ...parts, badge: parts.received.live.length + parts.company.live.length };
}

/**
 * Patches this feature's caches with a pushed `invitation.changed` record (and a list or card being
 * read meanwhile: patchAnswers): the invitation into the lists, the meeting into my meetings, my
 * card for the actor. Nothing is fetched again; the free slots, which depend on everyone's meetings,
 * are only marked stale (fetched again where open).
 */
export function applyInvitationChange(queryClient: QueryClient, change: InvitationChangedPayload): void {
  const { eventId, invitation, meeting, card, viewer } = change;
  if (invitation) {
    patchAnswers<InvitationList>(
      queryClient,
      meetingKeys.lists(eventId),
      (lists) => withInvitation(lists, invitation, viewer),
      { exact: true },
    );
  }
  if (meeting) {
    patchAnswers<Meeting[]>(
      queryClient,
      meetingKeys.meetings(eventId),
      (list) => upsert(list, meeting, byStart),
      {
        exact: true,
      },
    );
  }
  if (card) {
    const { participantId, ...status } = card;
    putAnswer<MeetingStatusResult>(queryClient, meetingKeys.status(eventId, participantId), () => status);
  }
  if (meeting || invitation?.state === 'accepted') {
    void queryClient.invalidateQueries({ queryKey: ['invitations', eventId, 'slots'] });
  }
}
