import { REALTIME_CATCH_UP_LIMIT, RecordType, realtimeRoom } from '@foyer/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { makeChatRoom, makeEvent, makeParticipant, makePerson, makeUser } from '../../test/factories';
import {
  connected,
  type Listening,
  listen,
  onceConnected,
  type TestClient,
  writeRecords,
} from './realtime.fixtures';

const servers: Listening[] = [];
const clients: TestClient[] = [];

afterEach(async () => {
  for (const c of clients.splice(0)) c.socket.disconnect();
  for (const s of servers.splice(0)) await s.close();
});

async function start(port?: number) {
  const server = await listen(port === undefined ? {} : { port });
  servers.push(server);
  return server;
}

describe('realtime: nothing is lost across a disconnect', () => {
  it('a client that re-subscribes with its last seq gets exactly the missed records, in order', async () => {
    const server = await start();
    const user = await makeUser(server.ctx);
    const { id: eventId } = await makeEvent(server.ctx);
    await makeParticipant(server.ctx, eventId, user);
    const room = realtimeRoom.event(eventId);
    const { realtime } = server.app;

    const first = await connected(server.url, user.token);
    clients.push(first);
    expect(await first.subscribe(room)).toMatchObject({ ok: true, lastSeq: 0, truncated: false });
    await realtime.publish(room, RecordType.PollChanged, { n: 1 });
    const [seen] = await first.waitForRecords(1);
    first.socket.disconnect();

    for (let n = 2; n <= 4; n++) await realtime.publish(room, RecordType.PollChanged, { n });
    // Another room's records must not leak into the catch-up.
    await realtime.publish(realtimeRoom.event(eventId + 1), RecordType.PollChanged, { other: true });

    const again = await connected(server.url, user.token);
    clients.push(again);
    expect(seen?.seq).toBe(1);
    const ack = await again.subscribe(room, seen?.seq);
    if (!ack.ok) throw new Error(ack.error.msg);
    expect(ack.missed.map((r) => r.payload)).toEqual([{ n: 2 }, { n: 3 }, { n: 4 }]);
    expect(ack.missed.map((r) => r.seq)).toEqual([2, 3, 4]);
    expect(ack.missed.every((r) => r.room === room && r.id > (seen?.id ?? 0))).toBe(true);
    expect(ack).toMatchObject({ more: false, lastSeq: 4, truncated: false });

    await realtime.publish(room, RecordType.PollChanged, { n: 5 });
    const live = await again.waitForRecords(1);
    expect(live.map((r) => r.payload)).toEqual([{ n: 5 }]);
  });

  it(`pages a long catch-up by ${REALTIME_CATCH_UP_LIMIT} records`, async () => {
    const server = await start();
    const user = await makeUser(server.ctx);
    const room = realtimeRoom.user(user.id);
    const rows = Array.from({ length: REALTIME_CATCH_UP_LIMIT + 20 }, (_, i) => ({
      room,
      seq: i + 1,
      type: RecordType.Notification,
      payload: JSON.stringify({ i }),
    }));
    await server.ctx.db.insertInto('realtime_events').values(rows).execute();
    const c = await connected(server.url, user.token);
    clients.push(c);
    const page1 = await c.subscribe(room, 0);
    if (!page1.ok) throw new Error(page1.error.msg);
    expect(page1).toMatchObject({ more: true });
    expect(page1.missed).toHaveLength(REALTIME_CATCH_UP_LIMIT);
    expect(page1.lastSeq).toBe(REALTIME_CATCH_UP_LIMIT);
    const page2 = await c.subscribe(room, page1.lastSeq);
    if (!page2.ok) throw new Error(page2.error.msg);
    expect(page2.more).toBe(false);
    expect([...page1.missed, ...page2.missed].map((r) => (r.payload as { i: number }).i)).toEqual(
      rows.map((_, i) => i),
    );
  });

  it('survives a server restart: records published while it was down arrive after the reconnect', async () => {
    const before = await start();
    const user = await makeUser(before.ctx);
    const room = realtimeRoom.user(user.id);
    const c = await connected(before.url, user.token, { reconnection: true });
    clients.push(c);
    expect(await c.subscribe(room)).toMatchObject({ ok: true, lastSeq: 0 });
    await before.app.realtime.publish(room, RecordType.Notification, { n: 1 });
    const lastSeq = (await c.waitForRecords(1))[0]?.seq;

    // What a client does on every 'connect' (the web client does it for all its rooms).
    const catchUps: unknown[][] = [];
    c.socket.on('connect', () => {
      void c.subscribe(room, lastSeq).then((ack) => {
        if (ack.ok) catchUps.push(ack.missed.map((r) => r.payload));
      });
    });

    await before.close();
    servers.splice(servers.indexOf(before), 1);
    // Published by another process while this one is down.
    await writeRecords(before.ctx.db, room, [{ n: 2 }, { n: 3 }]);

    const after = await start(before.port);
    await onceConnected(c.socket, 10_000);
    await expect.poll(() => catchUps.length, { timeout: 5_000 }).toBe(1);
    expect(catchUps[0]).toEqual([{ n: 2 }, { n: 3 }]);
    await after.app.realtime.publish(room, RecordType.Notification, { n: 4 });
    await c.waitForRecords(2);
    expect(c.records.map((r) => r.payload)).toEqual([{ n: 1 }, { n: 4 }]);
  });

  it('a wave of clients resuming at once (their process died): each gets its own room’s records, a stranger none', async () => {
    const server = await start();
    const { id: eventId } = await makeEvent(server.ctx);
    const people = await Promise.all(Array.from({ length: 9 }, () => makePerson(server.ctx, eventId)));
    const stranger = await makePerson(server.ctx, eventId);
    // Three chat rooms of three, each with its own records.
    const rooms: { name: string; members: typeof people }[] = [];
    for (let r = 0; r < 3; r++) {
      const members = people.slice(r * 3, r * 3 + 3);
      const roomId = await makeChatRoom(server.ctx, eventId, members, `Wave ${r}`);
      const name = realtimeRoom.chatMessages(roomId);
      await writeRecords(
        server.ctx.db,
        name,
        Array.from({ length: r + 3 }, (_, n) => ({ room: r, n })),
      );
      rooms.push({ name, members });
    }
    const tokenOf = (p: { headers: { authorization: string } }) =>
      p.headers.authorization.slice('Bearer '.length);

    // Everyone at once, each from another seq (the last member of each room subscribes afresh).
    const waves = await Promise.all(
      rooms.flatMap(({ name, members }) =>
        members.map(async (member, i) => {
          const c = await connected(server.url, tokenOf(member));
          clients.push(c);
          return { name, since: i < 2 ? i : undefined, ack: await c.subscribe(name, i < 2 ? i : undefined) };
        }),
      ),
    );
    const outsider = await connected(server.url, tokenOf(stranger));
    clients.push(outsider);
    const refused = await Promise.all(rooms.map(({ name }) => outsider.subscribe(name, 0)));

    waves.forEach(({ name, since, ack }) => {
      const room = rooms.findIndex((r) => r.name === name);
      const count = room + 3;
      if (!ack.ok) throw new Error(ack.error.msg);
      expect(ack.lastSeq).toBe(count);
      if (since === undefined) {
        expect(ack.missed).toEqual([]);
        expect(ack.lastRecordAgeMs).toBeGreaterThanOrEqual(0);
      } else {
        expect(ack.missed.map((r) => [r.room, r.seq])).toEqual(
          Array.from({ length: count - since }, (_, k) => [name, since + k + 1]),
        );
        expect(ack.missed.map((r) => r.payload)).toEqual(
          Array.from({ length: count - since }, (_, k) => ({ room, n: since + k })),
        );
      }
    });
    expect(refused.map((ack) => (ack.ok ? 'ok' : ack.error.code))).toEqual([
      'MST-00403',
      'MST-00403',
      'MST-00403',
    ]);
  });
});
