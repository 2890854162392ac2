import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';

export const REFRESH_COOKIE = 'foyer_refresh';
export const REFRESH_TOKEN_TTL_MS = 30 * 86_400_000;
// Only the API reads it; keeping it off other paths keeps it out of static and SPA requests.
const COOKIE_PATH = '/api/v1';

function options(config: Config) {
  return {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: config.publicUrl.startsWith('https:'),
  };
}

export function setRefreshCookie(reply: FastifyReply, config: Config, token: string): void {
  reply.setCookie(REFRESH_COOKIE, token, { ...options(config), maxAge: REFRESH_TOKEN_TTL_MS / 1000 });
}

export function clearRefreshCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(REFRESH_COOKIE, options(config));
}

export function readRefreshCookie(request: FastifyRequest): string | undefined {
  const value = request.cookies[REFRESH_COOKIE];
  return value && value.length <= 512 ? value : undefined;
}
