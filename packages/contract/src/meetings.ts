import { z } from 'zod';
import { idSchema } from './common';
import type { Notification, NotificationCounts } from './notifications';

/** One-to-one meetings and the invitations that make them (E3.12–E3.16, E4, E5, E7). */

export const MEETING_REMINDER_BEFORE_MS = 60 * 60_000; // E9 "notification reminder 1 hour before"
export const TABLE_SEATS = 8; // E9 "popup table: 8 seats"
/** Issue 15: how many slots the sender of a meeting request may suggest. */
export const MAX_SUGGESTED_SLOTS = 3;
/** E3.08: sessions of this type are the bookable meeting slots the organizer defines. */
export const MEETING_SLOT_SESSION_TYPE = 'meeting_slot';

/** E5.19–E5.22: texts used when the person leaves the message blank. */
export const DEFAULT_INVITATION_MESSAGE = 'I would like to meet you!';
export const DEFAULT_RESCHEDULE_DECLINE_MESSAGE = 'Unfortunately I cannot reschedule.';
export const DEFAULT_CANCEL_MESSAGE = 'Unfortunately I have to cancel our meeting.';
export const DEFAULT_DECLINE_MESSAGE = 'Unfortunately I cannot meet you.';
export const rescheduleMessage = (hhmm: string) =>
  `Can we reschedule? A better time for me would be: ${hhmm}!`;

/** Error codes of this feature (the MST-006xx range is reserved for meetings). */
export const MeetingErrorCode = {
  MeetingLimitExceeded: 'MST-00601', // E8.28; `fields.maxMeetingCount` carries the limit
  InvitationDeclined: 'MST-00602', // E4.22
  HasMeeting: 'MST-00603', // E4.27
  SlotNotFree: 'MST-00604', // E5.11
  InvitationNotWaiting: 'MST-00605',
  InvitationPending: 'MST-00606',
  NotInvitable: 'MST-00607', // E6.15, E6.18, E6.19
  OutsideStartWindow: 'MST-00608', // E4.53
  TableFull: 'MST-00609',
  MeetingsOff: 'MST-00610', // E9.58: the organizer switched 1:1 meetings off
} as const;

export const invitationTypes = ['join', 'reschedule'] as const;
export const invitationTypeSchema = z.enum(invitationTypes);
export type InvitationType = z.infer<typeof invitationTypeSchema>;
export const invitationStates = [
  'waiting',
  'accepted',
  'rejected',
  'meeting',
  'reschedule',
  'processed',
  'revoked',
] as const; // E3.13
export const invitationStateSchema = z.enum(invitationStates);
export type InvitationState = z.infer<typeof invitationStateSchema>;
export const meetingStatuses = ['accepted', 'rescheduled', 'cancelled'] as const; // E3.14
export const meetingStatusSchema = z.enum(meetingStatuses);
export type MeetingStatus = z.infer<typeof meetingStatusSchema>;
export const invitationSegmentSchema = z.enum(['sent', 'received', 'company']);
export type InvitationSegment = z.infer<typeof invitationSegmentSchema>; // E3.15
export const upcomingStateSchema = z.enum(['expired', 'started', 'starting', 'notstarted']);
export type UpcomingState = z.infer<typeof upcomingStateSchema>; // E4.28–E4.31

/** The other person as an invitation or meeting card shows them (E3.04: null → "Deleted"). */
export const personSummarySchema = z.object({
  id: z.number(),
  name: z.string(),
  surname: z.string(),
  fullName: z.string(),
  jobTitle: z.string(),
  company: z.string(),
  profilePhoto: z.string().nullable(),
  boothId: z.number().nullable(),
});
export type PersonSummary = z.infer<typeof personSummarySchema>;

export const meetingDetailsSchema = z.object({
  id: z.number(),
  status: meetingStatusSchema,
  executorId: z.number().nullable(),
  createdAt: z.string(),
  message: z.string(),
  sessionId: z.number().nullable(),
  sdt: z.string(),
  edt: z.string(),
});
export type MeetingDetails = z.infer<typeof meetingDetailsSchema>;

export const timeSlotSchema = z.object({
  sessionId: z.number(),
  sdt: z.string(),
  edt: z.string(),
});
export type TimeSlot = z.infer<typeof timeSlotSchema>;

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

export const meetingPersonSchema = personSummarySchema.extend({
  role: z.enum(['host', 'guest']),
  checkedIn: z.boolean(),
});
export type MeetingPerson = z.infer<typeof meetingPersonSchema>;

/** E3.16 (eid is `eventId`). */
export const meetingSchema = z.object({
  id: z.number(),
  eventId: z.number(),
  kind: z.enum(['meeting', 'table']),
  startsAt: z.string(),
  sdt: z.string(),
  edt: z.string(),
  status: meetingStatusSchema,
  upcomingState: upcomingStateSchema,
  started: z.boolean(),
  expired: z.boolean(),
  preBooked: z.boolean(),
  guest: z.boolean(),
  /** The two meet in person, at a table (then `place` says where); false: by video. */
  onSite: z.boolean(),
  /** Start and end as the venue's clock shows them, `yyyy-LL-dd HH:mm` in the event's time zone. */
  sdts: z.string(),
  edts: z.string(),
  /** Start and end as instants (ISO 8601), like the event's realSdt/realEdt. */
  sdtsReal: z.string(),
  edtsReal: z.string(),
  capacity: z.number().nullable(),
  participants: z.array(meetingPersonSchema),
  /** The invitation that made it (cancel and reschedule take its id). */
  invitationId: z.number().nullable(),
  /**
   * Where the two meet on site (issue 15): a table at the meeting point, which is the time slot's
   * location when it has one. Null for online events and popup tables: there the video link is the place.
   */
  place: z.object({ table: z.number(), location: z.string().nullable() }).nullable(),
  /** Set once the start window is open (E4.53): opens in a new window (E1.18). */
  videoUrl: z.string().nullable(),
});
export type Meeting = z.infer<typeof meetingSchema>;

export const slotDaySchema = z.object({
  /** yyyy-LL-dd in the event's time zone. */
  date: z.string(),
  slots: z.array(timeSlotSchema),
});
export type SlotDay = z.infer<typeof slotDaySchema>;
/**
 * E8.24–E8.27: why the picker has nothing to offer. noSlots: the agenda has no meeting slots at all;
 * error1: it has some, but none is left to book.
 */
export const slotMessageSchema = z.enum(['noSlots', 'error1', 'info', 'error2']).nullable();
export type SlotMessage = z.infer<typeof slotMessageSchema>;
export const slotOfferSchema = z.object({
  days: z.array(slotDaySchema),
  message: slotMessageSchema,
  /** For `info`: the opponent's name (E8.25). */
  opponentName: z.string().nullable(),
});
export type SlotOffer = z.infer<typeof slotOfferSchema>;

// ---- requests ----------------------------------------------------------------------------------

const message = z.string().trim().max(2000, 'validation.error.maxLength').optional();
const eventId = idSchema;

/** POST /event/schedule/join with toType participant (E7.11). Re-sending to the same person edits (E4.23). */
export const sendInvitationRequest = z.strictObject({
  eventId,
  toType: z.literal('participant'),
  toId: idSchema,
  toAll: z.boolean().optional(),
  message,
  /** Issue 15 (beyond the spec): up to 3 slots free for both that the sender suggests; the invitee may still pick any. */
  suggestedSessionIds: z
    .array(idSchema)
    .max(MAX_SUGGESTED_SLOTS, 'meetings.error.tooManySuggestions')
    .refine((ids) => new Set(ids).size === ids.length, 'meetings.error.tooManySuggestions')
    .optional(),
});
export type SendInvitationRequest = z.infer<typeof sendInvitationRequest>;

/** POST /event/schedule/confirm (E7.22). */
export const confirmInvitationRequest = z.strictObject({
  eventId,
  invitationId: idSchema,
  sessionId: idSchema,
  message,
  asParticipantId: idSchema.optional(),
});
export type ConfirmInvitationRequest = z.infer<typeof confirmInvitationRequest>;
/** POST /event/schedule/confirmReschedule (E7.23); sessionId defaults to the proposed slot. */
export const confirmRescheduleRequest = z.strictObject({
  eventId,
  invitationId: idSchema,
  sessionId: idSchema.optional(),
  message,
});
export type ConfirmRescheduleRequest = z.infer<typeof confirmRescheduleRequest>;
/** POST /event/schedule/reject and rejectReschedule (E7.20, E7.21). */
export const rejectInvitationRequest = z.strictObject({ eventId, invitationId: idSchema, message });
export type RejectInvitationRequest = z.infer<typeof rejectInvitationRequest>;
/** POST /event/schedule/revoke and revokeReschedule (E7.18, E7.19). */
export const revokeInvitationRequest = z.strictObject({ eventId, invitationId: idSchema });
export type RevokeInvitationRequest = z.infer<typeof revokeInvitationRequest>;
/** POST /event/schedule/reschedule (E7.17): invitationId is the meeting's invitation. */
export const rescheduleRequest = z.strictObject({
  eventId,
  invitationId: idSchema,
  sessionId: idSchema,
  message,
});
export type RescheduleRequest = z.infer<typeof rescheduleRequest>;
/** POST /event/schedule/leave with invitationId cancels the meeting (E7.09); a guest just leaves. */
export const cancelMeetingRequest = z.strictObject({
  eventId,
  invitationId: idSchema.optional(),
  sessionId: idSchema.optional(),
  message,
});
export type CancelMeetingRequest = z.infer<typeof cancelMeetingRequest>;
/** POST /event/schedule/addToSession (E7.15): sessionId is the meeting's id. */
export const addGuestRequest = z.strictObject({
  eventId,
  sessionId: idSchema,
  participantId: idSchema,
  message,
  behalfOf: idSchema.optional(),
  block: z.boolean().optional(),
});
export type AddGuestRequest = z.infer<typeof addGuestRequest>;
/** POST /event/schedule/prebook (E7.12), right onbehalfmeeting (E6.10). */
export const prebookRequest = z.strictObject({
  eventId,
  sessionId: idSchema,
  fromParticipantId: idSchema,
  toParticipantId: idSchema,
  message,
});
export type PrebookRequest = z.infer<typeof prebookRequest>;
/** POST /event/schedule/reserveTable, right reserveatable (E6.11): a popup table of 8 seats. */
export const reserveTableRequest = z.strictObject({
  eventId,
  sessionId: idSchema,
  boothId: idSchema.optional(),
  participantIds: z
    .array(idSchema)
    .max(TABLE_SEATS - 1)
    .optional(),
  message,
});
export type ReserveTableRequest = z.infer<typeof reserveTableRequest>;
/** POST /event/meeting/ping and /event/meeting/checkIn (E7.13, E7.14 for meetings). */
export const meetingActionRequest = z.strictObject({ eventId, meetingId: idSchema });
export const eventQuery = z.strictObject({ eventId });
/** GET /event/schedule/slots: slots free for me and the other person (E5.11). */
export const slotsQuery = z.strictObject({
  eventId,
  participantId: idSchema,
  /** When rescheduling: the meeting being moved does not block its own slot. */
  meetingId: idSchema.optional(),
  /** Pre-booking for two other people (right onbehalfmeeting, E6.10): slots free for this one and participantId. */
  fromParticipantId: idSchema.optional(),
});
export const meetingStatusQuery = z.strictObject({ eventId, participantId: idSchema });

export const segmentViewerSchema = z.object({
  participantId: z.number(),
  boothId: z.number().nullable(),
});
export type SegmentViewer = z.infer<typeof segmentViewerSchema>;

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

/** E8.24–E8.27: which message the slot picker shows when something blocks it. */
export function slotMessage(counts: {
  /** Meeting slots in the agenda, past ones included. */
  inAgenda: number;
  total: number;
  freeForMe: number;
  freeForBoth: number;
}): SlotMessage {
  if (counts.freeForBoth > 0) return null;
  if (counts.inAgenda === 0) return 'noSlots';
  if (counts.total === 0) return 'error1';
  if (counts.freeForMe === 0) return 'error2';
  return 'info';
}

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
