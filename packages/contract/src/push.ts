import { z } from 'zod';
import { LOCALES } from './constants';
import type { NotificationType } from './user';

/**
 * Web Push (issue 15): a browser subscribes with the server's VAPID key and sends its subscription;
 * the server pushes invitations, meeting reminders, chat messages and announcements to it, except
 * the topics the person muted. E-mail and SMS keep their own preferences (A9.43, A9.44).
 */
export const pushTopics = ['invitations', 'reminders', 'agenda', 'announcements', 'chat'] as const;
export const pushTopicSchema = z.enum(pushTopics);
export type PushTopic = z.infer<typeof pushTopicSchema>;

/** Which push topic a notification type belongs to. */
export function pushTopicOf(type: NotificationType): PushTopic {
  switch (type) {
    case 'meeting_reminder':
      return 'reminders';
    case 'announcement':
    case 'poll':
    case 'poll_finished':
      return 'announcements';
    case 'confirmed':
    case 'session_cancelled':
    case 'rescheduled_session':
    case 'cancel_session':
    case 'invited_to_event':
      return 'agenda';
    default:
      return 'invitations';
  }
}

/** A base64url key as a browser's PushSubscription.toJSON() gives it. */
const base64url = (min: number, max: number) =>
  z
    .string()
    .min(min, 'validation.error.push')
    .max(max, 'validation.error.push')
    .regex(/^[A-Za-z0-9_-]+=*$/, 'validation.error.push');

/** PUT /api/v1/user/push/subscription: what PushSubscription.toJSON() gives, and the device's language. */
export const pushSubscriptionRequest = z.strictObject({
  endpoint: z.url({ protocol: /^https?$/, error: 'validation.error.push' }).max(2048),
  expirationTime: z.number().nullable().optional(),
  keys: z.strictObject({
    // An uncompressed P-256 point (65 bytes) and a 16-byte secret, base64url.
    p256dh: base64url(80, 100),
    auth: base64url(16, 32),
  }),
  language: z.enum(LOCALES).optional(),
});
export type PushSubscriptionRequest = z.infer<typeof pushSubscriptionRequest>;

/** DELETE /api/v1/user/push/subscription?endpoint=… (sign-out, or "Turn off" on this device). */
export const pushUnsubscribeQuery = z.strictObject({ endpoint: z.string().min(1).max(2048) });

/** GET /api/v1/user/push: the key to subscribe with (null: this server sends no pushes). */
export const pushSettingsSchema = z.object({
  publicKey: z.string().nullable(),
  muted: z.array(pushTopicSchema),
});
export type PushSettings = z.infer<typeof pushSettingsSchema>;

/** PUT /api/v1/user/push: the topics muted for push on every device. */
export const pushMuteRequest = z.strictObject({
  muted: z.array(pushTopicSchema).max(pushTopics.length),
});

/** What the service worker receives (the push's encrypted payload, JSON). */
export interface PushPayload {
  title: string;
  body: string;
  /** Path inside the app to open on a click. */
  url: string;
  /** Same tag: a newer notification replaces the older (one per chat room, one per invitation). */
  tag: string;
}
