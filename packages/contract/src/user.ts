import { z } from 'zod';
import { emailSchema, optionalText, requiredText, timezoneSchema } from './common';
import { PHOTO_MAX_BYTES } from './constants';

export const notificationTypes = [
  'confirmed',
  'session_cancelled',
  'rescheduled_session',
  'invited_to_event',
  'announcement',
  'poll',
  'poll_finished',
  'participant_meet_invitation',
  'confirm_participant_invitation',
  'reject_participant_invite',
  'session_reschedule_invitation',
  'confirm_reschedule_invitation',
  'reject_invite_reschedule',
  'cancel_meeting',
  'cancel_session',
  'meeting_reminder',
] as const; // A9.40–A9.42
export const notificationTypeSchema = z.enum(notificationTypes);
export type NotificationType = z.infer<typeof notificationTypeSchema>;
export const notificationChannels = ['email', 'sms'] as const;
export const notificationChannelSchema = z.enum(notificationChannels);
export type NotificationChannel = z.infer<typeof notificationChannelSchema>;

/** A9.43, A9.44: e-mail for every type, SMS only for meeting reminders. */
export function channelsFor(type: NotificationType): readonly NotificationChannel[] {
  return type === 'meeting_reminder' ? notificationChannels : ['email'];
}

export const notificationPreferenceSchema = z
  .strictObject({
    type: z.enum(notificationTypes),
    channels: z.array(z.enum(notificationChannels)).max(2),
  })
  .refine((p) => p.channels.every((c) => channelsFor(p.type).includes(c)), {
    message: 'validation.error.channel',
    path: ['channels'],
  });

const dataUrlSchema = z
  .string()
  .max(Math.ceil((PHOTO_MAX_BYTES * 4) / 3) + 64, 'account.photo.large')
  .regex(/^data:image\/(jpeg|png);base64,[A-Za-z0-9+/]+=*$/, 'account.photo.type');

/** PUT /api/v1/user/profile (A7.11–A7.14): one route, four actions. */
export const updateProfileRequest = z.discriminatedUnion('action', [
  z.strictObject({
    action: z.literal('profile'),
    name: requiredText(100),
    surname: requiredText(100),
    timezone: timezoneSchema.optional().nullable(),
    channels: z.strictObject({ sms: optionalText(40) }).optional(),
    uiSettings: z
      .strictObject({
        timezoneCheck: z
          .strictObject({ userTimezone: z.string().max(64), localTimezone: z.string().max(64) })
          .optional(),
      })
      .optional(),
  }),
  z.strictObject({ action: z.literal('timezone'), timezone: timezoneSchema }),
  z.strictObject({ action: z.literal('photo'), image: dataUrlSchema }),
  z.strictObject({
    action: z.literal('notifications'),
    notificationPreferenceList: z.array(notificationPreferenceSchema).max(32),
  }),
  z.strictObject({
    action: z.literal('update_device_token'),
    firebaseDeviceTokens: z
      .array(z.strictObject({ deviceUID: z.string().min(1).max(200), token: z.string().min(1).max(4096) }))
      .max(20),
  }),
]);
export type UpdateProfileRequest = z.infer<typeof updateProfileRequest>;

export const userProfileSchema = z.object({
  id: z.number(),
  name: z.string(),
  surname: z.string(),
  username: z.string(),
  timezone: z.string().nullable(),
  profilePhotoPath: z.string().nullable(),
  channels: z.object({ sms: z.string().nullable() }),
  uiSettings: z.object({
    timezoneCheck: z.object({ userTimezone: z.string(), localTimezone: z.string() }).optional(),
  }),
  notificationPreferenceList: z.array(
    z.object({ type: notificationTypeSchema, channels: z.array(notificationChannelSchema) }),
  ),
  /** May act as another user (A6.04) through GET user/token/refresh?asUserId=. */
  isSuperUser: z.boolean(),
  /** Server time, ISO 8601 (A7.45). */
  now: z.string(),
  /**
   * A3.04: this is the profile as the server has it (the session's stored copy of the user, shown
   * while it is checked, is not loaded).
   */
  loaded: z.literal(true),
  /** A3.04: the text the user is matched by (userMatchQuery): name, surname and e-mail, folded. */
  query: z.string(),
});
export type UserProfile = z.infer<typeof userProfileSchema>;

/** Lower case, without accents, one space between words: `Çağla  Öz` → `cagla oz`. */
export function foldForMatching(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLocaleLowerCase('en')
    .replace(/ı/g, 'i')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A3.04: the query string a user is matched by: name, surname and username (e-mail), folded. */
export function userMatchQuery(user: { name: string; surname: string; username: string }): string {
  return foldForMatching(`${user.name} ${user.surname} ${user.username}`);
}

/** A3.04: every word of what was typed occurs in the user's query string (folded the same way). */
export function matchesUserQuery(query: string, typed: string): boolean {
  const words = foldForMatching(typed).split(' ').filter(Boolean);
  return words.every((word) => query.includes(word));
}

/** POST /api/v1/user/email (A5.27, A5.28). */
export const addEmailRequest = z.strictObject({ email: emailSchema });
/** POST /api/v1/user/email/confirm (A7.34): confirms a new address with its code. */
export const confirmEmailRequest = z.strictObject({
  email: emailSchema,
  code: z
    .string()
    .trim()
    .min(1, 'validation.error.required')
    .regex(/^\d{6}$/, 'validation.error.code'),
});
/** POST /api/v1/user/username (A7.18): make a connected address primary. */
export const setPrimaryEmailRequest = z.strictObject({ username: emailSchema });
export const removeEmailQuery = z.strictObject({ email: emailSchema });

export const connectedEmailSchema = z.object({
  email: z.string(),
  primary: z.boolean(),
  confirmed: z.boolean(),
});
export type ConnectedEmail = z.infer<typeof connectedEmailSchema>;

const deleteWord = z
  .string()
  .trim()
  .min(1, 'validation.error.required')
  .max(100, 'validation.error.maxLength')
  .regex(/delete/, 'validation.error.required');

const currentPassword = z
  .string({ error: 'validation.error.required' })
  .min(1, 'validation.error.required')
  .max(256, 'validation.error.password.max');

/** A5.32: the delete-account field must contain the word 'delete'; the password proves it is the owner. */
export const deleteAccountConfirmSchema = z.strictObject({ confirm: deleteWord, password: currentPassword });

/** DELETE /api/v1/user (A7.10): the account's password, and optionally the typed word. */
export const deleteAccountRequest = z.strictObject({
  confirm: deleteWord.optional(),
  password: currentPassword,
});
