import { z } from 'zod';
import { invitationStateSchema, personSummarySchema } from './meetings';

/** The meeting card shown for another person: what it offers and how the two relate (E4.13–E4.16). */

export const relationStateSchema = z.enum(['none', 'request_meeting', 'meeting', 'reschedule', 'rejected']);
export type RelationState = z.infer<typeof relationStateSchema>; // E4.13
export const meetingCardStatusSchema = z.enum([
  'loading',
  'invitePending',
  'meetingDetails',
  'inviteLimit',
  'inviteReceived',
  'inviteNew',
  'reschedulePending',
  'rescheduleToRespond',
  'rejected',
  'notFound',
]);
export type MeetingCardStatus = z.infer<typeof meetingCardStatusSchema>; // E4.14

export const meetingCardInputSchema = z.object({
  loading: z.boolean().optional(),
  opponentExists: z.boolean(),
  /** The newest join invitation between the two, from my point of view. */
  invitation: z
    .object({ me: z.boolean(), state: invitationStateSchema, toBoothId: z.number().nullable() })
    .nullable(),
  /** A live (not expired, not cancelled) meeting between us (E4.12). */
  hasMeeting: z.boolean(),
  /** A waiting reschedule request on that meeting. */
  reschedule: z.object({ me: z.boolean() }).nullable(),
  limitReached: z.boolean(),
});
export type MeetingCardInput = z.infer<typeof meetingCardInputSchema>;

/** E4.14–E4.16: which meeting card to show for another person. */
export function meetingCardStatus(input: MeetingCardInput): MeetingCardStatus {
  if (input.loading) return 'loading';
  if (!input.opponentExists) return 'notFound';
  if (input.hasMeeting) {
    if (input.reschedule) return input.reschedule.me ? 'reschedulePending' : 'rescheduleToRespond';
    return 'meetingDetails';
  }
  const inv = input.invitation;
  if (inv?.state === 'waiting') return inv.me ? 'invitePending' : 'inviteReceived';
  if (inv?.state === 'rejected' && inv.me) return 'rejected';
  if (input.limitReached) return 'inviteLimit';
  return 'inviteNew';
}

/** E4.13 from the card status. */
export function relationState(status: MeetingCardStatus): RelationState {
  switch (status) {
    case 'invitePending':
    case 'inviteReceived':
      return 'request_meeting';
    case 'meetingDetails':
      return 'meeting';
    case 'reschedulePending':
    case 'rescheduleToRespond':
      return 'reschedule';
    case 'rejected':
      return 'rejected';
    default:
      return 'none';
  }
}

/** GET /event/meeting/status: which meeting card to show for another person (E4.13–E4.16). */
export const meetingStatusResultSchema = z.object({
  status: meetingCardStatusSchema,
  relation: relationStateSchema,
  invitationId: z.number().nullable(),
  meetingId: z.number().nullable(),
  rescheduleInvitationId: z.number().nullable(),
  maxMeetingCount: z.number().nullable(),
  /** The other person as the card shows them (null when gone). */
  person: personSummarySchema.nullable(),
});
export type MeetingStatusResult = z.infer<typeof meetingStatusResultSchema>;
