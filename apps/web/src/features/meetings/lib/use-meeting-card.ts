import type { Invitation, Meeting, MeetingStatusResult } from '@foyer/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { toast } from '../../../lib/toast';
import { useEvent } from '../../../lib/use-event';
import {
  type MeetingCallInput,
  meetingKeys,
  useInvitationLists,
  useMeetingCall,
  useMeetingStatus,
  useMyMeetings,
} from '../api/meetings-api';
import { meetingErrorText } from './meeting-errors';

/**
 * Everything a meeting card needs about me and another person: the card status (E4.14), the open
 * invitation, the live meeting and its reschedule request, and the calls that move them on.
 */
export function useMeetingCard(eventId: number, participantId: number, focusId: number | null = null) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const event = useEvent(eventId);
  const status = useMeetingStatus(eventId, participantId);
  const lists = useInvitationLists(eventId);
  const meetingId = status.data?.meetingId ?? null;
  const meetings = useMyMeetings(eventId, meetingId !== null);
  const find = (id: number | null | undefined): Invitation | null =>
    (id && lists.data?.invitations.find((i) => i.id === id)) || null;
  const invitation = find(status.data?.invitationId);
  const reschedule = find(status.data?.rescheduleInvitationId);
  // The invitation a list or page opened the card for: a company request is not between me and
  // the sender, so the status of our pair does not show it (E4.09, E4.16, E6.24).
  const focus = find(focusId);
  const me = event.data?.me ?? null;
  const companyRequest =
    focus?.type === 'join' &&
    focus.state === 'waiting' &&
    me !== null &&
    me.boothId !== null &&
    focus.toBoothId === me.boothId &&
    focus.tpid !== me.id &&
    focus.fpid !== me.id
      ? focus
      : null;
  const meeting: Meeting | null = meetings.data?.find((m) => m.id === meetingId) ?? null;
  const mutation = useMeetingCall(eventId);
  // E4.17, E4.18: the status a call in flight will lead to, shown at once. It is laid over the
  // answer, not written into it: a reload of the card while the call is on its way (the socket
  // coming on, another screen) would otherwise put the form back under a request being sent.
  const [optimistic, setOptimistic] = useState<MeetingStatusResult['status'] | null>(null);

  /** Runs a call; toasts the outcome; the caller's `done` runs only on success. */
  const run = (
    input: MeetingCallInput,
    success: string,
    options: { optimistic?: MeetingStatusResult['status']; done?: () => void } = {},
  ) => {
    const key = meetingKeys.status(eventId, participantId);
    setOptimistic(options.optimistic ?? null);
    mutation.mutate(input, {
      onSuccess: () => {
        // Until the card's reload answers, the status it reached stays on screen.
        const reached = options.optimistic;
        if (reached) {
          queryClient.setQueryData<MeetingStatusResult>(key, (card) => card && { ...card, status: reached });
        }
        toast('success', success);
        options.done?.();
      },
      onError: (error) => toast('error', meetingErrorText(t, error)),
      onSettled: () => setOptimistic(null),
    });
  };

  return {
    me,
    companyRequest,
    status: shownStatus(status.data, mutation.isPending ? optimistic : null),
    loading: status.isPending || lists.isPending || (meetingId !== null && meetings.isPending),
    error: status.error ?? lists.error,
    invitation,
    reschedule,
    meeting,
    meetingInvitationId: meeting?.invitationId ?? invitation?.id ?? null,
    pending: mutation.isPending,
    lastError: mutation.error,
    run,
  };
}

export type MeetingCardModel = ReturnType<typeof useMeetingCard>;

/** The card's answer, with the status of a call in flight laid over it (E4.17, E4.18). */
function shownStatus(
  answer: MeetingStatusResult | undefined,
  inFlight: MeetingStatusResult['status'] | null,
): MeetingStatusResult | undefined {
  return answer && inFlight ? { ...answer, status: inFlight } : answer;
}
