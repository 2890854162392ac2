import { createHmac, createSecretKey, type KeyObject, timingSafeEqual, webcrypto } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { jwtVerify, SignJWT } from 'jose';
import type { Kysely } from 'kysely';
import { perTurn } from '../db/per-turn';
import type { DB } from '../db/schema';
import { AppError } from './errors';

export const ACCESS_TOKEN_TTL_S = 15 * 60;

export interface AccessClaims {
  userId: number;
  /** Set when a super user acts as another user (A6.04): the real user's id. */
  actorId?: number;
  /**
   * The refresh-token family (session) the token was issued for, as claim `sid`: what outlives the
   * access token (a login link) is made only while that session is live.
   */
  sessionId?: string;
}

const encoder = new TextEncoder();

interface SecretKeys {
  /** For jose, signing and verifying. */
  crypto: Promise<webcrypto.CryptoKey>;
  /** For node:crypto's HMAC, verifying the tokens signAccessToken makes (ownTokenClaims). */
  hmac: KeyObject;
  /** Tokens verified already, until their expiry: a client sends the same one for 15 minutes. */
  verified: Map<string, { claims: AccessClaims; exp: number }>;
}

/** Verified tokens remembered per secret; the oldest goes first beyond this. */
const VERIFIED_CACHE_SIZE = 10_000;

/**
 * Keys per secret, imported once: jose given the raw secret imports a WebCrypto key on every call,
 * which with the asynchronous verify cost ~70 µs of CPU per request.
 */
const keys = new Map<string, SecretKeys>();

function keysFor(secret: string): SecretKeys {
  let entry = keys.get(secret);
  if (!entry) {
    const raw = encoder.encode(secret);
    entry = {
      crypto: webcrypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, [
        'sign',
        'verify',
      ]),
      hmac: createSecretKey(raw),
      verified: new Map(),
    };
    keys.set(secret, entry);
  }
  return entry;
}

export async function signAccessToken(secret: string, claims: AccessClaims): Promise<string> {
  return new SignJWT({
    ...(claims.actorId ? { act: claims.actorId } : {}),
    ...(claims.sessionId ? { sid: claims.sessionId } : {}),
  })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(claims.userId))
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_TTL_S}s`)
    .sign(await keysFor(secret).crypto);
}

function claimsOfPayload(payload: Record<string, unknown>): AccessClaims | null {
  const userId = Number(payload.sub);
  if (!Number.isInteger(userId) || userId <= 0) return null;
  return {
    userId,
    ...(typeof payload.act === 'number' ? { actorId: payload.act } : {}),
    ...(typeof payload.sid === 'string' ? { sessionId: payload.sid } : {}),
  };
}

/** The protected header signAccessToken writes, base64url-encoded as it appears in its tokens. */
const OWN_HEADER = Buffer.from(JSON.stringify({ alg: 'HS256' })).toString('base64url');
/** The claims signAccessToken writes; a token with any other is left to jose. */
const OWN_CLAIMS = new Set(['sub', 'iat', 'exp', 'act', 'sid']);

/**
 * A token of the shape signAccessToken makes (its exact header; sub, iat, exp, maybe act and sid),
 * checked as jose checks it (HS256 signature over the exact text, an object payload, iat a number,
 * exp a number after now), synchronously with node:crypto: WebCrypto's asynchronous verify costs ~150 µs
 * of the event loop's time per token, which a reconnect of hundreds of clients at once (a process
 * behind the balancer gone) pays for each. 'other' for any other shape, which jose decides.
 */
function ownTokenClaims(
  hmac: KeyObject,
  token: string,
): { payload: Record<string, unknown> } | null | 'other' {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== OWN_HEADER) return 'other';
  const [header, body, signature] = parts as [string, string, string];
  const expected = Buffer.from(createHmac('sha256', hmac).update(`${header}.${body}`).digest('base64url'));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return null;
  const claims = payload as Record<string, unknown>;
  if (!Object.keys(claims).every((name) => OWN_CLAIMS.has(name)) || typeof claims.exp !== 'number')
    return 'other';
  if (claims.iat !== undefined && typeof claims.iat !== 'number') return null;
  return claims.exp > Math.floor(Date.now() / 1000) ? { payload: claims } : null;
}

export async function verifyAccessToken(secret: string, token: string): Promise<AccessClaims | null> {
  const { verified, crypto, hmac } = keysFor(secret);
  const known = verified.get(token);
  if (known) {
    if (known.exp > Math.floor(Date.now() / 1000)) return { ...known.claims };
    verified.delete(token);
  }
  let payload: Record<string, unknown>;
  const own = ownTokenClaims(hmac, token);
  if (own === null) return null;
  if (own !== 'other') payload = own.payload;
  else {
    try {
      payload = (await jwtVerify(token, await crypto, { algorithms: ['HS256'] })).payload;
    } catch {
      return null;
    }
  }
  const claims = claimsOfPayload(payload);
  // A verified token cannot change: a client sends the same one for its whole life, verify it once.
  if (claims && typeof payload.exp === 'number') {
    if (verified.size >= VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value as string);
    verified.set(token, { claims, exp: payload.exp });
  }
  return claims && { ...claims };
}

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  return header.slice(7).trim() || null;
}

/**
 * The claims of the request's bearer token, when it verifies and its account (and the acting super
 * user's, A6.04) still exists: a token outlives a deleted account by up to its TTL. One primary-key
 * lookup per request (shared with the requests of the same turn, accountsExist), remembered for the
 * request. Routes whose own first query reads the caller fold it in (requireUserReadingOwnRow).
 */
const resolved = new WeakMap<FastifyRequest, Promise<AccessClaims | null>>();

async function liveClaims(request: FastifyRequest): Promise<AccessClaims | null> {
  const token = bearer(request);
  if (!token) return null;
  const { config, db } = request.server.ctx;
  return verifyLiveAccessToken(db, config.jwtSecret, token);
}

/**
 * Whether the claims' account (and the acting super user's, A6.04) still exists. Every
 * authenticated request asks, so the checks asked in one turn of the event loop share one
 * primary-key query (`existingUsers`): as fresh as a query of its own, one round trip for many.
 */
export async function accountsExist(db: Kysely<DB>, claims: AccessClaims): Promise<boolean> {
  const ids =
    claims.actorId && claims.actorId !== claims.userId ? [claims.userId, claims.actorId] : [claims.userId];
  const found = await existingUsers(db, ids);
  return ids.every((id) => found.has(id));
}

/** Asks per query at most (a reconnect storm of thousands of sockets asks several). */
const CHECK_BATCH = 500;

/**
 * The ids of `ids` that are users now. Asks made in one turn of the event loop are answered by one
 * query (perTurn).
 */
const existingUsers = perTurn(CHECK_BATCH, async (db: Kysely<DB>, asks: readonly (readonly number[])[]) => {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('id', 'in', [...new Set(asks.flat())])
    .execute();
  const found = new Set(rows.map((r) => r.id));
  return asks.map(() => found);
});

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

/**
 * The caller's identity from the bearer token alone, for a route whose own first query reads the
 * caller's row and answers 401 when it is gone: that read stands in for requireUser's lookup and
 * saves a round trip. An acting super user (A6.04) is still looked up.
 */
export async function requireUserReadingOwnRow(request: FastifyRequest): Promise<AccessClaims> {
  const token = bearer(request);
  const { config, db } = request.server.ctx;
  const claims = token ? await verifyAccessToken(config.jwtSecret, token) : null;
  if (!claims) throw AppError.unauthenticated();
  if (claims.actorId && claims.actorId !== claims.userId) {
    if (!(await accountsExist(db, { userId: claims.actorId }))) throw AppError.unauthenticated();
  }
  return claims;
}

/**
 * Whom a rate limit counts (perMinute): the signed-in account (the real one while acting, A6.04)
 * when the bearer token verifies, else the client address. A venue's attendees reach the server
 * through one address (its NAT), so a limit per address made thousands of people one caller.
 */
export async function rateLimitKey(request: FastifyRequest): Promise<string> {
  const token = bearer(request);
  const claims = token ? await verifyAccessToken(request.server.ctx.config.jwtSecret, token) : null;
  return claims ? `user:${claims.actorId ?? claims.userId}` : request.ip;
}

/** The caller's identity, or null for no token, a bad one, or one of a deleted account. */
export async function optionalUser(request: FastifyRequest): Promise<AccessClaims | null> {
  return claimsOf(request);
}
