import { randomUUID } from 'node:crypto';
import { type RealtimeRecord, RecordType, realtimeRoom } from '@foyer/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { connectRealtime } from '../../../web/src/lib/realtime';
import {
  addParticipant,
  connected,
  type Listening,
  listen,
  makeEvent,
  makeUser,
  settle,
  type TestClient,
} from './realtime.fixtures';

const redisUrl = process.env.TEST_REDIS_URL;
const servers: Listening[] = [];
const clients: TestClient[] = [];

afterEach(async () => {
  for (const c of clients.splice(0)) c.socket.disconnect();
  for (const s of servers.splice(0)) await s.close();
});

/** Two processes' worth of servers on one database and one Redis, as behind one load balancer. */
async function cluster(): Promise<[Listening, Listening]> {
  // Instances behind one public address share the channels; a unique one keeps parallel runs apart.
  const env = { REDIS_URL: redisUrl ?? '', PUBLIC_URL: `http://cluster-${randomUUID()}.foyer.test` };
  const one = await listen({ env });
  servers.push(one);
  const two = await listen({ env });
  servers.push(two);
  return [one, two];
}

describe('realtime over Redis (several server processes act as one)', () => {
  it.skipIf(!redisUrl)(
    'a client on instance 1 receives what instance 2 publishes (needs TEST_REDIS_URL=redis://127.0.0.1:6379)',
    async () => {
      const [one, two] = await cluster();
      const alice = await makeUser(one);
      const bob = await makeUser(one);
      const eventId = await makeEvent(one.ctx.db);
      await addParticipant(one.ctx.db, eventId, alice.id);
      await addParticipant(one.ctx.db, eventId, bob.id);
      const onOne = await connected(one.url, alice.token);
      const onTwo = await connected(two.url, bob.token);
      clients.push(onOne, onTwo);
      const room = realtimeRoom.event(eventId);
      expect(await onOne.subscribe(room)).toMatchObject({ ok: true });
      expect(await onTwo.subscribe(room)).toMatchObject({ ok: true });

      const fromTwo = await two.app.realtime.publish(room, RecordType.Announcement, { from: 2 });
      const fromOne = await one.app.realtime.publish(room, RecordType.Announcement, { from: 1 });
      await two.app.realtime.publish(realtimeRoom.user(alice.id), RecordType.Notification, { to: 'alice' });
      await two.ctx.db.transaction().execute(async (trx) => {
        await two.app.realtime.publish(room, RecordType.Announcement, { from: 2, inTransaction: true }, trx);
      });

      // A local push can overtake one relayed by Redis: arrival order may differ, seq order may not.
      const bySeq = (records: RealtimeRecord[]) =>
        records.filter((r) => r.room === room).sort((a, b) => a.seq - b.seq);
      const forAlice = await onOne.waitForRecords(4);
      expect(bySeq(forAlice).slice(0, 2)).toEqual([fromTwo, fromOne]);
      expect(bySeq(forAlice).map((r) => [r.seq, r.payload])).toEqual([
        [1, { from: 2 }],
        [2, { from: 1 }],
        [3, { from: 2, inTransaction: true }],
      ]);
      expect(forAlice.map((r) => r.payload)).toContainEqual({ to: 'alice' });
      const forBob = await onTwo.waitForRecords(3);
      expect(bySeq(forBob)).toEqual(bySeq(forAlice));
      await settle();
      expect(onOne.records).toHaveLength(4);
      expect(onTwo.records).toHaveLength(3);
    },
  );

  it.skipIf(!redisUrl)(
    'the web client hands records over in seq order even when they arrive out of it',
    async () => {
      const [one, two] = await cluster();
      const user = await makeUser(one);
      const room = realtimeRoom.user(user.id);
      const client = connectRealtime(async () => user.token, { url: one.url, gapTimeoutMs: 5_000 });
      try {
        const got: RealtimeRecord[] = [];
        client.subscribe(room, (r) => got.push(r));
        await expect.poll(() => client.connected).toBe(true);
        for (let n = 1; n <= 20; n++) {
          // Odd ones from instance 2 (relayed by Redis), even ones local to the client's instance 1.
          const instance = n % 2 === 1 ? two : one;
          await instance.app.realtime.publish(room, RecordType.Notification, { n });
        }
        const upTo20 = Array.from({ length: 20 }, (_, i) => i + 1);
        await expect.poll(() => got.length, { timeout: 5_000 }).toBe(20);
        expect(got.map((r) => (r.payload as { n: number }).n)).toEqual(upTo20);
        expect(got.map((r) => r.seq)).toEqual(upTo20);
      } finally {
        client.close();
      }
    },
  );

  it.skipIf(!redisUrl)(
    'closing one instance leaves the clients of the other connected and served',
    async () => {
      const [one, two] = await cluster();
      const user = await makeUser(one);
      const onTwo = await connected(two.url, user.token);
      clients.push(onTwo);
      await one.close();
      servers.splice(0, 1);
      await two.app.realtime.publish(realtimeRoom.user(user.id), RecordType.Notification, { ok: true });
      await onTwo.waitForRecords(1);
      expect(onTwo.socket.connected).toBe(true);
    },
  );
});
