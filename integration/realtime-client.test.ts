import { type RealtimeRecord, RecordType, realtimeRoom } from '@foyer/contract';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { type Listening, listen, writeRecords } from '../apps/server/src/realtime/realtime.fixtures';
import { makeUser } from '../apps/server/test/factories';
// The web app's own client, exercised here against the real server (it has no DOM dependency).
import { connectRealtime, RECORD_COMMIT_MARGIN_MS, type RealtimeClient } from '../apps/web/src/lib/realtime';

const servers: Listening[] = [];
const clients: RealtimeClient[] = [];

afterEach(async () => {
  for (const c of clients.splice(0)) c.close();
  for (const s of servers.splice(0)) await s.close();
});

async function start(port?: number) {
  const server = await listen(port === undefined ? {} : { port });
  servers.push(server);
  return server;
}

/**
 * Subscribes and waits for the room to be on. Being connected is not enough: a record published
 * before the server has answered the subscribe is part of the state the client starts from
 * (E2.51), so it would never arrive as a record.
 */
async function subscribeReady(client: RealtimeClient, room: string, got: RealtimeRecord[]) {
  let ready = false;
  const stop = client.subscribe(room, (r) => got.push(r), { onReady: () => (ready = true) });
  await expect.poll(() => ready).toBe(true);
  return stop;
}

function open(url: string, getToken: Parameters<typeof connectRealtime>[0]) {
  const client = connectRealtime(getToken, { url, ackTimeoutMs: 3_000 });
  clients.push(client);
  return client;
}

/**
 * Until the returned function is called, every query of the server fails as node-postgres fails
 * when PostgreSQL is restarting (SQLSTATE 57P01), on either engine.
 */
function databaseAway(server: Listening): () => void {
  const executor = server.ctx.db.getExecutor();
  const executeQuery = executor.executeQuery;
  executor.executeQuery = () =>
    Promise.reject(
      Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
    );
  return () => {
    executor.executeQuery = executeQuery;
  };
}

describe('web realtime client against the real server', () => {
  it('delivers live records, then the ones missed during a restart exactly once and in order', async () => {
    const before = await start();
    const user = await makeUser(before.ctx);
    const room = realtimeRoom.user(user.id);
    const client = open(before.url, async () => user.token);
    const got: RealtimeRecord[] = [];
    await subscribeReady(client, room, got);
    await before.app.realtime.publish(room, RecordType.Notification, { n: 1 });
    await expect.poll(() => got.length).toBe(1);

    await before.close();
    servers.splice(0);
    await expect.poll(() => client.connected).toBe(false);
    await writeRecords(before.ctx.db, room, [{ n: 2 }, { n: 3 }, { n: 4 }]);

    const after = await start(before.port);
    await expect.poll(() => got.length, { timeout: 10_000 }).toBe(4);
    await after.app.realtime.publish(room, RecordType.Notification, { n: 5 });
    await expect.poll(() => got.length).toBe(5);
    expect(got.map((r) => r.payload)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }, { n: 4 }, { n: 5 }]);
    const ids = got.map((r) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });

  it('E2.51 says when a room is on, so state loaded over HTTP before it can be read again', async () => {
    const server = await start();
    const user = await makeUser(server.ctx);
    const room = realtimeRoom.user(user.id);
    // Written before the subscription answers: the first subscribe starts after it, so no record
    // brings it, and only a reload on onReady shows it.
    await writeRecords(server.ctx.db, room, [{ n: 1 }]);
    const client = open(server.url, async () => user.token);
    const got: RealtimeRecord[] = [];
    let ready = 0;
    client.subscribe(room, (r) => got.push(r), { onReady: () => (ready += 1) });
    await expect.poll(() => ready).toBe(1);
    expect(got).toEqual([]);
    // A second listener on a room already on is ready at once; the first is not told again.
    let second = 0;
    client.subscribe(room, () => {}, { onReady: () => (second += 1) });
    await expect.poll(() => second).toBe(1);
    await server.app.realtime.publish(room, RecordType.Notification, { n: 2 });
    await expect.poll(() => got.map((r) => r.payload)).toEqual([{ n: 2 }]);
    expect(ready).toBe(1);
  });

  it('A4.35 remembers when the last record came for a room, listened to or not', async () => {
    const server = await start();
    const user = await makeUser(server.ctx);
    const room = realtimeRoom.user(user.id);
    const client = open(server.url, async () => user.token);
    await expect.poll(() => client.connected).toBe(true);
    expect(client.lastRecordAt(room)).toBe(0);
    // Nothing listens: the server still pushes to the user's room, and the client keeps the time.
    const before = Date.now();
    await server.app.realtime.publish(room, RecordType.Notification, { n: 1 });
    await expect.poll(() => client.lastRecordAt(room)).toBeGreaterThanOrEqual(before);
    const unheard = client.lastRecordAt(room);
    // A screen listening from now is ready, and can tell its earlier answer may lack that record.
    const got: RealtimeRecord[] = [];
    await subscribeReady(client, room, got);
    expect(got).toEqual([]);
    await server.app.realtime.publish(room, RecordType.Notification, { n: 2 });
    await expect.poll(() => got.length).toBe(1);
    expect(client.lastRecordAt(room)).toBeGreaterThanOrEqual(unheard);
    expect(client.lastRecordAt(realtimeRoom.user(user.id + 1))).toBe(0);
  });

  it('A4.35 learns from its first subscribe when the room last had a record, before it listened', async () => {
    const server = await start();
    const user = await makeUser(server.ctx);
    const room = realtimeRoom.user(user.id);
    await server.app.realtime.publish(room, RecordType.Notification, { n: 1 });
    await sql`UPDATE realtime_events SET created_at = now() - interval '10 minutes' WHERE room = ${room}`.execute(
      server.ctx.db,
    );
    const client = open(server.url, async () => user.token);
    await subscribeReady(client, room, []);
    // Written ten minutes ago: at the latest 10 min − the commit margin ago, on this client's clock.
    const at = client.lastRecordAt(room);
    expect(at).toBeGreaterThan(Date.now() - 10 * 60_000);
    expect(at).toBeLessThanOrEqual(Date.now() - 10 * 60_000 + RECORD_COMMIT_MARGIN_MS);
    // A room without records says nothing.
    const quiet = realtimeRoom.publicProfile(user.id + 1000);
    await subscribeReady(client, quiet, []);
    expect(client.lastRecordAt(quiet)).toBe(0);
    // A record written just before the subscribe is as recent as the subscribe.
    const recent = realtimeRoom.publicProfile(user.id);
    const before = Date.now();
    await server.app.realtime.publish(recent, RecordType.PublicProfileChanged, {});
    await subscribeReady(client, recent, []);
    expect(client.lastRecordAt(recent)).toBeGreaterThanOrEqual(before);
    // …and no later than the answer that found it committed: an answer read after it is current.
    expect(client.lastRecordAt(recent)).toBeLessThanOrEqual(Date.now());
  });

  it('fetches a record whose push never came (a hole in the seqs) and keeps the order', async () => {
    const server = await start();
    const user = await makeUser(server.ctx);
    const room = realtimeRoom.user(user.id);
    const client = connectRealtime(async () => user.token, { url: server.url, gapTimeoutMs: 200 });
    clients.push(client);
    const got: RealtimeRecord[] = [];
    await subscribeReady(client, room, got);
    await server.app.realtime.publish(room, RecordType.Notification, { n: 1 });
    await expect.poll(() => got.length).toBe(1);
    // Committed but never pushed, as when a process dies between commit and push.
    await writeRecords(server.ctx.db, room, [{ n: 2 }]);
    await server.app.realtime.publish(room, RecordType.Notification, { n: 3 });
    await expect.poll(() => got.length, { timeout: 3_000 }).toBe(3);
    expect(got.map((r) => [r.seq, r.payload])).toEqual([
      [1, { n: 1 }],
      [2, { n: 2 }],
      [3, { n: 3 }],
    ]);
  });

  it('fetches a lost push within gapTimeoutMs in a busy room, while records keep arriving', async () => {
    const server = await start();
    const user = await makeUser(server.ctx);
    const room = realtimeRoom.user(user.id);
    const client = connectRealtime(async () => user.token, { url: server.url, gapTimeoutMs: 300 });
    clients.push(client);
    const got: RealtimeRecord[] = [];
    await subscribeReady(client, room, got);
    await server.app.realtime.publish(room, RecordType.Notification, { n: 1 });
    await expect.poll(() => got.length).toBe(1);
    // Committed but never pushed, as when Redis drops a push between processes.
    await writeRecords(server.ctx.db, room, [{ n: 2 }]);
    // A busy room: records back to back until the lost one shows (or 5 s, which would be the bug).
    const started = performance.now();
    let n = 3;
    while (!got.some((r) => r.seq === 2) && performance.now() - started < 5_000) {
      await server.app.realtime.publish(room, RecordType.Notification, { n: n++ });
      // Let sockets and timers run (an embedded database answers within the same turn).
      await new Promise((resolve) => setImmediate(resolve));
    }
    const waited = performance.now() - started;
    expect(got.some((r) => r.seq === 2)).toBe(true);
    expect(waited).toBeLessThan(2_000);
    // Everything published is delivered once, in order.
    await expect.poll(() => got.length).toBe(n - 1);
    expect(got.map((r) => r.seq)).toEqual(Array.from({ length: n - 1 }, (_, i) => i + 1));
  });

  it('asks for a refreshed token when the server refuses one, then connects', async () => {
    const server = await start();
    const user = await makeUser(server.ctx);
    const asked: boolean[] = [];
    const client = open(server.url, async ({ refresh }) => {
      asked.push(refresh);
      return refresh ? user.token : 'expired-token';
    });
    await expect.poll(() => client.connected, { timeout: 5_000 }).toBe(true);
    expect(asked).toEqual([false, true]);
  });

  it('A4.09 signs in again with a refreshed token when the server ends its connection, and stops when the refresh is refused', async () => {
    const server = await start();
    const user = await makeUser(server.ctx);
    const asked: boolean[] = [];
    let sessionHolds = true;
    const client = open(server.url, async ({ refresh }) => {
      asked.push(refresh);
      return refresh && !sessionHolds ? null : user.token;
    });
    await subscribeReady(client, realtimeRoom.user(user.id), []);
    expect(asked).toEqual([false]);

    // Still a valid session: the server ends the connection, the client comes back by itself.
    server.app.realtime.disconnectUser(user.id);
    await expect.poll(() => asked, { timeout: 10_000 }).toEqual([false, true]);
    await expect.poll(() => client.connected, { timeout: 5_000 }).toBe(true);

    // The session has ended meanwhile: the refresh is refused (null), and the client stays away.
    sessionHolds = false;
    server.app.realtime.disconnectUser(user.id);
    await expect.poll(() => asked, { timeout: 10_000 }).toEqual([false, true, true]);
    expect(client.connected).toBe(false);
  });

  /** Two ways a database lets a subscribe down, each begun on the server; each returns its end. */
  const outages = [
    {
      what: 'failed (MST-00500)',
      code: 'MST-00500',
      begin: async (server: Listening) => {
        await sql`alter table users rename to users_away`.execute(server.ctx.db);
        return () => sql`alter table users_away rename to users`.execute(server.ctx.db);
      },
    },
    {
      what: 'does not answer (MST-00503)',
      code: 'MST-00503',
      begin: async (server: Listening) => databaseAway(server),
    },
  ];

  for (const outage of outages)
    it(`asks again for a room while its database ${outage.what}, and the room comes on`, async () => {
      const server = await start();
      const user = await makeUser(server.ctx);
      const client = open(server.url, async () => user.token);
      await expect.poll(() => client.connected, { timeout: 5_000 }).toBe(true);
      const end = await outage.begin(server);
      const errors: string[] = [];
      let ready = false;
      const got: RealtimeRecord[] = [];
      const room = realtimeRoom.user(user.id);
      client.subscribe(room, (r) => got.push(r), {
        onError: (e) => errors.push(e.code),
        onReady: () => (ready = true),
      });
      await expect.poll(() => errors).toEqual([outage.code]);
      expect(ready).toBe(false);
      await end();
      // Asked again by itself (no reconnect): on, and its records delivered.
      await expect.poll(() => ready, { timeout: 5_000 }).toBe(true);
      expect(client.connected).toBe(true);
      await server.app.realtime.publish(room, RecordType.Notification, { n: 1 });
      await expect.poll(() => got.length).toBe(1);
    });

  it('connects again with the same token, not a refreshed one, when the database did not answer at connect', async () => {
    const server = await start();
    const user = await makeUser(server.ctx);
    const answering = databaseAway(server);
    const asked: boolean[] = [];
    const client = open(server.url, async ({ refresh }) => {
      asked.push(refresh);
      return user.token;
    });
    await expect.poll(() => asked.length, { timeout: 5_000 }).toBeGreaterThanOrEqual(2);
    expect(client.connected).toBe(false);
    answering();
    await expect.poll(() => client.connected, { timeout: 10_000 }).toBe(true);
    expect(asked.every((refresh) => refresh === false)).toBe(true);
  });

  it('reports a refused room to onError and stops calling a handler after unsubscribe', async () => {
    const server = await start();
    const alice = await makeUser(server.ctx);
    const bob = await makeUser(server.ctx);
    const client = open(server.url, async () => bob.token);
    const errors: string[] = [];
    client.subscribe(realtimeRoom.user(alice.id), () => {}, { onError: (e) => errors.push(e.code) });
    const got: RealtimeRecord[] = [];
    const stop = await subscribeReady(client, realtimeRoom.user(bob.id), got);
    await expect.poll(() => errors).toEqual(['MST-00403']);

    await server.app.realtime.publish(realtimeRoom.user(bob.id), RecordType.Notification, { n: 1 });
    await expect.poll(() => got.length).toBe(1);
    // A second handler on the same room tells when n: 2 has reached this client.
    const later: RealtimeRecord[] = [];
    client.subscribe(realtimeRoom.user(bob.id), (r) => later.push(r));
    stop();
    await server.app.realtime.publish(realtimeRoom.user(bob.id), RecordType.Notification, { n: 2 });
    await expect.poll(() => later.some((r) => (r.payload as { n?: number }).n === 2)).toBe(true);
    expect(got).toHaveLength(1);
  });
});
