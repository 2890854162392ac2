import { z } from 'zod';
import {
  invitationStateSchema,
  invitationTypeSchema,
  type Meeting,
  meetingDetailsSchema,
  type PersonSummary,
  personSummarySchema,
  timeSlotSchema,
} from './meetings';
import type { MeetingCardStatus, RelationState } from './meetings-card';
import type { Notification, NotificationCounts } from './notifications';

/** Invitations to meet as the caller sees them, their lists and their live updates (E3.12, E3.15). */

/** E3.12: the newest invitation between the same two people (it may be this one). */
export const lastInvitationDetailsSchema = z.object({
  id: z.number(),
  eid: z.number(),
  type: invitationTypeSchema,
  message: z.string(),
  sent: z.string(),
  me: z.boolean(),
});
export type LastInvitationDetails = z.infer<typeof lastInvitationDetailsSchema>;

/** E3.12 on the wire. `me` is true when the caller sent it. */
export const invitationSchema = z.object({
  id: z.number(),
  eid: z.number(),
  type: invitationTypeSchema,
  state: invitationStateSchema,
  fpid: z.number(),
  tpid: z.number(),
  /** The other side from the caller's point of view. */
  oppId: z.number(),
  sessionId: z.number().nullable(),
  /** The agenda slot of the meeting this invitation made, once it made one (null before). */
  csid: z.number().nullable(),
  cdt: z.string(),
  /** End of the meeting it concerns (or of the proposed slot), if any. */
  edt: z.string().nullable(),
  sent: z.string(),
  message: z.string(),
  responseMessage: z.string().nullable(),
  toBoothId: z.number().nullable(),
  me: z.boolean(),
  /** The caller as the other side sees them (null if the caller's record is gone). */
  myDetails: personSummarySchema.nullable(),
  opponentParticipant: personSummarySchema.nullable(),
  lastInvitationDetails: lastInvitationDetailsSchema.nullable(),
  meetingDetails: meetingDetailsSchema.nullable(),
  /** For reschedule requests: the proposed slot. */
  proposedSdt: z.string().nullable(),
  proposedEdt: z.string().nullable(),
  /** Issue 15: the slots the sender suggested, in time order. */
  suggestedSlots: z.array(timeSlotSchema),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const segmentViewerSchema = z.object({
  participantId: z.number(),
  boothId: z.number().nullable(),
});
export type SegmentViewer = z.infer<typeof segmentViewerSchema>;

/**
 * payload of `invitation.changed` (RecordType.InvitationChanged) on userRooms/{userId}: an invitation or meeting changed, presented
 * for the recipient as GET /event/invitations and GET /event/meetings show it, so the client patches
 * its cache instead of reloading. It also carries the notification the change made for them, if
 * any: one record per recipient and change.
 */
export interface InvitationChangedPayload {
  /** What happened (participant_meet_invitation, confirm_participant_invitation, cancel_meeting, …). */
  type: string;
  eventId: number;
  /** Participant id of who did it. */
  actorId: number | null;
  invitationId: number | null;
  meetingId: number | null;
  message: string | null;
  /** The recipient in this event: what the invitation lists are split by (partitionInvitations). */
  viewer: { participantId: number; boothId: number | null };
  invitation: Invitation | null;
  meeting: Meeting | null;
  /**
   * The recipient's meeting card for the actor (GET /event/meeting/status?participantId=actorId),
   * null without an actor.
   */
  card: {
    participantId: number;
    status: MeetingCardStatus;
    relation: RelationState;
    invitationId: number | null;
    meetingId: number | null;
    rescheduleInvitationId: number | null;
    maxMeetingCount: number | null;
    person: PersonSummary | null;
  } | null;
  notification: Notification | null;
  /** The recipient's notification counts after `notification` (null without one). */
  counts: NotificationCounts | null;
}

// ---- answers that only routes give ---------------------------------------------------------------

const liveAndPast = z.object({ live: z.array(invitationSchema), past: z.array(invitationSchema) });
/** GET /event/invitations: every invitation of mine, and the same split by segment and live/past. */
export const invitationListSchema = z.object({
  invitations: z.array(invitationSchema),
  sent: liveAndPast,
  received: liveAndPast,
  company: liveAndPast,
  /** E9 "invitations badge". */
  badge: z.number(),
});
export type InvitationList = z.infer<typeof invitationListSchema>;
