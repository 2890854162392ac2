import {
  badgeRelationState,
  type EventDetails,
  type InvitationChangedPayload,
  type InvitationList,
  invitationSegment,
  invitationsBadge,
  isInvitationLive,
  RecordType,
  realtimeRoom,
} from '@foyer/contract';
import { useQueryClient } from '@tanstack/react-query';
import { agendaKeys } from '../../../features/agenda/api/sessions-api';
import { meetingKeys, useInvitationLists } from '../../../features/meetings/api/meetings-api';
import { applyInvitationChange } from '../../../features/meetings/api/meetings-cache';
import { useSession } from '../../../lib/session-store';
import { useRealtimeRoom, useReloadOnReady } from '../../../lib/use-realtime';

/** GET /event/invitations?eventId (E7 invitations list): the caller's invitations, split by segment. */
export function useEventInvitations(event: EventDetails | null) {
  return useInvitationLists(event?.me ? event.id : null);
}

/** A4.40 through the contract's badge rule: live received and company requests or reschedules. */
export function invitationsBadgeOf(lists: InvitationList | undefined, event: EventDetails | null): number {
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

/**
 * Invitation changes pushed to the user's room (userRooms/{userId}) carry the invitation, the
 * meeting and my card as my GET routes show them: patch the caches, reload nothing. My agenda,
 * which lists my meetings, is marked stale when a meeting changed (fetched again only where open).
 */
export function useInvitationsLive(): void {
  const userId = useSession((state) => state.user?.id ?? null);
  const queryClient = useQueryClient();
  const room = userId ? realtimeRoom.user(userId) : null;
  // A request that arrived between the lists' load and the socket's connection (A4.40).
  const onReady = useReloadOnReady(room, meetingKeys.all);
  useRealtimeRoom<InvitationChangedPayload>(
    room,
    (record) => {
      if (record.type !== RecordType.InvitationChanged) return;
      applyInvitationChange(queryClient, record.payload);
      if (record.payload.meeting) {
        void queryClient.invalidateQueries({ queryKey: agendaKeys.mine(record.payload.eventId) });
        void queryClient.invalidateQueries({ queryKey: agendaKeys.mine() });
      }
    },
    { onReady },
  );
}
