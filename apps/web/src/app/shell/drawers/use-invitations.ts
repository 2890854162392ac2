import {
  badgeRelationState,
  type EventDetails,
  invitationSegment,
  invitationsBadge,
  isInvitationLive,
  RecordType,
  realtimeRoom,
} from '@foyer/contract';
import { useQueryClient } from '@tanstack/react-query';
import {
  type InvitationLists,
  meetingKeys,
  useInvitationLists,
} from '../../../features/meetings/api/meetings-api';
import { useSession } from '../../../lib/session-store';
import { useRealtimeRoom } from '../../../lib/use-realtime';

export type { InvitationLists };

/** GET /event/invitations?eventId (E7 invitations list): the caller's invitations, split by segment. */
export function useEventInvitations(event: EventDetails | null) {
  return useInvitationLists(event?.me ? event.id : null);
}

/** A4.40 through the contract's badge rule: live received and company requests or reschedules. */
export function invitationsBadgeOf(lists: InvitationLists | undefined, event: EventDetails | null): number {
  if (!lists || !event?.me) return 0;
  const viewer = { participantId: event.me.id, boothId: event.me.boothId };
  const now = new Date();
  return invitationsBadge(
    lists.invitations.map((invitation) => ({
      segment: invitationSegment(invitation, viewer),
      status: isInvitationLive(invitation, now) ? 'live' : 'past',
      state: badgeRelationState(invitation),
    })),
  );
}

/** Invitation changes pushed to the user's room (userRooms/{userId}) refresh the lists and the badge. */
export function useInvitationsLive(): void {
  const userId = useSession((state) => state.user?.id ?? null);
  const queryClient = useQueryClient();
  useRealtimeRoom(userId ? realtimeRoom.user(userId) : null, (record) => {
    if (record.type === RecordType.InvitationChanged) {
      // Lists, meeting cards and meetings all sit under one key (features/meetings/api).
      void queryClient.invalidateQueries({ queryKey: meetingKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['meetings'] });
      void queryClient.invalidateQueries({ queryKey: ['agenda'] });
    }
  });
}
