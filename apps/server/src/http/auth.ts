import type { FastifyRequest } from 'fastify';
import { jwtVerify, SignJWT } from 'jose';
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

/** The caller's identity from the bearer token, or a 401 the client answers by refreshing once (A7.03). */
export async function requireUser(request: FastifyRequest): Promise<AccessClaims> {
  const token = bearer(request);
  const claims = token ? await verifyAccessToken(request.server.ctx.config.jwtSecret, token) : null;
  if (!claims) throw AppError.unauthenticated();
  return claims;
}

export async function optionalUser(request: FastifyRequest): Promise<AccessClaims | null> {
  const token = bearer(request);
  return token ? verifyAccessToken(request.server.ctx.config.jwtSecret, token) : null;
}
