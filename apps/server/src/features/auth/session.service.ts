import { randomUUID } from 'node:crypto';
import { ErrorCode, type LoginResult, type LoginTokenResult, type SessionUser } from '@foyer/contract';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/executor';
import type { DB, UserRow } from '../../db/schema';
import { type AccessClaims, signAccessToken } from '../../http/auth';
import { AppError } from '../../http/errors';
import { findUserById } from '../user/user.service';
import {
  consumeOneTimeToken,
  findRefreshToken,
  insertOneTimeToken,
  insertRefreshToken,
  isFamilyLive,
  markRefreshTokenUsed,
  type RefreshTokenRow,
  revokeFamily,
  stopActingAs,
} from './auth.repository';
import { REFRESH_TOKEN_TTL_MS } from './refresh-cookie';
import { newOpaqueToken, sha256 } from './tokens';

export const LOGIN_TOKEN_TTL_MS = 15 * 60_000;

/** What a route needs to answer a login: the body, and the refresh token to put in the cookie. */
export interface IssuedSession {
  body: LoginResult;
  refreshToken: string;
}

export function toSessionUser(user: UserRow): SessionUser {
  return {
    id: user.id,
    name: user.name,
    surname: user.surname,
    username: user.username,
    timezone: user.timezone,
  };
}

export function invalidSession(): AppError {
  return new AppError(401, ErrorCode.InvalidToken, 'Your session has ended. Please log in again.');
}

/**
 * For what outlives the request (a login link, the account's addresses): the access token's session
 * must still be live. An access token outlives its session by up to 15 minutes (a password change
 * or reset, a logout, a reuse found), and a thief's must not use them to keep the account. A token
 * naming no session (issued before tokens named it) answers as an ended one: the client refreshes.
 */
export async function assertLiveSession(db: Executor, claims: AccessClaims, at: Date): Promise<void> {
  if (!claims.sessionId || !(await isFamilyLive(db, claims.sessionId, at))) throw invalidSession();
}

/** A4 / A6.08: account-level changes are the account holder's own, never made while acting as them. */
export function assertNotActing(claims: AccessClaims): void {
  if (claims.actorId !== undefined) {
    throw AppError.forbidden('Not allowed while acting as another user');
  }
}

async function answer(
  ctx: AppContext,
  session: { refreshToken: string; familyId: string },
  user: UserRow,
  actingAs: UserRow | null,
): Promise<IssuedSession> {
  const { refreshToken, familyId } = session;
  const subject = actingAs ?? user;
  const accessToken = await signAccessToken(ctx.config.jwtSecret, {
    userId: subject.id,
    ...(actingAs ? { actorId: user.id } : {}),
    sessionId: familyId,
  });
  return {
    refreshToken,
    body: { accessToken, user: toSessionUser(subject), ...(actingAs ? { actorId: user.id } : {}) },
  };
}

/** Starts a new refresh-token family for the user (login, signup, token login). */
export async function startSession(ctx: AppContext, user: UserRow): Promise<IssuedSession> {
  const refreshToken = newOpaqueToken();
  const familyId = randomUUID();
  await insertRefreshToken(ctx.db, {
    userId: user.id,
    familyId,
    tokenHash: sha256(refreshToken),
    asUserId: null,
    expiresAt: new Date(ctx.now().getTime() + REFRESH_TOKEN_TTL_MS),
  });
  return answer(ctx, { refreshToken, familyId }, user, null);
}

/**
 * A6.04 / A6.08 (decided): only a super user may act as another user, and never as another super
 * user. Without `requested` the family keeps acting as before; asking for one's own id ends acting.
 */
async function actingTarget(
  ctx: AppContext,
  user: UserRow,
  stored: number | null,
  requested: number | undefined,
): Promise<UserRow | null> {
  const wanted = requested ?? stored;
  if (wanted === null || wanted === user.id) return null;
  if (!user.is_super_user) {
    if (requested !== undefined) throw AppError.forbidden('Only a super user can log in as another user');
    return null; // no longer a super user: back to the own identity
  }
  const target = await findUserById(ctx.db, wanted);
  if (!target || target.is_super_user) {
    if (requested === undefined) return null;
    if (!target) throw AppError.notFound('User not found');
    throw AppError.forbidden('A super user cannot act as another super user');
  }
  return target;
}

/**
 * Spends `row` and stores its successor of the same family, in the caller's transaction; false when
 * another request spent or revoked it first (the caller treats that as reuse), or the account went.
 * Answers whom the successor acts as: `next.asUserId`, or nobody when that account was deleted
 * meanwhile (its row is held against deletion from here, before the tokens: deleteAccount holds
 * it and then clears the sessions acting as it, so neither waits for the other in a circle).
 *
 * The account's row is held FOR SHARE first. Whatever ends sessions (a password change or reset,
 * logout, a reuse found, the account's deletion) holds or changes that row before it revokes: it
 * waits for a rotation in flight and its revoke, a new statement, then sees the successor too.
 * Without that, its revoke waited on the spent row only and missed the successor committed
 * meanwhile: a stolen session outlived the password change. Order: the user's row, then tokens.
 */
export async function rotateRefreshToken(
  trx: Transaction<DB>,
  row: RefreshTokenRow,
  next: { token: string; asUserId: number | null; at: Date },
): Promise<false | { asUserId: number | null }> {
  if (!(await findUserById(trx, row.user_id, 'share'))) return false;
  const asUserId =
    next.asUserId !== null && (await findUserById(trx, next.asUserId, 'keep')) ? next.asUserId : null;
  if (!(await markRefreshTokenUsed(trx, row.id, next.at))) return false;
  await insertRefreshToken(trx, {
    userId: row.user_id,
    familyId: row.family_id,
    tokenHash: sha256(next.token),
    asUserId,
    expiresAt: new Date(next.at.getTime() + REFRESH_TOKEN_TTL_MS),
  });
  return { asUserId };
}

/** Before an account is deleted, in its transaction with its row held: see rotateRefreshToken. */
export function endActingAs(trx: Transaction<DB>, userId: number): Promise<void> {
  return stopActingAs(trx, userId);
}

/**
 * GET user/token/refresh: rotates the refresh token within its family. A token presented twice
 * means it was copied, so the whole family is revoked and both holders must log in again.
 */
export async function refreshSession(
  ctx: AppContext,
  presented: string | undefined,
  asUserId: number | undefined,
): Promise<IssuedSession> {
  if (!presented) throw invalidSession();
  const now = ctx.now();
  const row = await findRefreshToken(ctx.db, sha256(presented));
  if (!row || row.revoked_at) throw invalidSession();
  if (row.used_at) {
    await endFamily(ctx, row, now);
    throw invalidSession();
  }
  if (row.expires_at <= now) throw invalidSession();
  const user = await findUserById(ctx.db, row.user_id);
  if (!user) throw invalidSession();
  // Permission problems leave the presented token usable: the caller just asked for too much.
  const actingAs = await actingTarget(ctx, user, row.as_user_id, asUserId);

  const refreshToken = newOpaqueToken();
  const rotated = await ctx.db
    .transaction()
    .execute((trx) =>
      rotateRefreshToken(trx, row, { token: refreshToken, asUserId: actingAs?.id ?? null, at: now }),
    );
  if (!rotated) {
    await endFamily(ctx, row, now);
    throw invalidSession();
  }
  // The person acted as may have been deleted since the read above: back to the own identity.
  const stillActing = rotated.asUserId === null ? null : actingAs;
  return answer(ctx, { refreshToken, familyId: row.family_id }, user, stillActing);
}

/** The family of the presented refresh token, if it is one of ours. */
export async function sessionFamily(ctx: AppContext, presented: string | undefined) {
  if (!presented) return undefined;
  return (await findRefreshToken(ctx.db, sha256(presented)))?.family_id;
}

/**
 * Revokes the token's whole family with the account's row held first, so a rotation in flight
 * (rotateRefreshToken) is waited for and its new token revoked too.
 */
async function endFamily(ctx: AppContext, row: RefreshTokenRow, at: Date): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    await findUserById(trx, row.user_id, 'lock');
    await revokeFamily(trx, row.family_id, at);
  });
}

/** POST auth/logout: ends the session the cookie belongs to; harmless without one. */
export async function endSession(ctx: AppContext, presented: string | undefined): Promise<void> {
  const row = presented ? await findRefreshToken(ctx.db, sha256(presented)) : undefined;
  if (row) await endFamily(ctx, row, ctx.now());
}

/** A one-time login token for /token-login (tests, the native shell); valid 15 minutes, once. */
export async function createLoginToken(ctx: AppContext, claims: AccessClaims): Promise<LoginTokenResult> {
  assertNotActing(claims);
  // A link starts a new session of its own: it must not turn an ended session into a fresh one.
  await assertLiveSession(ctx.db, claims, ctx.now());
  const user = await findUserById(ctx.db, claims.userId);
  if (!user) throw AppError.unauthenticated();
  const token = newOpaqueToken();
  const expiresAt = new Date(ctx.now().getTime() + LOGIN_TOKEN_TTL_MS);
  await insertOneTimeToken(ctx.db, { userId: user.id, tokenHash: sha256(token), expiresAt });
  return {
    token,
    expiresAt: expiresAt.toISOString(),
    url: `${ctx.config.publicUrl}/token-login?token=${encodeURIComponent(token)}`,
  };
}

/** POST auth/token-login (A2.46, A7.36). */
export async function loginWithToken(ctx: AppContext, token: string): Promise<IssuedSession> {
  const used = await consumeOneTimeToken(ctx.db, sha256(token), ctx.now());
  const user = used && (await findUserById(ctx.db, used.user_id));
  if (!user) throw new AppError(400, ErrorCode.InvalidToken, 'The login link is invalid or has expired.');
  return startSession(ctx, user);
}
