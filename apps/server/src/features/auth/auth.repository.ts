import type { Kysely, Selectable } from 'kysely';
import { holdLock } from '../../db/advisory-locks';
import type { Executor } from '../../db/executor';
import type { DB, EmailCodesTable, OneTimeTokensTable, RefreshTokensTable } from '../../db/schema';

export type RefreshTokenRow = Selectable<RefreshTokensTable>;
export type OneTimeTokenRow = Selectable<OneTimeTokensTable>;
export type EmailCodeRow = Selectable<EmailCodesTable>;
export type CodePurpose = EmailCodesTable['purpose'];

// --- refresh tokens ---

export async function insertRefreshToken(
  db: Executor,
  row: { userId: number; familyId: string; tokenHash: string; asUserId: number | null; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('refresh_tokens')
    .values({
      user_id: row.userId,
      family_id: row.familyId,
      token_hash: row.tokenHash,
      as_user_id: row.asUserId,
      expires_at: row.expiresAt,
    })
    .execute();
}

export function findRefreshToken(db: Executor, tokenHash: string): Promise<RefreshTokenRow | undefined> {
  return db.selectFrom('refresh_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** False when another request used the token first: the caller treats that as reuse. */
export async function markRefreshTokenUsed(db: Executor, id: number, at: Date): Promise<boolean> {
  const row = await db
    .updateTable('refresh_tokens')
    .set({ used_at: at })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function revokeFamily(db: Executor, familyId: string, at: Date): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: at })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
}

/**
 * Ends every session of the user, or every one but `keepFamilyId` (the caller's own). Login links
 * not used yet go too: minted by a session that ends here, one would start a new session after it.
 */
export async function revokeUserSessions(
  db: Executor,
  userId: number,
  at: Date,
  keepFamilyId?: string,
): Promise<void> {
  let query = db
    .updateTable('refresh_tokens')
    .set({ revoked_at: at })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (keepFamilyId) query = query.where('family_id', '!=', keepFamilyId);
  await query.execute();
  await db
    .updateTable('one_time_tokens')
    .set({ used_at: at })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}

/** Sessions acting as the user (A6.04) go back to their super user's own identity. */
export async function stopActingAs(db: Executor, userId: number): Promise<void> {
  await db.updateTable('refresh_tokens').set({ as_user_id: null }).where('as_user_id', '=', userId).execute();
}

/** Whether the session (refresh-token family) still has a token that may be used: not ended. */
export async function isFamilyLive(db: Executor, familyId: string, at: Date): Promise<boolean> {
  const row = await db
    .selectFrom('refresh_tokens')
    .select('id')
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', at)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

// --- login failures (A9.46) ---

export async function countLoginFailuresSince(db: Executor, username: string, since: Date): Promise<number> {
  const row = await db
    .selectFrom('login_failures')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('username', '=', username)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function recordLoginFailure(
  db: Executor,
  username: string,
  at: Date,
  address: string | null = null,
): Promise<void> {
  await db.insertInto('login_failures').values({ username, address, created_at: at }).execute();
}

/** Failed logins from one client address since `since` (any username). */
async function countAddressFailuresSince(db: Executor, address: string, since: Date): Promise<number> {
  const row = await db
    .selectFrom('login_failures')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('address', '=', address)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Takes one of the username's attempts, or none when `limit` are already taken since `since`: the
 * attempt is written as a failure before the password is checked (a success clears them), with the
 * name's lock held for the count and the write only, so parallel guesses cannot all pass one count
 * while each waits for its password hash. The client address has its own budget of failures
 * (`address.limit` since `address.since`, any name): a crowd signing in from one address is not
 * limited by its successes, a guesser trying many names from one is by its failures.
 */
export async function takeLoginAttempt(
  db: Kysely<DB>,
  username: string,
  input: {
    at: Date;
    since: Date;
    limit: number;
    address: { value: string; since: Date; limit: number } | null;
  },
): Promise<'taken' | 'name' | 'address'> {
  return db.transaction().execute(async (trx) => {
    await holdLock(trx, 'loginName', username);
    const { address } = input;
    if (address && (await countAddressFailuresSince(trx, address.value, address.since)) >= address.limit)
      return 'address';
    if ((await countLoginFailuresSince(trx, username, input.since)) >= input.limit) return 'name';
    await recordLoginFailure(trx, username, input.at, address?.value ?? null);
    return 'taken';
  });
}

export async function clearLoginFailures(db: Executor, username: string): Promise<void> {
  await db.deleteFrom('login_failures').where('username', '=', username).execute();
}

// --- one-time login tokens ---

export async function insertOneTimeToken(
  db: Executor,
  row: { userId: number; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('one_time_tokens')
    .values({ user_id: row.userId, token_hash: row.tokenHash, expires_at: row.expiresAt })
    .execute();
}

/** Uses the token if it is unused and unexpired; undefined otherwise, so it works once only. */
export function consumeOneTimeToken(
  db: Executor,
  tokenHash: string,
  at: Date,
): Promise<{ user_id: number } | undefined> {
  return db
    .updateTable('one_time_tokens')
    .set({ used_at: at })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .returning('user_id')
    .executeTakeFirst();
}

// --- e-mail codes (reset, connect) ---

export async function insertEmailCode(
  db: Executor,
  row: { userId: number; email: string; purpose: CodePurpose; codeHash: string; expiresAt: Date; at: Date },
): Promise<void> {
  await db
    .insertInto('email_codes')
    .values({
      user_id: row.userId,
      email: row.email,
      purpose: row.purpose,
      code_hash: row.codeHash,
      expires_at: row.expiresAt,
      created_at: row.at,
    })
    .execute();
}

/** Only the newest code for an address counts: older ones are spent when a new one is sent. */
export async function retireEmailCodes(db: Executor, email: string, purpose: CodePurpose, at: Date) {
  await db
    .updateTable('email_codes')
    .set({ used_at: at })
    .where('email', '=', email)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
}

export async function countEmailCodesSince(
  db: Executor,
  userId: number,
  purpose: CodePurpose,
  since: Date,
): Promise<number> {
  const row = await db
    .selectFrom('email_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Takes one attempt from the newest live code of the address, atomically, so parallel guesses
 * cannot exceed the limit. Undefined when there is no code, it is spent or out of attempts.
 */
export function takeEmailCodeAttempt(
  db: Executor,
  email: string,
  purpose: CodePurpose,
  maxAttempts: number,
  at: Date,
): Promise<EmailCodeRow | undefined> {
  return db
    .updateTable('email_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', (eb) =>
      eb
        .selectFrom('email_codes')
        .select((s) => s.fn.max('id').as('id'))
        .where('email', '=', email)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null),
    )
    .where('attempts', '<', maxAttempts)
    .where('expires_at', '>', at)
    .returningAll()
    .executeTakeFirst();
}

export async function markEmailCodeUsed(db: Executor, id: number, at: Date): Promise<boolean> {
  const row = await db
    .updateTable('email_codes')
    .set({ used_at: at })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function deleteEmailCodes(db: Executor, userId: number, email: string, purpose: CodePurpose) {
  await db
    .deleteFrom('email_codes')
    .where('user_id', '=', userId)
    .where('email', '=', email)
    .where('purpose', '=', purpose)
    .execute();
}

/** Login failures older than `before`; returns how many went. */
export async function deleteLoginFailuresBefore(db: Executor, before: Date): Promise<number> {
  const r = await db.deleteFrom('login_failures').where('created_at', '<', before).executeTakeFirst();
  return Number(r.numDeletedRows);
}

export async function deleteEmailCodesExpiredBefore(db: Executor, before: Date): Promise<number> {
  const r = await db.deleteFrom('email_codes').where('expires_at', '<', before).executeTakeFirst();
  return Number(r.numDeletedRows);
}

export async function deleteRefreshTokensExpiredBefore(db: Executor, before: Date): Promise<number> {
  const r = await db.deleteFrom('refresh_tokens').where('expires_at', '<', before).executeTakeFirst();
  return Number(r.numDeletedRows);
}

export async function deleteOneTimeTokensExpiredBefore(db: Executor, before: Date): Promise<number> {
  const r = await db.deleteFrom('one_time_tokens').where('expires_at', '<', before).executeTakeFirst();
  return Number(r.numDeletedRows);
}
