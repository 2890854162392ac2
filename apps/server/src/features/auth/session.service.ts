import { randomUUID } from 'node:crypto';
import { ErrorCode, type LoginResult, type LoginTokenResult, type SessionUser } from '@foyer/contract';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { type AccessClaims, signAccessToken } from '../../http/auth';
import { AppError } from '../../http/errors';
import { findUserById } from '../user/user.service';
import {
  consumeOneTimeToken,
  findRefreshToken,
  insertOneTimeToken,
  insertRefreshToken,
  markRefreshTokenUsed,
  revokeFamily,
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

/** A4 / A6.08: account-level changes are the account holder's own, never made while acting as them. */
export function assertNotActing(claims: AccessClaims): void {
  if (claims.actorId !== undefined) {
    throw AppError.forbidden('Not allowed while acting as another user');
  }
}

async function answer(
  ctx: AppContext,
  refreshToken: string,
  user: UserRow,
  actingAs: UserRow | null,
): Promise<IssuedSession> {
  const subject = actingAs ?? user;
  const accessToken = await signAccessToken(ctx.config.jwtSecret, {
    userId: subject.id,
    ...(actingAs ? { actorId: user.id } : {}),
  });
  return {
    refreshToken,
    body: { accessToken, user: toSessionUser(subject), ...(actingAs ? { actorId: user.id } : {}) },
  };
}

/** Starts a new refresh-token family for the user (login, signup, token login). */
export async function startSession(ctx: AppContext, user: UserRow): Promise<IssuedSession> {
  const refreshToken = newOpaqueToken();
  await insertRefreshToken(ctx.db, {
    userId: user.id,
    familyId: randomUUID(),
    tokenHash: sha256(refreshToken),
    asUserId: null,
    expiresAt: new Date(ctx.now().getTime() + REFRESH_TOKEN_TTL_MS),
  });
  return answer(ctx, refreshToken, user, null);
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
    await revokeFamily(ctx.db, row.family_id, now);
    throw invalidSession();
  }
  if (row.expires_at <= now) throw invalidSession();
  const user = await findUserById(ctx.db, row.user_id);
  if (!user) throw invalidSession();
  // Permission problems leave the presented token usable: the caller just asked for too much.
  const actingAs = await actingTarget(ctx, user, row.as_user_id, asUserId);

  const refreshToken = newOpaqueToken();
  const rotated = await ctx.db.transaction().execute(async (trx) => {
    if (!(await markRefreshTokenUsed(trx, row.id, now))) return false;
    await insertRefreshToken(trx, {
      userId: user.id,
      familyId: row.family_id,
      tokenHash: sha256(refreshToken),
      asUserId: actingAs?.id ?? null,
      expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_MS),
    });
    return true;
  });
  if (!rotated) {
    await revokeFamily(ctx.db, row.family_id, now);
    throw invalidSession();
  }
  return answer(ctx, refreshToken, user, actingAs);
}

/** The family of the presented refresh token, if it is one of ours. */
export async function sessionFamily(ctx: AppContext, presented: string | undefined) {
  if (!presented) return undefined;
  return (await findRefreshToken(ctx.db, sha256(presented)))?.family_id;
}

/** POST auth/logout: ends the session the cookie belongs to; harmless without one. */
export async function endSession(ctx: AppContext, presented: string | undefined): Promise<void> {
  const family = await sessionFamily(ctx, presented);
  if (family) await revokeFamily(ctx.db, family, ctx.now());
}

/** A one-time login token for /token-login (tests, the native shell); valid 15 minutes, once. */
export async function createLoginToken(ctx: AppContext, claims: AccessClaims): Promise<LoginTokenResult> {
  assertNotActing(claims);
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
