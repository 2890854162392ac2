import { z } from 'zod';

/**
 * One-to-one meetings and the invitations that make them (E3.12–E3.16, E4, E5, E7). Here the words
 * both use, the meeting record and the slots; the invitations, the requests and the meeting card are
 * in meetings-invitations.ts, meetings-requests.ts and meetings-card.ts.
 */

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
