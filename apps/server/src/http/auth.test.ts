import { createHmac } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_TTL_S, signAccessToken, verifyAccessToken } from './auth';

const SECRET = 'test-secret-test-secret-test-secret-0001';
const key = new TextEncoder().encode(SECRET);
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const now = () => Math.floor(Date.now() / 1000);

/** A token with the given header and payload, signed with `secret` as HS256 would be. */
function handMade(header: unknown, payload: unknown, secret = SECRET): string {
  const input = `${b64(header)}.${b64(payload)}`;
  return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
}

describe('access tokens', () => {
  afterEach(() => vi.useRealTimers());

  it('verifies its own tokens, with and without an acting super user', async () => {
    expect(await verifyAccessToken(SECRET, await signAccessToken(SECRET, { userId: 7 }))).toEqual({
      userId: 7,
    });
    expect(await verifyAccessToken(SECRET, await signAccessToken(SECRET, { userId: 7, actorId: 3 }))).toEqual(
      {
        userId: 7,
        actorId: 3,
      },
    );
  });

  it('refuses another secret, a changed payload or signature, and garbage', async () => {
    const token = await signAccessToken(SECRET, { userId: 7 });
    expect(await verifyAccessToken(`${SECRET}x`, token)).toBeNull();
    const [header, , signature] = token.split('.');
    const forged = `${header}.${b64({ sub: '1', exp: now() + 600 })}.${signature}`;
    expect(await verifyAccessToken(SECRET, forged)).toBeNull();
    const flipped = `${token.slice(0, -2)}${token.endsWith('AA') ? 'AB' : 'AA'}`;
    expect(await verifyAccessToken(SECRET, flipped)).toBeNull();
    // An invalid character the base64url decoder would skip must not pass as the same signature.
    expect(await verifyAccessToken(SECRET, `${token.slice(0, -1)}!${token.slice(-1)}`)).toBeNull();
    for (const junk of ['', 'a.b', 'a.b.c', `${token}.x`])
      expect(await verifyAccessToken(SECRET, junk)).toBeNull();
  });

  it('refuses expired and not-yet-valid tokens, and ones without a numeric expiry', async () => {
    expect(
      await verifyAccessToken(SECRET, handMade({ alg: 'HS256' }, { sub: '7', exp: now() - 1 })),
    ).toBeNull();
    expect(await verifyAccessToken(SECRET, handMade({ alg: 'HS256' }, { sub: '7', exp: now() }))).toBeNull();
    const early = { sub: '7', exp: now() + 600, nbf: now() + 60 };
    expect(await verifyAccessToken(SECRET, handMade({ alg: 'HS256' }, early))).toBeNull();
    const textExp = { sub: '7', exp: String(now() + 600) };
    expect(await verifyAccessToken(SECRET, handMade({ alg: 'HS256' }, textExp))).toBeNull();
    const textIat = { sub: '7', exp: now() + 600, iat: 'yesterday' };
    expect(await verifyAccessToken(SECRET, handMade({ alg: 'HS256' }, textIat))).toBeNull();
  });

  it('refuses other algorithms, an unsigned token, a payload that is not an object and a bad subject', async () => {
    const payload = { sub: '7', exp: now() + 600 };
    expect(await verifyAccessToken(SECRET, `${b64({ alg: 'none' })}.${b64(payload)}.`)).toBeNull();
    expect(await verifyAccessToken(SECRET, handMade({ alg: 'HS512' }, payload))).toBeNull();
    expect(
      await verifyAccessToken(SECRET, handMade({ alg: 'HS256', crit: ['x'], x: 1 }, payload)),
    ).toBeNull();
    expect(await verifyAccessToken(SECRET, handMade({ alg: 'HS256' }, [payload]))).toBeNull();
    for (const sub of ['0', '-1', '1.5', 'abc', undefined]) {
      expect(
        await verifyAccessToken(SECRET, handMade({ alg: 'HS256' }, { sub, exp: now() + 600 })),
      ).toBeNull();
    }
  });

  it('remembers a verified token only until it expires', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const token = await signAccessToken(SECRET, { userId: 7 });
    const first = await verifyAccessToken(SECRET, token);
    expect(first).toEqual({ userId: 7 });
    if (first) first.userId = 8;
    expect(await verifyAccessToken(SECRET, token)).toEqual({ userId: 7 });
    expect(await verifyAccessToken(`${SECRET}x`, token)).toBeNull();
    vi.setSystemTime(Date.now() + ACCESS_TOKEN_TTL_S * 1000);
    expect(await verifyAccessToken(SECRET, token)).toBeNull();
  });

  it('leaves other well-formed HS256 tokens to the JWT library', async () => {
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject('9')
      .setExpirationTime('1m')
      .sign(key);
    expect(await verifyAccessToken(SECRET, token)).toEqual({ userId: 9 });
    // No expiry at all is what the library accepts too.
    expect(await verifyAccessToken(SECRET, handMade({ alg: 'HS256' }, { sub: '9' }))).toEqual({ userId: 9 });
  });
});
