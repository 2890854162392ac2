import type { Selectable } from 'kysely';
import { type Executor, firstRow } from '../../db/executor';
import type { UserEmailsTable, UserRow, UserUpdate } from '../../db/schema';

export function findUserByUsername(db: Executor, username: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
}

/**
 * One account; `lock` holds its row until the caller's transaction ends, `share` keeps it from
 * changing meanwhile (a refresh, so that an update of the row waits for its new session to count),
 * `keep` only from being deleted (the person a refresh acts as).
 */
export function findUserById(
  db: Executor,
  id: number,
  lock?: 'lock' | 'share' | 'keep',
): Promise<UserRow | undefined> {
  const query = db.selectFrom('users').selectAll().where('id', '=', id);
  return firstRow(query, lock);
}

/** The columns the profile answer shows (no password hash, device tokens or timestamps). */
export const PROFILE_COLUMNS = [
  'id',
  'name',
  'surname',
  'username',
  'timezone',
  'profile_photo_path',
  'sms_phone',
  'ui_settings',
  'notification_preferences',
  'is_super_user',
] as const;
export type ProfileRow = Pick<UserRow, (typeof PROFILE_COLUMNS)[number]>;

export function findProfileById(db: Executor, id: number): Promise<ProfileRow | undefined> {
  return db.selectFrom('users').select(PROFILE_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/**
 * Creates the user with its primary e-mail and its identity record (provider cognito). Sign-up and
 * registration pass `verified: false`: the address (and so the login) waits for the mailed code.
 */
export async function insertUser(
  db: Executor,
  input: {
    username: string;
    name: string;
    surname: string;
    passwordHash: string | null;
    timezone?: string | null;
    verified?: boolean;
  },
): Promise<UserRow> {
  const verifiedAt = input.verified === false ? null : new Date();
  const user = await db
    .insertInto('users')
    .values({
      username: input.username,
      name: input.name,
      surname: input.surname,
      password_hash: input.passwordHash,
      timezone: input.timezone ?? null,
      ui_settings: JSON.stringify({}),
      notification_preferences: JSON.stringify([]),
      device_tokens: JSON.stringify([]),
      email_verified_at: verifiedAt,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await db
    .insertInto('user_emails')
    .values({ user_id: user.id, email: input.username, is_primary: true, confirmed_at: verifiedAt })
    .execute();
  await db
    .insertInto('identities')
    .values({ user_id: user.id, provider: 'cognito', subject: String(user.id) })
    .execute();
  return user;
}

/** The mailed code came back: the account's own address is confirmed and it may log in. */
export async function markEmailVerified(db: Executor, userId: number, at: Date): Promise<void> {
  const user = await db
    .updateTable('users')
    .set({ email_verified_at: at })
    .where('id', '=', userId)
    .where('email_verified_at', 'is', null)
    .returning('username')
    .executeTakeFirst();
  if (!user) return;
  await db
    .updateTable('user_emails')
    .set({ confirmed_at: at })
    .where('user_id', '=', userId)
    .where('email', '=', user.username)
    .where('confirmed_at', 'is', null)
    .execute();
}

export async function updateUser(
  db: Executor,
  id: number,
  patch: Omit<UserUpdate, 'id' | 'created_at' | 'updated_at'>,
  at: Date,
): Promise<UserRow | undefined> {
  return db
    .updateTable('users')
    .set({ ...patch, updated_at: at })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** Deletes the account; the photo it had at that moment (a photo changed meanwhile included), to remove. */
export async function deleteUser(db: Executor, id: number): Promise<string | null> {
  const row = await db
    .deleteFrom('users')
    .where('id', '=', id)
    .returning('profile_photo_path')
    .executeTakeFirst();
  return row?.profile_photo_path ?? null;
}

/** An address belongs to someone once it is a username or a confirmed connected e-mail. */
export async function isEmailTaken(db: Executor, email: string, exceptUserId?: number): Promise<boolean> {
  let users = db.selectFrom('users').select('id').where('username', '=', email);
  let emails = db
    .selectFrom('user_emails')
    .select('user_id as id')
    .where('email', '=', email)
    .where('confirmed_at', 'is not', null);
  if (exceptUserId !== undefined) {
    users = users.where('id', '!=', exceptUserId);
    emails = emails.where('user_id', '!=', exceptUserId);
  }
  const row = await users.unionAll(emails).limit(1).executeTakeFirst();
  return row !== undefined;
}

export type UserEmailRow = Selectable<UserEmailsTable>;

export function listUserEmails(db: Executor, userId: number): Promise<UserEmailRow[]> {
  return db
    .selectFrom('user_emails')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('is_primary', 'desc')
    .orderBy('id')
    .execute();
}

export function findUserEmail(db: Executor, email: string): Promise<UserEmailRow | undefined> {
  return db.selectFrom('user_emails').selectAll().where('email', '=', email).executeTakeFirst();
}

/**
 * Unconfirmed addresses only reserve nothing: whoever confirms (or signs up with) the address
 * first gets it, and other people's pending rows for it go.
 */
export async function dropPendingEmail(db: Executor, email: string, exceptUserId?: number): Promise<void> {
  let query = db.deleteFrom('user_emails').where('email', '=', email).where('confirmed_at', 'is', null);
  if (exceptUserId !== undefined) query = query.where('user_id', '!=', exceptUserId);
  await query.execute();
}

export async function insertPendingEmail(db: Executor, userId: number, email: string): Promise<void> {
  await db
    .insertInto('user_emails')
    .values({ user_id: userId, email, is_primary: false, confirmed_at: null })
    .onConflict((oc) => oc.column('email').doNothing())
    .execute();
}

export async function confirmUserEmail(db: Executor, userId: number, email: string, at: Date) {
  await db
    .insertInto('user_emails')
    .values({ user_id: userId, email, is_primary: false, confirmed_at: at })
    .onConflict((oc) =>
      oc
        .column('email')
        .doUpdateSet({ confirmed_at: at })
        .where('user_emails.user_id', '=', userId)
        .where('user_emails.confirmed_at', 'is', null),
    )
    .execute();
}

/** Moves the primary flag to `email` (one primary per user is a unique index: clear first). */
export async function setPrimaryEmail(db: Executor, userId: number, email: string): Promise<void> {
  await db.updateTable('user_emails').set({ is_primary: false }).where('user_id', '=', userId).execute();
  await db
    .updateTable('user_emails')
    .set({ is_primary: true })
    .where('user_id', '=', userId)
    .where('email', '=', email)
    .execute();
}

export async function deleteUserEmail(db: Executor, userId: number, email: string): Promise<void> {
  await db.deleteFrom('user_emails').where('user_id', '=', userId).where('email', '=', email).execute();
}
