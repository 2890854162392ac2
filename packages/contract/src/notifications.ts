import { z } from 'zod';
import { idSchema, intSchema, isoDateTimeSchema } from './common';
import { NOTIFICATIONS_PAGE_SIZE } from './constants';
import { notificationGroups } from './notifications-rules';
import { channelsFor, type NotificationChannel, type NotificationType, notificationTypeSchema } from './user';

/**
 * Notifications (A4.35–A4.40, A9.37–A9.45). The types and channels themselves live in user.ts,
 * beside the account preferences that name them.
 */

/** A9.40–A9.42: how the list groups the types. */
export const notificationGroupSchema = z.enum(notificationGroups);

/**
 * The channels in effect for one type. A type missing from the stored list has every channel it
 * allows (A9.43 e-mail for all, A9.44 SMS for meeting reminders): people opt out, not in.
 */
export function effectiveChannels(
  type: NotificationType,
  stored: readonly { type: string; channels: readonly string[] }[],
): NotificationChannel[] {
  const allowed = channelsFor(type);
  const preference = stored.find((p) => p.type === type);
  if (!preference) return [...allowed];
  return allowed.filter((c) => preference.channels.includes(c));
}

export const notificationActorSchema = z.object({
  participantId: z.number(),
  fullName: z.string(),
  profilePhoto: z.string().nullable(),
});
export type NotificationActor = z.infer<typeof notificationActorSchema>;

/** A3.23 on the wire. */
export const notificationSchema = z.object({
  id: z.number(),
  type: notificationTypeSchema,
  /** ISO 8601 creation time. */
  dt: z.string(),
  /** The event it belongs to (null for account-wide ones). */
  eId: z.number().nullable(),
  /** The session or meeting slot it is about: the link target (E2.09). */
  sesId: z.number().nullable(),
  det: z.object({
    eventId: z.number().nullable(),
    invitationId: z.number().nullable(),
    meetingId: z.number().nullable(),
    postId: z.number().nullable(),
    pollId: z.number().nullable(),
    actor: notificationActorSchema.nullable(),
    message: z.string().nullable(),
    /** Announcement excerpt or poll question. */
    title: z.string().nullable(),
  }),
  /** A4.35: unread until marked read. */
  read: z.boolean(),
  /** A4.36: created at or before the latest date the drawer was opened at. */
  seen: z.boolean(),
  event: z.object({ id: z.number(), name: z.string() }).nullable(),
  session: z.object({ id: z.number(), name: z.string(), sdt: z.string(), edt: z.string() }).nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationCountsSchema = z.object({
  unread: z.number(),
  /** Newer than `seenAt`: the mobile menu badge's "unseen notifications" (A4.39). */
  unseen: z.number(),
  seenAt: z.string().nullable(),
});
export type NotificationCounts = z.infer<typeof notificationCountsSchema>;

export const notificationPageSchema = notificationCountsSchema.extend({
  items: z.array(notificationSchema),
  /** Pass as `cursor` for the next (older) page; null at the end. */
  nextCursor: z.number().nullable(),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;

/** GET /api/v1/notifications: newest first, 30 per page (A9.37, A9.39). */
export const notificationsQuery = z.strictObject({
  cursor: idSchema.optional(),
  limit: intSchema(1, NOTIFICATIONS_PAGE_SIZE).optional(),
  eventId: idSchema.optional(),
  unreadOnly: z.enum(['true', 'false']).optional(),
});
export type NotificationsQuery = z.infer<typeof notificationsQuery>;

/** POST /api/v1/notifications/read (A4.37). */
export const markNotificationsReadRequest = z.strictObject({
  ids: z.array(idSchema).min(1, 'validation.error.required').max(100, 'validation.error.maxItems'),
});
export type MarkNotificationsReadRequest = z.infer<typeof markNotificationsReadRequest>;

/** POST /api/v1/notifications/read-all (A4.38). */
export const markAllNotificationsReadRequest = z.strictObject({});

/**
 * POST /api/v1/notifications/seen (A4.36): the drawer was opened. `until` is the newest date the
 * client showed; without it the newest notification's date is taken. The marker never moves back.
 */
export const markNotificationsSeenRequest = z.strictObject({
  until: isoDateTimeSchema.optional(),
});
export type MarkNotificationsSeenRequest = z.infer<typeof markNotificationsSeenRequest>;

/**
 * POST /api/v1/event/markAsSeen (E7.68; E7.69 leaves the path to us): the caller's notification
 * `entityId` of event `eventId` is seen and read, as a tap on it in the drawer makes it. `userId` is
 * the caller's own; another's is refused.
 */
export const markAsSeenRequest = z.strictObject({
  eventId: idSchema,
  userId: idSchema,
  entityId: idSchema,
});
export type MarkAsSeenRequest = z.infer<typeof markAsSeenRequest>;

// ---- badge counts (A4.39, A4.40) ----------------------------------------------------------------

export const mobileMenuBadgeInputSchema = z.object({
  liveReceivedInvitations: z.number(),
  unseenNotifications: z.number(),
  unseenChatMessages: z.number(),
  anyAgendaItemLive: z.boolean(),
});
export type MobileMenuBadgeInput = z.infer<typeof mobileMenuBadgeInputSchema>;

/** The participant states the invitations badge counts (E4.13 names). */
export const badgeRelationStateSchema = z.enum([
  'none',
  'request_meeting',
  'meeting',
  'reschedule',
  'rejected',
]);
export type BadgeRelationState = z.infer<typeof badgeRelationStateSchema>;

export const badgeInvitationSchema = z.object({
  segment: z.enum(['sent', 'received', 'company']),
  /** E3.12 derived status. */
  status: z.enum(['live', 'past']),
  state: badgeRelationStateSchema,
});
export type BadgeInvitation = z.infer<typeof badgeInvitationSchema>;
