import { ErrorCode, REALTIME_UNAUTHORIZED, RecordType, realtimeRoom } from '@foyer/contract';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { makeEvent, makeParticipant, makeUser } from '../../test/factories';
import { signAccessToken } from '../http/auth';
import {
  client,
  connected,
  type Listening,
  listen,
  onceConnected,
  settle,
  type TestClient,
} from './realtime.fixtures';

let server: Listening;
const clients: TestClient[] = [];

async function start() {
  server = await listen();
  return server;
}
async function connect(token: string) {
  const c = await connected(server.url, token);
  clients.push(c);
  return c;
}

afterEach(async () => {
  for (const c of clients.splice(0)) c.socket.disconnect();
  await server?.close();
});

describe('realtime: connection', () => {
  it('rejects a connection without a token or with a bad one (unauthorized)', async () => {
    await start();
    const user = await makeUser(server.ctx);
    const expired = await signAccessToken('another-secret-another-secret-another-se', { userId: user.id });
    for (const token of [undefined, '', 'not-a-jwt', expired]) {
      const c = client(server.url, token);
      clients.push(c);
      await expect(onceConnected(c.socket)).rejects.toThrow(REALTIME_UNAUTHORIZED);
    }
  });

  it('A7.44 E7.84 pushes records of the own userRooms feed without any subscribe', async () => {
    await start();
    const user = await makeUser(server.ctx);
    const c = await connect(user.token);
    const record = await server.app.realtime.publish(realtimeRoom.user(user.id), RecordType.Notification, {
      text: 'hello',
    });
    const [received] = await c.waitForRecords(1);
    expect(received).toEqual(record);
    expect(received).toMatchObject({
      room: `userRooms/${user.id}`,
      type: 'notification',
      payload: { text: 'hello' },
    });
    expect(typeof received?.createdAt).toBe('string');
  });
});

describe('realtime: authorization', () => {
  it("refuses another user's userRooms and an event the user does not take part in", async () => {
    await start();
    const alice = await makeUser(server.ctx);
    const bob = await makeUser(server.ctx);
    const { id: eventId } = await makeEvent(server.ctx);
    await makeParticipant(server.ctx, eventId, alice);
    const b = await connect(bob.token);

    const forbidden = { ok: false, error: { code: ErrorCode.Forbidden } };
    expect(await b.subscribe(realtimeRoom.user(alice.id))).toMatchObject(forbidden);
    expect(await b.subscribe(realtimeRoom.event(eventId))).toMatchObject(forbidden);
    expect(await b.subscribe(realtimeRoom.eventSession(eventId, 1))).toMatchObject(forbidden);
    expect(await b.subscribe('rooms/1/messages')).toMatchObject(forbidden); // no chat policy yet: denied
    expect(await b.subscribe('anything/else')).toMatchObject(forbidden);
    expect(await b.subscribe(`userRooms/0${bob.id}`)).toMatchObject(forbidden);

    await server.app.realtime.publish(realtimeRoom.user(alice.id), RecordType.Notification, { secret: 1 });
    await server.app.realtime.publish(realtimeRoom.event(eventId), RecordType.Announcement, { secret: 2 });
    await settle();
    expect(b.records).toEqual([]);
  });

  it('refuses a participant whose record is deleted, and a malformed request', async () => {
    await start();
    const user = await makeUser(server.ctx);
    const { id: eventId } = await makeEvent(server.ctx);
    await makeParticipant(server.ctx, eventId, user, { state: 'deleted' });
    const c = await connect(user.token);
    expect(await c.subscribe(realtimeRoom.event(eventId))).toMatchObject({ ok: false });
    const bad = await c.socket.timeout(5_000).emitWithAck('subscribe', { room: 5 } as never);
    expect(bad).toMatchObject({ ok: false, error: { code: ErrorCode.Validation } });
  });

  it('lets any signed-in user listen to a public profile', async () => {
    await start();
    const alice = await makeUser(server.ctx);
    const bob = await makeUser(server.ctx);
    const b = await connect(bob.token);
    expect(await b.subscribe(realtimeRoom.publicProfile(alice.id))).toEqual({
      ok: true,
      missed: [],
      more: false,
      lastSeq: 0,
      truncated: false,
      lastRecordAgeMs: null,
    });
    await server.app.realtime.publish(realtimeRoom.publicProfile(alice.id), RecordType.PublicProfileChanged, {
      name: 'Alice',
    });
    await b.waitForRecords(1);
  });

  it('lets event participants into a session room of that event only', async () => {
    await start();
    const user = await makeUser(server.ctx);
    const { id: eventId } = await makeEvent(server.ctx);
    const { id: otherEventId } = await makeEvent(server.ctx);
    await makeParticipant(server.ctx, eventId, user);
    await makeParticipant(server.ctx, otherEventId, user);
    const session = await server.ctx.db
      .insertInto('sessions')
      .values({
        event_id: eventId,
        name: 'Talk',
        sdt: '2030-01-01T10:00:00Z',
        edt: '2030-01-01T11:00:00Z',
        images: '{}',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const c = await connect(user.token);
    expect(await c.subscribe(realtimeRoom.eventSession(eventId, session.id))).toMatchObject({ ok: true });
    expect(await c.subscribe(realtimeRoom.eventSession(otherEventId, session.id))).toMatchObject({
      ok: false,
    });
  });

  it('uses a policy a feature registers, and refuses a second one for the same pattern', async () => {
    await start();
    const user = await makeUser(server.ctx);
    const seen: Record<string, string>[] = [];
    // A pattern of its own: the chat feature already registers rooms/{roomId}/messages.
    server.app.realtime.registerRoomPolicy('probe/{roomId}/feed', async (userId, params) => {
      seen.push(params);
      return userId === user.id && params.roomId === '7';
    });
    expect(() => server.app.realtime.registerRoomPolicy('probe/{roomId}/feed', async () => true)).toThrow();
    const c = await connect(user.token);
    expect(await c.subscribe('probe/7/feed')).toMatchObject({ ok: true });
    expect(await c.subscribe('probe/8/feed')).toMatchObject({ ok: false });
    expect(seen).toEqual([{ roomId: '7' }, { roomId: '8' }]);
  });
});

describe('realtime: delivery', () => {
  it('delivers to every client in an event room, with increasing ids, and stops after unsubscribe', async () => {
    await start();
    const alice = await makeUser(server.ctx);
    const bob = await makeUser(server.ctx);
    const { id: eventId } = await makeEvent(server.ctx);
    await makeParticipant(server.ctx, eventId, alice);
    await makeParticipant(server.ctx, eventId, bob);
    const a = await connect(alice.token);
    const b = await connect(bob.token);
    const room = realtimeRoom.event(eventId);
    expect(await a.subscribe(room)).toMatchObject({ ok: true, lastSeq: 0 });
    expect(await b.subscribe(room)).toMatchObject({ ok: true, lastSeq: 0 });

    for (let i = 1; i <= 5; i++) await server.app.realtime.publish(room, RecordType.Announcement, { i });
    const forA = await a.waitForRecords(5);
    const forB = await b.waitForRecords(5);
    expect(forA).toEqual(forB);
    expect(forA.map((r) => r.payload)).toEqual([{ i: 1 }, { i: 2 }, { i: 3 }, { i: 4 }, { i: 5 }]);
    const ids = forA.map((r) => r.id);
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
    expect(new Set(ids).size).toBe(5);
    expect(forA.map((r) => r.seq)).toEqual([1, 2, 3, 4, 5]);

    expect(await b.socket.timeout(5_000).emitWithAck('unsubscribe', { room })).toEqual({ ok: true });
    await server.app.realtime.publish(room, RecordType.Announcement, { i: 6 });
    await a.waitForRecords(6);
    await settle();
    expect(b.records).toHaveLength(5);
  });

  it("pushes a record published in a feature's transaction only after commit, never after rollback", async () => {
    await start();
    const user = await makeUser(server.ctx);
    const c = await connect(user.token);
    const room = realtimeRoom.user(user.id);
    const { realtime } = server.app;

    await server.ctx.db.transaction().execute(async (trx) => {
      await realtime.publish(room, RecordType.InvitationChanged, { n: 1 }, trx);
      await realtime.publish(room, RecordType.InvitationChanged, { n: 2 }, trx);
      await sql`SELECT pg_sleep(0.1)`.execute(trx);
      expect(c.records).toEqual([]);
    });
    const received = await c.waitForRecords(2);
    expect(received.map((r) => r.payload)).toEqual([{ n: 1 }, { n: 2 }]);

    await expect(
      server.ctx.db.transaction().execute(async (trx) => {
        await realtime.publish(room, RecordType.InvitationChanged, { n: 3 }, trx);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await realtime.publish(room, RecordType.InvitationChanged, { n: 4 });
    await c.waitForRecords(3);
    await settle();
    expect(c.records.map((r) => r.payload)).toEqual([{ n: 1 }, { n: 2 }, { n: 4 }]);
  });

  it('numbers concurrent publishes to one room 1, 2, 3, … without holes or duplicates', async () => {
    await start();
    const { realtime } = server.app;
    const records = await Promise.all(
      Array.from({ length: 30 }, (_, n) => realtime.publish('newEvents/1', RecordType.PollChanged, { n })),
    );
    expect(records.map((r) => r.seq).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 30 }, (_, i) => i + 1),
    );
    const byId = [...records].sort((a, b) => a.id - b.id);
    expect(byId.map((r) => r.seq)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
  });

  it("publishes one record to each of several rooms in one write, each its room's next seq, concurrently too", async () => {
    await start();
    const { realtime, bus } = server.app;
    await realtime.publish('rooms/1/messages', RecordType.ChatMessage, { n: 0 });
    const pairs = await Promise.all(
      Array.from({ length: 10 }, (_, n) =>
        server.ctx.db.transaction().execute((trx) =>
          realtime.publishAll(
            [
              { room: 'rooms/1/messages', type: RecordType.ChatMessage, payload: { n } },
              { room: 'rooms/1/meta', type: RecordType.ChatMeta, payload: { n } },
            ],
            trx,
          ),
        ),
      ),
    );
    expect(pairs.map(([m]) => m?.room)).toEqual(Array(10).fill('rooms/1/messages'));
    expect(pairs.map(([m]) => m?.seq).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(
      Array.from({ length: 10 }, (_, i) => i + 2),
    );
    expect(pairs.map(([, meta]) => meta?.seq).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(
      Array.from({ length: 10 }, (_, i) => i + 1),
    );
    // Each pair was written together: its two payloads are the same.
    for (const [m, meta] of pairs) expect(meta?.payload).toEqual(m?.payload);
    await bus.idle();
    await expect(
      server.ctx.db.transaction().execute((trx) =>
        realtime.publishAll(
          [
            { room: 'rooms/1/meta', type: RecordType.ChatMeta, payload: {} },
            { room: 'rooms/1/meta', type: RecordType.ChatMeta, payload: {} },
          ],
          trx,
        ),
      ),
    ).rejects.toThrow('one record per room');
  });

  it("deletes records past the retention period but each room's newest, so seqs keep counting", async () => {
    await start();
    const { realtime } = server.app;
    for (const n of [1, 2, 3]) await realtime.publish('userRooms/1', RecordType.Notification, { n });
    await realtime.publish('userRooms/2', RecordType.Notification, { n: 1 });
    await sql`UPDATE realtime_events SET created_at = now() - interval '8 days'`.execute(server.ctx.db);
    await realtime.publish('userRooms/1', RecordType.Notification, { n: 4 });
    expect(await realtime.cleanup()).toBe(3);
    const left = await server.ctx.db
      .selectFrom('realtime_events')
      .select(['room', 'seq'])
      .orderBy('id')
      .execute();
    expect(left).toEqual([
      { room: 'userRooms/2', seq: 1 },
      { room: 'userRooms/1', seq: 4 },
    ]);
    expect((await realtime.publish('userRooms/2', RecordType.Notification, {})).seq).toBe(2);
  });

  it("A4.35 tells a first subscriber how long ago the room's newest record was written", async () => {
    await start();
    const user = await makeUser(server.ctx);
    const room = realtimeRoom.user(user.id);
    const c = await connect(user.token);
    // No record yet: nothing a load could have missed.
    expect(await c.subscribe(room)).toMatchObject({ ok: true, lastSeq: 0, lastRecordAgeMs: null });
    const { realtime } = server.app;
    for (const n of [1, 2]) await realtime.publish(room, RecordType.Notification, { n });
    await sql`UPDATE realtime_events SET created_at = now() - interval '10 minutes' WHERE seq = 1`.execute(
      server.ctx.db,
    );
    await sql`UPDATE realtime_events SET created_at = now() - interval '3 minutes' WHERE seq = 2`.execute(
      server.ctx.db,
    );
    const other = await connect(user.token);
    const answer = await other.subscribe(room);
    if (!answer.ok) throw new Error(answer.error.msg);
    expect(answer.lastSeq).toBe(2);
    // The newest by seq (3 minutes), by the database's clock, whatever the client's.
    expect(answer.lastRecordAgeMs).toBeGreaterThanOrEqual(180_000);
    expect(answer.lastRecordAgeMs).toBeLessThan(240_000);
    // A client resuming from a seq gets the records themselves instead.
    expect(await other.subscribe(room, 1)).not.toHaveProperty('lastRecordAgeMs');
  });

  it('tells a client that resumes from a seq that is gone, or unknown, to reload (truncated)', async () => {
    await start();
    const user = await makeUser(server.ctx);
    const room = realtimeRoom.user(user.id);
    const { realtime } = server.app;
    for (const n of [1, 2, 3]) await realtime.publish(room, RecordType.Notification, { n });
    await sql`UPDATE realtime_events SET created_at = now() - interval '8 days'`.execute(server.ctx.db);
    await realtime.publish(room, RecordType.Notification, { n: 4 });
    await realtime.cleanup();
    const c = await connect(user.token);
    const gone = await c.subscribe(room, 1);
    expect(gone).toMatchObject({ ok: true, truncated: true, lastSeq: 4 });
    expect(gone.ok && gone.missed.map((r) => r.seq)).toEqual([4]);
    expect(await c.subscribe(room, 4)).toMatchObject({ ok: true, truncated: false, lastSeq: 4, missed: [] });
    expect(await c.subscribe(room, 90)).toMatchObject({ ok: true, truncated: true, lastSeq: 4, missed: [] });
  });
});
