import { z } from 'zod';
import { idSchema } from './common';
import { MAX_SUGGESTED_SLOTS, TABLE_SEATS } from './meetings';

/** What the meeting routes take: invitations, meetings, guests, tables and the queries (E7). */

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
