import type { LoginResult } from '@foyer/contract';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { expect } from 'vitest';
import { call } from '../../../test/helper';
import type { AppContext } from '../../context';
import { REFRESH_COOKIE } from './refresh-cookie';

/** Test support for any feature that needs a signed-in user. Not used by the app itself. */

/** The password of users made with `makeUser(ctx, { password: TEST_PASSWORD })`. */
export const TEST_PASSWORD = 'Correct horse 1';

/** The refresh token a response set, or null when it cleared the cookie. */
export function refreshCookie(headers: Record<string, unknown>): string | null | undefined {
  const raw = headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : typeof raw === 'string' ? [raw] : [];
  const line = list.find((c: string) => c.startsWith(`${REFRESH_COOKIE}=`));
  if (!line) return undefined;
  const value = line.slice(REFRESH_COOKIE.length + 1).split(';')[0] ?? '';
  return value === '' ? null : decodeURIComponent(value);
}

export function cookieHeader(token: string): Record<string, string> {
  return { cookie: `${REFRESH_COOKIE}=${encodeURIComponent(token)}` };
}

export function bearer(accessToken: string): Record<string, string> {
  return { authorization: `Bearer ${accessToken}` };
}

export interface LoggedIn extends LoginResult {
  refreshToken: string;
  headers: Record<string, string>;
}

/** Logs in through the real route; `headers` carry the bearer token for later calls. */
export async function login(
  app: FastifyInstance,
  username: string,
  password = TEST_PASSWORD,
): Promise<LoggedIn> {
  const res = await call<LoginResult>(app, {
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { username, password },
  });
  if (res.status !== 200 || !res.body.data) throw new Error(`login failed: ${JSON.stringify(res.body)}`);
  const refreshToken = refreshCookie(res.headers);
  if (!refreshToken) throw new Error('login set no refresh cookie');
  return { ...res.body.data, refreshToken, headers: bearer(res.body.data.accessToken) };
}

const COUNTED = [
  'users',
  'identities',
  'user_emails',
  'refresh_tokens',
  'email_codes',
  'login_failures',
  'one_time_tokens',
  'outbox',
] as const;

/** Row counts of the identity tables plus a digest of users, to prove a request changed nothing. */
export async function snapshot(ctx: AppContext): Promise<string> {
  const counts: string[] = [];
  for (const table of COUNTED) {
    const row = await ctx.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    counts.push(`${table}=${Number(row.n)}`);
  }
  const users = await ctx.db
    .selectFrom('users')
    .select([
      'id',
      'username',
      'name',
      'surname',
      'password_hash',
      'timezone',
      'profile_photo_path',
      'sms_phone',
      'ui_settings',
      'notification_preferences',
      'device_tokens',
    ])
    .orderBy('id')
    .execute();
  const emails = await ctx.db
    .selectFrom('user_emails')
    .select(['email', 'is_primary', 'confirmed_at'])
    .orderBy('id')
    .execute();
  const tokens = await ctx.db
    .selectFrom('refresh_tokens')
    .select(['used_at', 'revoked_at'])
    .orderBy('id')
    .execute();
  return JSON.stringify({ counts, users, emails, tokens });
}

export interface BadCase {
  name: string;
  options: InjectOptions;
}

const ONE_MB = 'x'.repeat(1024 * 1024);
let ipCounter = 0;

/** A fresh client address per case, so the per-IP rate limits never mask a validation answer. */
export function freshIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

/**
 * The bad bodies every route must refuse: malformed JSON, a non-object, nothing, an unknown
 * field, and for each field of a valid body a wrong type and a 1 MB string.
 */
export function badBodies(
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  valid: Record<string, unknown>,
  headers: Record<string, string> = {},
): BadCase[] {
  const base = { method, url, headers } as const;
  const cases: BadCase[] = [
    {
      name: 'malformed JSON',
      options: { ...base, headers: { ...headers, 'content-type': 'application/json' }, payload: '{"a":' },
    },
    { name: 'an array body', options: { ...base, payload: [valid] } },
    { name: 'an unknown field', options: { ...base, payload: { ...valid, sneaky: true } } },
  ];
  if (Object.keys(valid).length > 0)
    cases.push({ name: 'missing fields', options: { ...base, payload: {} } });
  for (const [key, value] of Object.entries(valid)) {
    const wrong = typeof value === 'string' ? 12345 : 'not-the-right-type';
    cases.push({ name: `${key} of a wrong type`, options: { ...base, payload: { ...valid, [key]: wrong } } });
    cases.push({ name: `${key} of 1 MB`, options: { ...base, payload: { ...valid, [key]: ONE_MB } } });
  }
  return cases;
}

/** Runs each case and checks a 4xx envelope and an unchanged database. */
export async function expectAllRefused(app: FastifyInstance, ctx: AppContext, cases: BadCase[]) {
  for (const c of cases) {
    const before = await snapshot(ctx);
    const res = await call(app, { ...c.options, remoteAddress: freshIp() });
    const label = `${c.options.method} ${c.options.url}: ${c.name}`;
    expect(res.status, label).toBeGreaterThanOrEqual(400);
    expect(res.status, label).toBeLessThan(500);
    expect(res.body.success, label).toBe(false);
    expect(typeof res.body.error?.code, label).toBe('string');
    expect(typeof res.body.error?.msg, label).toBe('string');
    expect(await snapshot(ctx), label).toBe(before);
  }
}

/** The Set-Cookie line of the refresh cookie, for checking its attributes. */
export function refreshCookieLine(headers: Record<string, unknown>): string {
  const raw = headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : typeof raw === 'string' ? [raw] : [];
  return list.find((c: string) => c.startsWith(`${REFRESH_COOKIE}=`)) ?? '';
}
