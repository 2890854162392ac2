import { randomInt } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { makeUser } from '../../test/factories';
import { call, createTestApp, type TestApp } from '../../test/helper';

const redisUrl = process.env.TEST_REDIS_URL;
/** 30 calls a minute per client address, counted by the rate-limit plugin (in Redis when set). */
const CONFIRM = '/api/v1/auth/confirm-signup';
const apps: TestApp[] = [];

afterEach(async () => {
  for (const t of apps.splice(0)) await t.close();
});

/** An address no earlier run used within the minute the counters live in Redis. */
const randomIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

describe('rate limits shared through Redis', () => {
  it.skipIf(!redisUrl)(
    'two instances count one client together: the 31st sign-up code a minute is refused on either (needs TEST_REDIS_URL)',
    async () => {
      const env = { REDIS_URL: redisUrl ?? '' };
      const one = await createTestApp({ env });
      apps.push(one);
      const two = await createTestApp({ env });
      apps.push(two);
      const ip = randomIp();
      const attempt = (t: TestApp, i: number) =>
        call(t.app, {
          method: 'POST',
          url: CONFIRM,
          remoteAddress: ip,
          payload: { username: `nobody${i}@foyer.test`, code: '123456' },
        });
      const statuses: number[] = [];
      for (let i = 0; i < 30; i += 1) statuses.push((await attempt(i % 2 ? one : two, i)).status);
      expect(statuses.filter((s) => s === 429)).toEqual([]); // 15 + 15: each alone would allow 30
      const refused = await attempt(one, 30);
      expect(refused.status).toBe(429);
      expect(refused.body.error?.code).toBe('MST-00429');
      // Another client is not affected.
      const other = await call(two.app, {
        method: 'POST',
        url: CONFIRM,
        remoteAddress: randomIp(),
        payload: { username: 'nobody@foyer.test', code: '123456' },
      });
      expect(other.status).not.toBe(429);
    },
  );
});

/**
 * A venue's attendees reach the server through one address (its NAT): limits count each signed-in
 * account, and each session for what its refresh cookie alone authorises, not the address.
 */
describe('rate limits count people, not their shared address', () => {
  it('two accounts behind one address each have their own limit; a bad token counts as the address', async () => {
    const t = await createTestApp();
    apps.push(t);
    const ip = randomIp();
    const [ana, ben] = [await makeUser(t.ctx), await makeUser(t.ctx)];
    const add = (headers: Record<string, string>) =>
      call(t.app, { method: 'POST', url: '/api/v1/user/email', remoteAddress: ip, headers, payload: {} });
    const anas: number[] = [];
    for (let i = 0; i < 11; i += 1) anas.push((await add(ana.headers)).status);
    expect(anas.slice(0, 10)).not.toContain(429);
    expect(anas[10]).toBe(429);
    expect((await add(ben.headers)).status).not.toBe(429);
    // A token that does not verify is no account: it counts against the address, here fresh.
    expect((await add({ authorization: 'Bearer not.a.token' })).status).toBe(401);
  });

  it('A4.04 refreshes count per session: many sessions behind one address refresh; one session is limited', async () => {
    const t = await createTestApp();
    apps.push(t);
    const ip = randomIp();
    const refresh = (cookie: string) =>
      call(t.app, {
        method: 'GET',
        url: '/api/v1/user/token/refresh',
        remoteAddress: ip,
        cookies: { foyer_refresh: cookie },
      });
    const many: number[] = [];
    for (let i = 0; i < 65; i += 1) many.push((await refresh(`session-${i}`)).status);
    expect(many).not.toContain(429);
    const one: number[] = [];
    for (let i = 0; i < 61; i += 1) one.push((await refresh('the-same-session')).status);
    expect(one.slice(0, 60)).not.toContain(429);
    expect(one[60]).toBe(429);
  });
});
