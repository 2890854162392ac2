import { randomInt } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../test/helper';

const redisUrl = process.env.TEST_REDIS_URL;
const LOGIN = '/api/v1/auth/login';
const apps: TestApp[] = [];

afterEach(async () => {
  for (const t of apps.splice(0)) await t.close();
});

/** An address no earlier run used within the minute the counters live in Redis. */
const randomIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

describe('rate limits shared through Redis', () => {
  it.skipIf(!redisUrl)(
    'two instances count one client together: the 31st login call a minute is refused on either (needs TEST_REDIS_URL)',
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
          url: LOGIN,
          remoteAddress: ip,
          payload: { username: `nobody${i}@foyer.test`, password: 'whatever-123' },
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
        url: LOGIN,
        remoteAddress: randomIp(),
        payload: { username: 'nobody@foyer.test', password: 'whatever-123' },
      });
      expect(other.status).not.toBe(429);
    },
  );
});
