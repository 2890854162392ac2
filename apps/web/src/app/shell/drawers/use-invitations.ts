import {
  badgeRelationState,
  type EventDetails,
  type Invitation,
  invitationSegment,
  invitationsBadge,
  isInvitationLive,
  RecordType,
  realtimeRoom,
} from '@foyer/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session-store';
import { useRealtimeRoom } from '../../../lib/use-realtime';

type Part = { live: Invitation[]; past: Invitation[] };

/** GET /event/invitations?eventId (E7 invitations list): the caller's invitations, split by segment. */
export interface InvitationLists {
  invitations: Invitation[];
  sent: Part;
  received: Part;
  company: Part;
}

export function useEventInvitations(event: EventDetails | null) {
  const eventId = event?.me ? event.id : null;
  return useQuery({
    queryKey: ['invitations', eventId],
    queryFn: () => api<InvitationLists>('/event/invitations', { query: { eventId: eventId ?? 0 } }),
    enabled: eventId !== null,
    staleTime: 60_000,
    retry: false,
  });
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
      void queryClient.invalidateQueries({ queryKey: ['invitations'] });
    }
  });
}
