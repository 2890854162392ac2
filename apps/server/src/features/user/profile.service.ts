import {
  channelsFor,
  type NotificationChannel,
  type NotificationType,
  notificationTypes,
  type UpdateProfileRequest,
  type UserProfile,
  userMatchQuery,
} from '@foyer/contract';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import type { AccessClaims } from '../../http/auth';
import { AppError } from '../../http/errors';
import { removeProfilePhoto, storeProfilePhoto } from './photo';
import { findProfileById, findUserById, type ProfileRow, updateUser } from './user.repository';

/** A native app keeps a handful of devices; the oldest token goes when a new device comes. */
const MAX_DEVICE_TOKENS = 20;

type Preference = UserProfile['notificationPreferenceList'][number];

function isNotificationType(value: string): value is NotificationType {
  return (notificationTypes as readonly string[]).includes(value);
}

/** Stored preferences are re-checked against A9.43/A9.44 so an old row never shows a wrong channel. */
function preferences(stored: { type: string; channels: string[] }[]): Preference[] {
  const list: Preference[] = [];
  for (const item of stored) {
    if (!isNotificationType(item.type)) continue;
    const allowed = channelsFor(item.type);
    const channels = item.channels.filter((c): c is NotificationChannel =>
      (allowed as readonly string[]).includes(c),
    );
    list.push({ type: item.type, channels });
  }
  return list;
}

function timezoneCheck(settings: Record<string, unknown>): UserProfile['uiSettings'] {
  const check = settings.timezoneCheck as { userTimezone?: unknown; localTimezone?: unknown } | undefined;
  if (check && typeof check.userTimezone === 'string' && typeof check.localTimezone === 'string') {
    return { timezoneCheck: { userTimezone: check.userTimezone, localTimezone: check.localTimezone } };
  }
  return {};
}

export function toProfile(user: ProfileRow, now: Date): UserProfile {
  return {
    id: user.id,
    name: user.name,
    surname: user.surname,
    username: user.username,
    timezone: user.timezone,
    profilePhotoPath: user.profile_photo_path,
    channels: { sms: user.sms_phone },
    uiSettings: timezoneCheck(user.ui_settings),
    notificationPreferenceList: preferences(user.notification_preferences),
    isSuperUser: user.is_super_user,
    now: now.toISOString(),
    loaded: true,
    query: userMatchQuery(user),
  };
}

async function currentUser(ctx: AppContext, userId: number): Promise<UserRow> {
  const user = await findUserById(ctx.db, userId);
  // A token for a deleted account: 401 makes the client drop the session (A4.04).
  if (!user) throw AppError.unauthenticated('This account no longer exists');
  return user;
}

/** GET user/profile (A7.05, A7.45): one primary-key read of the columns shown. */
export async function getProfile(ctx: AppContext, claims: AccessClaims): Promise<UserProfile> {
  const user = await findProfileById(ctx.db, claims.userId);
  // A token for a deleted account: 401 makes the client drop the session (A4.04).
  if (!user) throw AppError.unauthenticated('This account no longer exists');
  return toProfile(user, ctx.now());
}

/** PUT user/profile (A7.11–A7.14): one route, five actions. */
export async function updateProfile(
  ctx: AppContext,
  claims: AccessClaims,
  input: UpdateProfileRequest,
): Promise<UserProfile> {
  const user = await currentUser(ctx, claims.userId);
  const at = ctx.now();
  let updated: UserRow | undefined;
  switch (input.action) {
    case 'profile': {
      const uiSettings = input.uiSettings?.timezoneCheck
        ? { ...user.ui_settings, timezoneCheck: input.uiSettings.timezoneCheck }
        : user.ui_settings;
      updated = await updateUser(
        ctx.db,
        user.id,
        {
          name: input.name,
          surname: input.surname,
          ...(input.timezone !== undefined ? { timezone: input.timezone || null } : {}),
          ...(input.channels ? { sms_phone: input.channels.sms || null } : {}),
          ui_settings: JSON.stringify(uiSettings),
        },
        at,
      );
      break;
    }
    case 'timezone':
      updated = await updateUser(ctx.db, user.id, { timezone: input.timezone }, at);
      break;
    case 'photo': {
      const path = await storeProfilePhoto(ctx.config.dataDir, user.id, input.image);
      updated = await updateUser(ctx.db, user.id, { profile_photo_path: path }, at);
      await removeProfilePhoto(ctx.config.dataDir, user.profile_photo_path);
      break;
    }
    case 'notifications': {
      // One entry per type; a later duplicate wins.
      const byType = new Map(input.notificationPreferenceList.map((p) => [p.type, p]));
      const list = [...byType.values()].map((p) => ({ type: p.type, channels: [...new Set(p.channels)] }));
      updated = await updateUser(ctx.db, user.id, { notification_preferences: JSON.stringify(list) }, at);
      break;
    }
    case 'update_device_token': {
      // A4.30: each entry has a device id and a token (the schema insists); a device keeps one token.
      const incoming = new Map(input.firebaseDeviceTokens.map((t) => [t.deviceUID, t]));
      const kept = user.device_tokens.filter((t) => !incoming.has(t.deviceUID));
      const tokens = [...kept, ...incoming.values()].slice(-MAX_DEVICE_TOKENS);
      updated = await updateUser(ctx.db, user.id, { device_tokens: JSON.stringify(tokens) }, at);
      break;
    }
  }
  if (!updated) throw AppError.unauthenticated('This account no longer exists');
  return toProfile(updated, at);
}
