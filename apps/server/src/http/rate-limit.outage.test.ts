import { randomInt } from 'node:crypto';
import { RecordType, realtimeRoom } from '@foyer/contract';
import { createClient } from 'redis';
import { afterEach, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../test/helper';
import { startTcpProxy, type TcpProxy } from '../../test/tcp-proxy';

const redisUrl = process.env.TEST_REDIS_URL;
/** Limited per client address by the rate-limit plugin (30 a minute; login counts failures in the database). */
const CONFIRM = '/api/v1/auth/confirm-signup';
/** How long a call may take while Redis is gone (the bare call takes a few ms). */
const BOUND_MS = 500;

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const randomIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

async function timed<T>(run: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const start = performance.now();
  const value = await run();
  return { value, ms: performance.now() - start };
}

describe('rate limits and realtime when Redis goes away', () => {
  it.skipIf(!redisUrl)(
    'a limited sign-in route answers within the bound while Redis hangs or is down, still limited in the process, and counts in Redis again after (needs TEST_REDIS_URL)',
    async () => {
      const proxy: TcpProxy = await startTcpProxy(redisUrl ?? '');
      cleanups.push(() => proxy.close());
      const t: TestApp = await createTestApp({ env: { REDIS_URL: proxy.url } });
      cleanups.push(() => t.close());
      const direct = createClient({ url: redisUrl });
      direct.on('error', () => {});
      await direct.connect();
      cleanups.push(async () => void (await direct.close()));

      const ip = randomIp();
      let n = 0;
      const attempt = () =>
        timed(() =>
          call(t.app, {
            method: 'POST',
            url: CONFIRM,
            remoteAddress: ip,
            payload: { username: `nobody${n++}@foyer.test`, code: '123456' },
          }),
        );
      const counted = async () => {
        const keys = await direct.keys(`foyer-rate-limit:*-${ip}`);
        return keys.length === 1 ? Number(await direct.get(keys[0]!)) : 0;
      };

      expect((await attempt()).value.status).not.toBe(429);
      expect(await counted()).toBe(1);

      const durations: number[] = [];
      proxy.hang();
      for (let i = 0; i < 3; i++) {
        const { value, ms } = await attempt();
        expect(value.status).not.toBe(429);
        durations.push(ms);
      }
      // Pushes must not wait for Redis either (nor fail the process when it drops them).
      const push = () =>
        timed(() => t.app.realtime.publish(realtimeRoom.user(1), RecordType.Notification, { ok: true }));
      durations.push((await push()).ms);
      proxy.cut();
      for (let i = 0; i < 3; i++) {
        const { value, ms } = await attempt();
        expect(value.status).not.toBe(429);
        durations.push(ms);
      }
      durations.push((await push()).ms);
      expect(Math.max(...durations)).toBeLessThan(BOUND_MS);

      // Without Redis the process counts by itself: the 31st call within the minute is refused.
      const statuses: number[] = [];
      for (let i = 0; i < 25; i++) statuses.push((await attempt()).value.status);
      expect(statuses.slice(0, 24).every((s) => s !== 429)).toBe(true);
      expect(statuses[24]).toBe(429);
      expect(await counted()).toBe(1);

      // Redis back: the shared counter counts again.
      proxy.restore();
      await expect
        .poll(
          async () => {
            await attempt();
            return counted();
          },
          { timeout: 10_000, interval: 200 },
        )
        .toBeGreaterThan(1);
    },
    30_000,
  );
});
