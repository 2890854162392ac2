import type { FastifyRequest } from 'fastify';
import { jwtVerify, SignJWT } from 'jose';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { AppError } from './errors';

export const ACCESS_TOKEN_TTL_S = 15 * 60;

export interface AccessClaims {
  userId: number;
  /** Set when a super user acts as another user (A6.04): the real user's id. */
  actorId?: number;
}

const encoder = new TextEncoder();

export async function signAccessToken(secret: string, claims: AccessClaims): Promise<string> {
  return new SignJWT(claims.actorId ? { act: claims.actorId } : {})
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(claims.userId))
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_TTL_S}s`)
    .sign(encoder.encode(secret));
}

export async function verifyAccessToken(secret: string, token: string): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, encoder.encode(secret), { algorithms: ['HS256'] });
    const userId = Number(payload.sub);
    if (!Number.isInteger(userId) || userId <= 0) return null;
    return typeof payload.act === 'number' ? { userId, actorId: payload.act } : { userId };
  } catch {
    return null;
  }
}

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  return header.slice(7).trim() || null;
}

/**
 * The claims of the request's bearer token, when it verifies and its account (and the acting super
 * user's, A6.04) still exists: a token outlives a deleted account by up to its TTL. One primary-key
 * lookup per request, remembered for the request.
 */
const resolved = new WeakMap<FastifyRequest, Promise<AccessClaims | null>>();

async function liveClaims(request: FastifyRequest): Promise<AccessClaims | null> {
  const token = bearer(request);
  if (!token) return null;
  const { config, db } = request.server.ctx;
  return verifyLiveAccessToken(db, config.jwtSecret, token);
}

/** Whether the claims' account (and the acting super user's, A6.04) still exists. One primary-key lookup. */
export async function accountsExist(db: Kysely<DB>, claims: AccessClaims): Promise<boolean> {
  const ids =
    claims.actorId && claims.actorId !== claims.userId ? [claims.userId, claims.actorId] : [claims.userId];
  const found = await db.selectFrom('users').select('id').where('id', 'in', ids).execute();
  return found.length === ids.length;
}

/** The token's claims when it verifies and its accounts still exist (HTTP and the realtime socket). */
export async function verifyLiveAccessToken(
  db: Kysely<DB>,
  secret: string,
  token: string,
): Promise<AccessClaims | null> {
  const claims = await verifyAccessToken(secret, token);
  return claims && (await accountsExist(db, claims)) ? claims : null;
}

function claimsOf(request: FastifyRequest): Promise<AccessClaims | null> {
  let claims = resolved.get(request);
  if (!claims) {
    claims = liveClaims(request);
    resolved.set(request, claims);
  }
  return claims;
}

/** The caller's identity from the bearer token, or a 401 the client answers by refreshing once (A7.03). */
export async function requireUser(request: FastifyRequest): Promise<AccessClaims> {
  const claims = await claimsOf(request);
  if (!claims) throw AppError.unauthenticated();
  return claims;
}

/** The caller's identity, or null for no token, a bad one, or one of a deleted account. */
export async function optionalUser(request: FastifyRequest): Promise<AccessClaims | null> {
  return claimsOf(request);
}
