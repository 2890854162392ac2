import { randomUUID } from 'node:crypto';
import { type ChatMessage, ChatRecordType, type ChatRoom, realtimeRoom } from '@foyer/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { makeEvent, makePerson, type Person } from '../../../test/factories';
import { call } from '../../../test/helper';
import { connected, type Listening, listen, settle, type TestClient } from '../../realtime/realtime.fixtures';

/** Real servers and real socket.io clients: chat delivery, room authorization, catch-up, Redis. */
const servers: Listening[] = [];
const clients: TestClient[] = [];

afterEach(async () => {
  for (const c of clients.splice(0)) c.socket.disconnect();
  for (const s of servers.splice(0)) await s.close();
});

async function start(env?: Record<string, string>) {
  const server = await listen(env ? { env } : {});
  servers.push(server);
  return server;
}
const tokenOf = (p: Person) => p.headers.authorization.replace('Bearer ', '');
async function connect(server: Listening, who: Person) {
  // Pushes of earlier writes (a room landing in its members' feeds) go out after commit; let them
  // land before this client connects, so its first records are the ones the test causes next.
  await server.app.bus.idle();
  const c = await connected(server.url, tokenOf(who));
  clients.push(c);
  return c;
}
const chatRecords = (c: TestClient, type: string) => c.records.filter((r) => r.type === type);

async function people(server: Listening) {
  const event = await makeEvent(server.ctx);
  const ana = await makePerson(server.ctx, event.id, { name: 'Ana' });
  const ben = await makePerson(server.ctx, event.id, { name: 'Ben' });
  const cat = await makePerson(server.ctx, event.id, { name: 'Cat' });
  return { event, ana, ben, cat };
}
async function privateRoom(server: Listening, from: Person, to: Person, eventId: number) {
  const r = await call<ChatRoom>(server.app, {
    method: 'POST',
    url: '/api/v1/chat/room',
    headers: from.headers,
    payload: { eventId, type: 'private', members: [to.id] },
  });
  return r.body.data as ChatRoom;
}
const send = (server: Listening, who: Person, roomId: number, msg: string) =>
  call<ChatMessage>(server.app, {
    method: 'POST',
    url: '/api/v1/chat/message',
    headers: who.headers,
    payload: { roomId, msg },
  });

describe('chat over socket.io', () => {
  it('E7.60 a message reaches the other member live; a non-member cannot join the room', async () => {
    const server = await start();
    const { event, ana, ben, cat } = await people(server);
    const room = await privateRoom(server, ana, ben, event.id);
    const name = realtimeRoom.chatMessages(room.id);
    const [a, b, c] = [await connect(server, ana), await connect(server, ben), await connect(server, cat)];
    expect(await a.subscribe(name)).toMatchObject({ ok: true });
    expect(await b.subscribe(name)).toMatchObject({ ok: true });
    expect(await c.subscribe(name)).toMatchObject({ ok: false, error: { code: 'MST-00403' } });
    // nor another user's own feed
    expect(await c.subscribe(realtimeRoom.user(ana.userId))).toMatchObject({ ok: false });

    const sent = (await send(server, ben, room.id, 'Hello Ana')).body.data as ChatMessage;
    const [record] = await a.waitForRecords(1);
    expect(record).toMatchObject({ room: name, type: ChatRecordType.Message, payload: sent });
    await b.waitForRecords(1);

    // E4.56: Ana reads it; Ben's tick turns double live
    await call(server.app, {
      method: 'POST',
      url: '/api/v1/chat/room/seen',
      headers: ana.headers,
      payload: { roomId: room.id, messageId: sent.messageId },
    });
    await b.waitForRecords(2);
    expect(chatRecords(b, ChatRecordType.Seen)[0]?.payload).toEqual({
      roomId: room.id,
      participantId: ana.id,
      lastSeenMessageId: sent.messageId,
    });
    await settle();
    expect(c.records).toHaveLength(0);
  });

  it('E7.58 a message resent with its client key (its answer lost) reaches the other member once', async () => {
    const server = await start();
    const { event, ana, ben } = await people(server);
    const room = await privateRoom(server, ana, ben, event.id);
    const name = realtimeRoom.chatMessages(room.id);
    const a = await connect(server, ana);
    expect(await a.subscribe(name)).toMatchObject({ ok: true });
    const keyed = () =>
      call<ChatMessage>(server.app, {
        method: 'POST',
        url: '/api/v1/chat/message',
        headers: ben.headers,
        payload: { roomId: room.id, msg: 'Hello once', clientKey: 'wifi-retry-0001' },
      });
    const first = (await keyed()).body.data as ChatMessage;
    await a.waitForRecords(1);
    const again = (await keyed()).body.data as ChatMessage;
    expect(again).toEqual(first);
    // A later message marks the end: anything the resend had published would have come before it.
    const later = (await send(server, ben, room.id, 'and then')).body.data as ChatMessage;
    const heard = () => a.records.filter((r) => r.room === name).map((r) => r.payload as ChatMessage);
    await expect.poll(() => heard().some((m) => m.messageId === later.messageId)).toBe(true);
    expect(heard().map((m) => m.msg)).toEqual(['Hello once', 'and then']);
  });

  it('reconnecting with the last seq delivers exactly what was missed, in order', async () => {
    const server = await start();
    const { event, ana, ben } = await people(server);
    const room = await privateRoom(server, ana, ben, event.id);
    const name = realtimeRoom.chatMessages(room.id);
    const a = await connect(server, ana);
    await a.subscribe(name);
    await send(server, ben, room.id, 'one');
    const [first] = await a.waitForRecords(1);
    a.socket.disconnect();
    for (const msg of ['two', 'three', 'four']) await send(server, ben, room.id, msg);

    const again = await connect(server, ana);
    const ack = await again.subscribe(name, first?.seq);
    if (!ack.ok) throw new Error(ack.error.msg);
    expect(ack.missed.map((r) => (r.payload as ChatMessage).msg)).toEqual(['two', 'three', 'four']);
    await send(server, ben, room.id, 'five');
    const [live] = await again.waitForRecords(1);
    expect((live?.payload as ChatMessage | undefined)?.msg).toBe('five');
    expect(live?.seq).toBe(5);
  });

  it('a member removed from a group stops receiving at once, and the room lands in new members’ feeds', async () => {
    const server = await start();
    const { event, ana, ben, cat } = await people(server);
    const c = await connect(server, cat);
    const created = await call<ChatRoom>(server.app, {
      method: 'POST',
      url: '/api/v1/chat/room',
      headers: ana.headers,
      payload: { eventId: event.id, type: 'group', members: [ben.id, cat.id], name: 'Trio' },
    });
    const room = created.body.data as ChatRoom;
    const [added] = await c.waitForRecords(1);
    expect(added).toMatchObject({
      room: realtimeRoom.user(cat.userId),
      type: ChatRecordType.Room,
      payload: { action: 'added', roomId: room.id },
    });
    const name = realtimeRoom.chatMessages(room.id);
    expect(await c.subscribe(name)).toMatchObject({ ok: true });
    await send(server, ana, room.id, 'welcome');
    await c.waitForRecords(2);

    await call(server.app, {
      method: 'DELETE',
      url: '/api/v1/chat/room/member',
      headers: ana.headers,
      payload: { roomId: room.id, members: [cat.id] },
    });
    await c.waitForRecords(3); // the "removed" record on her own feed
    await send(server, ana, room.id, 'secret');
    await settle();
    expect(c.records.map((r) => r.type)).toEqual([
      ChatRecordType.Room,
      ChatRecordType.Message,
      ChatRecordType.Room,
    ]);
    expect(await c.subscribe(name)).toMatchObject({ ok: false });
  });

  it('E7.85 rooms/{roomId}/meta: members hear the last message date, last seen messages and member changes', async () => {
    const server = await start();
    const { event, ana, ben, cat } = await people(server);
    const created = await call<ChatRoom>(server.app, {
      method: 'POST',
      url: '/api/v1/chat/room',
      headers: ana.headers,
      payload: { eventId: event.id, type: 'group', members: [ben.id], name: 'Duo' },
    });
    const room = created.body.data as ChatRoom;
    const meta = realtimeRoom.chatMeta(room.id);
    const [a, c] = [await connect(server, ana), await connect(server, cat)];
    expect(await a.subscribe(meta)).toMatchObject({ ok: true });
    expect(await c.subscribe(meta)).toMatchObject({ ok: false, error: { code: 'MST-00403' } });
    const metaRecords = () => a.records.filter((r) => r.room === meta).map((r) => [r.type, r.payload]);

    const sent = (await send(server, ben, room.id, 'Hi')).body.data as ChatMessage;
    await expect
      .poll(metaRecords)
      .toEqual([[ChatRecordType.Meta, { change: 'message', roomId: room.id, lastMessageDate: sent.dt }]]);
    await call(server.app, {
      method: 'POST',
      url: '/api/v1/chat/room/seen',
      headers: ana.headers,
      payload: { roomId: room.id, messageId: sent.messageId },
    });
    await expect
      .poll(() => metaRecords()[1])
      .toEqual([
        ChatRecordType.Meta,
        {
          change: 'seen',
          roomId: room.id,
          members: [{ participantId: ana.id, lastSeenMessageId: sent.messageId }],
        },
      ]);
    await call(server.app, {
      method: 'POST',
      url: '/api/v1/chat/room/member',
      headers: ana.headers,
      payload: { roomId: room.id, members: [cat.id] },
    });
    await expect.poll(() => metaRecords()[2]?.[1]).toMatchObject({ change: 'members' });
    const added = metaRecords()[2]?.[1] as { members: { participantId: number }[] };
    expect(added.members.map((m) => m.participantId).sort((x, y) => x - y)).toEqual(
      [ana.id, ben.id, cat.id].sort((x, y) => x - y),
    );
    // Now a member, Cat may listen; once she leaves, she is dropped from it at once.
    expect(await c.subscribe(meta)).toMatchObject({ ok: true });
    await call(server.app, {
      method: 'DELETE',
      url: '/api/v1/chat/room/member',
      headers: cat.headers,
      payload: { roomId: room.id, members: [cat.id] },
    });
    await expect.poll(() => metaRecords().length).toBe(4);
    await send(server, ben, room.id, 'After Cat');
    await expect.poll(() => metaRecords().length).toBe(5);
    expect(
      c.records.filter((r) => r.room === meta).map((r) => (r.payload as { change: string }).change),
    ).not.toContain('message');
  });

  it.skipIf(!process.env.TEST_REDIS_URL)(
    'two server processes sharing Redis deliver each other’s chat messages (needs TEST_REDIS_URL)',
    async () => {
      const env = {
        REDIS_URL: process.env.TEST_REDIS_URL ?? '',
        PUBLIC_URL: `http://chat-${randomUUID()}.foyer.test`,
      };
      const one = await start(env);
      const two = await start(env);
      const { event, ana, ben } = await people(one);
      const room = await privateRoom(one, ana, ben, event.id);
      const name = realtimeRoom.chatMessages(room.id);
      const onOne = await connect(one, ana);
      const onTwo = await connect(two, ben);
      await onOne.subscribe(name);
      await onTwo.subscribe(name);
      await send(two, ben, room.id, 'from two');
      await send(one, ana, room.id, 'from one');
      const bySeq = (c: TestClient) =>
        c.records
          .slice()
          .sort((x, y) => x.seq - y.seq)
          .map((r) => (r.payload as ChatMessage).msg);
      await onOne.waitForRecords(2);
      await onTwo.waitForRecords(2);
      expect(bySeq(onOne)).toEqual(['from two', 'from one']);
      expect(bySeq(onTwo)).toEqual(['from two', 'from one']);
    },
  );
});
