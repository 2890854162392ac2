import { createHash } from 'node:crypto';
import { API_KEY_PREFIX, type ApiKeyScope } from '@foyer/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors';

/** SHA-256 (hex) of an API key's secret: what the database keeps and looks it up by. */
export function hashApiKey(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** The key the request carries: `X-Api-Key: foyer_…` or `Authorization: Bearer foyer_…`. */
function presentedKey(request: FastifyRequest): string | null {
  const header = request.headers['x-api-key'];
  const direct = typeof header === 'string' ? header.trim() : '';
  if (direct) return direct;
  const authorization = request.headers.authorization;
  if (authorization?.startsWith('Bearer ')) {
    const token = authorization.slice(7).trim();
    if (token.startsWith(API_KEY_PREFIX)) return token;
  }
  return null;
}

/**
 * The one check of the integration API (docs/decisions/017): the request's API key exists and is
 * not revoked (else 401), belongs to this event and holds `scope` (else 403). Records its use,
 * at most once a minute per key.
 */
export async function requireApiKey(
  request: FastifyRequest,
  eventId: number,
  scope: ApiKeyScope,
): Promise<{ keyId: number }> {
  const secret = presentedKey(request);
  if (!secret || secret.length > 200) throw AppError.unauthenticated('An API key is required');
  const { db, now } = request.server.ctx;
  const key = await db
    .selectFrom('api_keys')
    .select(['id', 'event_id', 'scopes', 'revoked_at', 'last_used_at'])
    .where('key_hash', '=', hashApiKey(secret))
    .executeTakeFirst();
  if (!key || key.revoked_at !== null) throw AppError.unauthenticated('This API key is not valid');
  if (key.event_id !== eventId) throw AppError.forbidden('This API key belongs to another event');
  if (!key.scopes.includes(scope)) throw AppError.forbidden(`This API key lacks the ${scope} scope`);
  const at = now();
  if (!key.last_used_at || at.getTime() - new Date(key.last_used_at).getTime() > 60_000) {
    await db.updateTable('api_keys').set({ last_used_at: at }).where('id', '=', key.id).execute();
  }
  return { keyId: key.id };
}
