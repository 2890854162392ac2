import {
  channelsFor,
  type NotificationChannel,
  type NotificationType,
  notificationTypes,
  RecordType,
  realtimeRoom,
  type UpdateProfileRequest,
  type UserProfile,
  userMatchQuery,
} from '@foyer/contract';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context';
import type { DB, UserRow } from '../../db/schema';
import type { AccessClaims } from '../../http/auth';
import { AppError } from '../../http/errors';
import type { Realtime } from '../../realtime/realtime';
import { assertLiveSession, assertNotActing } from '../auth/session.service';
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

async function currentUser(trx: Transaction<DB>, userId: number): Promise<UserRow> {
  const user = await findUserById(trx, userId, 'lock');
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

/** What a profile change needs: it is announced to the person's other tabs and devices. */
export interface ProfileDeps {
  ctx: AppContext;
  realtime: Pick<Realtime, 'publish'>;
}

/**
 * PUT user/profile (A7.11–A7.14): one route, five actions. The account's row is held from the read
 * to the write: two devices registering their tokens at once both keep theirs (read side by side,
 * the second write dropped the first's token), and two photos sent at once leave no stray file.
 */
export async function updateProfile(
  deps: ProfileDeps,
  claims: AccessClaims,
  input: UpdateProfileRequest,
): Promise<UserProfile> {
  const { ctx } = deps;
  // A6.08: a device token routes the person's private pushes to a device; one registered while a
  // super user acts as them would be the super user's, and would keep receiving after acting ends.
  if (input.action === 'update_device_token') assertNotActing(claims);
  const at = ctx.now();
  // A photo is stored before its row is written; a change that is not saved takes it away again.
  let storedPhoto: string | null = null;
  const saved = ctx.db.transaction().execute(async (trx) => {
    const user = await currentUser(trx, claims.userId);
    // A device token outlives the request: the access token's session must still be live (checked
    // after the row, which a password change holds while it ends the sessions), or a thief's token
    // ended by a password change or a logout would keep the person's pushes coming to their phone.
    if (input.action === 'update_device_token') await assertLiveSession(trx, claims, at);
    // So does a new SMS number: meeting reminders (A9.44) would go to the thief's phone.
    if (input.action === 'profile' && input.channels && (input.channels.sms || null) !== user.sms_phone)
      await assertLiveSession(trx, claims, at);
    if (input.action === 'photo')
      storedPhoto = await storeProfilePhoto(ctx.config.dataDir, user.id, input.image);
    const updated = await applyProfileAction(trx, user, input, at, storedPhoto);
    if (!updated) throw AppError.unauthenticated('This account no longer exists');
    // A7.42, A7.43: the person's other tabs and devices fetch the profile again (name, photo, time
    // zone, ui settings); the record says only what changed, in the change's own transaction.
    const change = { change: input.action };
    await deps.realtime.publish(realtimeRoom.user(user.id), RecordType.PublicProfileChanged, change, trx);
    const replacedPhoto = input.action === 'photo' ? user.profile_photo_path : null;
    return { updated, replacedPhoto };
  });
  const { updated, replacedPhoto } = await saved.catch(async (error: unknown) => {
    if (storedPhoto) await forgetUnsavedPhoto(ctx, claims.userId, storedPhoto);
    throw error;
  });
  // After the commit: a crash in between leaves an unused file, never a profile showing a deleted one.
  if (replacedPhoto) await removeProfilePhoto(ctx.config.dataDir, replacedPhoto);
  return toProfile(updated, at);
}

/**
 * A photo stored for a change that failed (its announcement, a conflict, the commit) is removed:
 * every failed upload left a file nobody shows. Unless the row names it after all (a commit whose
 * answer was lost): a profile never shows a deleted photo. Unreadable, the file stays.
 */
async function forgetUnsavedPhoto(ctx: AppContext, userId: number, path: string): Promise<void> {
  const row = await findProfileById(ctx.db, userId).catch(() => null);
  if (row === null || row?.profile_photo_path === path) return;
  await removeProfilePhoto(ctx.config.dataDir, path);
}

function applyProfileAction(
  trx: Transaction<DB>,
  user: UserRow,
  input: UpdateProfileRequest,
  at: Date,
  photo: string | null,
): Promise<UserRow | undefined> {
  switch (input.action) {
    case 'profile': {
      const uiSettings = input.uiSettings?.timezoneCheck
        ? { ...user.ui_settings, timezoneCheck: input.uiSettings.timezoneCheck }
        : user.ui_settings;
      return updateUser(
        trx,
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
    }
    case 'timezone':
      return updateUser(trx, user.id, { timezone: input.timezone }, at);
    case 'photo':
      return updateUser(trx, user.id, { profile_photo_path: photo }, at);
    case 'notifications': {
      // One entry per type; a later duplicate wins.
      const byType = new Map(input.notificationPreferenceList.map((p) => [p.type, p]));
      const list = [...byType.values()].map((p) => ({ type: p.type, channels: [...new Set(p.channels)] }));
      return updateUser(trx, user.id, { notification_preferences: JSON.stringify(list) }, at);
    }
    case 'update_device_token': {
      // A4.30: each entry has a device id and a token (the schema insists); a device keeps one token.
      const incoming = new Map(input.firebaseDeviceTokens.map((t) => [t.deviceUID, t]));
      const kept = user.device_tokens.filter((t) => !incoming.has(t.deviceUID));
      const tokens = [...kept, ...incoming.values()].slice(-MAX_DEVICE_TOKENS);
      return updateUser(trx, user.id, { device_tokens: JSON.stringify(tokens) }, at);
    }
  }
}
