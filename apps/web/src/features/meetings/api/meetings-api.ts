import type {
  CancelMeetingRequest,
  ConfirmInvitationRequest,
  ConfirmRescheduleRequest,
  Invitation,
  InvitationList,
  Meeting,
  MeetingStatusResult,
  PrebookRequest,
  RejectInvitationRequest,
  RescheduleRequest,
  ReserveTableRequest,
  RevokeInvitationRequest,
  SendInvitationRequest,
  SlotOffer,
} from '@foyer/contract';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * Every query of this feature sits under ['invitations', eventId], so one invalidation — after a
 * change of ours, or a realtime record in the user room — refreshes lists, cards and meetings.
 */
export const meetingKeys = {
  all: ['invitations'] as const,
  lists: (eventId: number | null) => ['invitations', eventId] as const,
  status: (eventId: number, participantId: number) =>
    ['invitations', eventId, 'status', participantId] as const,
  meetings: (eventId: number) => ['invitations', eventId, 'meetings'] as const,
  slots: (eventId: number, participantId: number, meetingId: number | null, from: number | null) =>
    ['invitations', eventId, 'slots', participantId, meetingId, from] as const,
};

/** GET /event/invitations (E2.33, E2.34): the caller's invitations, split by segment and live/past. */
export function fetchInvitationLists(eventId: number): Promise<InvitationList> {
  return api<InvitationList>('/event/invitations', { query: { eventId } });
}

export function useInvitationLists(eventId: number | null) {
  return useQuery({
    queryKey: meetingKeys.lists(eventId),
    queryFn: () => fetchInvitationLists(eventId ?? 0),
    enabled: eventId !== null,
    staleTime: 60_000,
    retry: false,
  });
}

/** GET /event/meeting/status: which meeting card to show for another person (E4.13, E4.14). */
export function useMeetingStatus(eventId: number, participantId: number) {
  return useQuery({
    queryKey: meetingKeys.status(eventId, participantId),
    queryFn: () => api<MeetingStatusResult>('/event/meeting/status', { query: { eventId, participantId } }),
    retry: false,
  });
}

/** GET /event/meetings: my meetings, cancelled ones included (E4.11). */
export function useMyMeetings(eventId: number, enabled = true) {
  return useQuery({
    queryKey: meetingKeys.meetings(eventId),
    queryFn: () => api<Meeting[]>('/event/meetings', { query: { eventId } }),
    enabled,
    retry: false,
  });
}

/** GET /event/meeting/slots (E2.46, E5.11): slots free for both of us; a moved meeting frees its own. */
export function useFreeSlots(
  eventId: number,
  participantId: number,
  meetingId: number | null,
  /** Pre-booking (E6.10): slots free for this person and participantId instead of for me. */
  fromParticipantId: number | null = null,
) {
  return useQuery({
    queryKey: meetingKeys.slots(eventId, participantId, meetingId, fromParticipantId),
    queryFn: () =>
      api<SlotOffer>('/event/meeting/slots', {
        query: {
          eventId,
          participantId,
          meetingId: meetingId ?? undefined,
          fromParticipantId: fromParticipantId ?? undefined,
        },
      }),
    staleTime: 0,
    retry: false,
    enabled: participantId > 0,
  });
}

/** The schedule calls of E7.09–E7.23 this screen makes, with the contract's request of each. */
interface MeetingCallRequests {
  join: SendInvitationRequest;
  confirm: ConfirmInvitationRequest;
  reject: RejectInvitationRequest;
  revoke: RevokeInvitationRequest;
  reschedule: RescheduleRequest;
  confirmReschedule: ConfirmRescheduleRequest;
  rejectReschedule: RejectInvitationRequest;
  revokeReschedule: RevokeInvitationRequest;
  leave: CancelMeetingRequest;
  prebook: PrebookRequest;
  reserveTable: ReserveTableRequest;
}

export type MeetingCall = keyof MeetingCallRequests;

/** One call and its body; the event id is added by useMeetingCall. */
export type MeetingCallInput = {
  [C in MeetingCall]: { call: C; body: Omit<MeetingCallRequests[C], 'eventId'> };
}[MeetingCall];

/**
 * After one of my own calls answered with an accepted invitation (a booking, an accepted
 * reschedule): move its meeting to the time it answered at once, so an open dialog never shows the
 * old time while the refresh of the feature's queries runs.
 */
function applyOwnInvitation(queryClient: QueryClient, eventId: number, invitation: Invitation): void {
  const details = invitation.meetingDetails;
  if (!details || invitation.state !== 'accepted') return;
  queryClient.setQueryData<Meeting[]>(meetingKeys.meetings(eventId), (list) =>
    list?.map((m) =>
      m.id === details.id ? { ...m, sdt: details.sdt, edt: details.edt, startsAt: details.sdt } : m,
    ),
  );
}

const isInvitation = (data: unknown): data is Invitation =>
  typeof data === 'object' && data !== null && 'meetingDetails' in data && 'state' in data;

/** One mutation for every schedule call; whatever the outcome, the feature's queries refresh. */
export function useMeetingCall(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ call, body }: MeetingCallInput) =>
      api<unknown>(`/event/schedule/${call}`, { method: 'POST', body: { eventId, ...body } }),
    onSuccess: (data) => {
      if (isInvitation(data)) applyOwnInvitation(queryClient, eventId, data);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: meetingKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['agenda'] });
    },
  });
}
