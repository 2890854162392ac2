import { type ChatMessage, ChatRecordType, type ChatRoom, realtimeRoom } from '@foyer/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { makeEvent, makePerson, type Person } from '../../../test/factories';
import { useHeldTransactions } from '../../../test/held-transactions';
import { call, type Envelope, useTestApp } from '../../../test/helper';
import { insertMemberMessage } from './chat.messages.repository';

/**
 * A send retried after its answer was lost (the venue's Wi-Fi) carries the key the client gave the
 * message it composed: the server stores and delivers it once, and answers the retry as it answered
 * the first send. The same for creating a group room.
 */
const t = useTestApp(new Date('2030-05-01T07:00:00Z'));

type Answer<T> = { status: number; body: Envelope<T> };
const post = <T>(who: Person, url: string, payload: object) =>
  call<T>(t.app, { method: 'POST', url: `/api/v1${url}`, headers: who.headers, payload }) as Promise<
    Answer<T>
  >;
const send = (who: Person, roomId: number, msg: string, clientKey?: unknown) =>
  post<ChatMessage>(who, '/chat/message', { roomId, msg, ...(clientKey === undefined ? {} : { clientKey }) });
const createGroup = (who: Person, eventId: number, members: number[], clientKey?: string) =>
  post<ChatRoom>(who, '/chat/room', {
    eventId,
    type: 'group',
    name: 'Crew',
    members,
    ...(clientKey === undefined ? {} : { clientKey }),
  });

async function setup() {
  const event = await makeEvent(t.ctx);
  const ana = await makePerson(t.ctx, event.id, { name: 'Ana' });
  const ben = await makePerson(t.ctx, event.id, { name: 'Ben' });
  const cat = await makePerson(t.ctx, event.id, { name: 'Cat' });
  const opened = await post<ChatRoom>(ana, '/chat/room', {
    eventId: event.id,
    type: 'private',
    members: [ben.id],
  });
  return { event, ana, ben, cat, room: opened.body.data as ChatRoom };
}

const messagesOf = (roomId: number) =>
  t.ctx.db
    .selectFrom('chat_messages')
    .select(['id', 'sender_id', 'msg'])
    .where('room_id', '=', roomId)
    // In the order sent: without it the rows come in the table's order, which an update can change.
    .orderBy('id')
    .execute();
const messageRecords = async (roomId: number) => {
  await t.app.bus.idle();
  return t.ctx.db
    .selectFrom('realtime_events')
    .select('type')
    .where('room', 'in', [realtimeRoom.chatMessages(roomId), realtimeRoom.chatMeta(roomId)])
    .execute();
};

/** A push subscription for the person, so a message to them writes a push to the outbox. */
const subscribeToPush = (who: Person) =>
  t.ctx.db
    .insertInto('push_subscriptions')
    .values({ user_id: who.userId, endpoint: `https://push.example/${who.userId}`, p256dh: 'k', auth: 'a' })
    .execute();

describe('a chat message resent with its client key is stored once (E7.58)', () => {
  it('E7.58 a resend with the same key answers the stored message, and the room holds one message, announced once', async () => {
    const { ana, ben, room } = await setup();
    await subscribeToPush(ben);
    const first = await send(ana, room.id, 'See you at the booth', 'k-2f7c1e9a-retry');
    const again = await send(ana, room.id, 'See you at the booth', 'k-2f7c1e9a-retry');
    expect(first.status).toBe(200);
    expect(again.status).toBe(first.status);
    expect(again.body).toEqual(first.body);
    expect(await messagesOf(room.id)).toEqual([
      { id: first.body.data?.messageId, sender_id: ana.id, msg: 'See you at the booth' },
    ]);
    // One message record and one meta record: the resend wrote nothing live.
    expect((await messageRecords(room.id)).map((r) => r.type).sort()).toEqual(
      [ChatRecordType.Message, ChatRecordType.Meta].sort(),
    );
    // And one push to Ben's browser.
    const pushes = await t.ctx.db
      .selectFrom('bus_outbox')
      .select('id')
      .where('type', '=', 'messages.send')
      .execute();
    expect(pushes).toHaveLength(1);
  });

  it('E7.58 two sends with the same key at once store one message; both answer it', async () => {
    const { ana, room } = await setup();
    const both = await Promise.all([
      send(ana, room.id, 'Twice?', 'double-tap-0001'),
      send(ana, room.id, 'Twice?', 'double-tap-0001'),
    ]);
    expect(both.map((a) => a.status)).toEqual([200, 200]);
    expect(both[1]?.body.data).toEqual(both[0]?.body.data);
    expect(await messagesOf(room.id)).toHaveLength(1);
    expect(await messageRecords(room.id)).toHaveLength(2);
  });

  it('E7.58 the same key from another sender, or in another room, is another message', async () => {
    const { event, ana, ben, cat, room } = await setup();
    const other = (
      await post<ChatRoom>(ana, '/chat/room', { eventId: event.id, type: 'private', members: [cat.id] })
    ).body.data as ChatRoom;
    const key = 'shared-key-42';
    const fromAna = await send(ana, room.id, 'from Ana', key);
    const fromBen = await send(ben, room.id, 'from Ben', key);
    const elsewhere = await send(ana, other.id, 'to Cat', key);
    for (const answer of [fromAna, fromBen, elsewhere]) expect(answer.status).toBe(200);
    const ids = [fromAna, fromBen, elsewhere].map((a) => a.body.data?.messageId);
    expect(new Set(ids).size).toBe(3);
    expect((await messagesOf(room.id)).map((m) => m.msg)).toEqual(['from Ana', 'from Ben']);
    expect((await messagesOf(other.id)).map((m) => m.msg)).toEqual(['to Cat']);
  });

  it('E7.58 a resend with the same key but another text is refused with a 409; nothing is stored, announced or pushed', async () => {
    const { ana, ben, room } = await setup();
    await subscribeToPush(ben);
    const first = await send(ana, room.id, 'See you at ten', 'k-5d0b7e21-edit');
    expect(first.status).toBe(200);
    const other = await send(ana, room.id, 'See you at eleven', 'k-5d0b7e21-edit');
    expect(other.status).toBe(409);
    expect(other.body).toMatchObject({ success: false, error: { code: 'MST-00135' } });
    expect(await messagesOf(room.id)).toEqual([
      { id: first.body.data?.messageId, sender_id: ana.id, msg: 'See you at ten' },
    ]);
    expect(await messageRecords(room.id)).toHaveLength(2);
    const pushes = await t.ctx.db
      .selectFrom('bus_outbox')
      .select('id')
      .where('type', '=', 'messages.send')
      .execute();
    expect(pushes).toHaveLength(1);
    // The first text sent again with its key is still answered with the stored message.
    const again = await send(ana, room.id, 'See you at ten', 'k-5d0b7e21-edit');
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
  });

  it('E7.58 without a key every send is a new message, as before', async () => {
    const { ana, room } = await setup();
    const one = await send(ana, room.id, 'ping');
    const two = await send(ana, room.id, 'ping');
    expect(one.body.data?.messageId).not.toBe(two.body.data?.messageId);
    expect(await messagesOf(room.id)).toHaveLength(2);
  });

  it('E7.58 a retry by someone no longer in the room is refused, not answered with the stored message', async () => {
    const { ana, ben, cat, event } = await setup();
    const group = (await createGroup(ana, event.id, [ben.id, cat.id])).body.data as ChatRoom;
    expect((await send(cat, group.id, 'bye', 'leaving-key-1')).status).toBe(200);
    await call(t.app, {
      method: 'DELETE',
      url: '/api/v1/chat/room/member',
      headers: cat.headers,
      payload: { roomId: group.id, members: [cat.id] },
    });
    expect((await send(cat, group.id, 'bye', 'leaving-key-1')).status).toBe(404);
  });

  it('E7.58 a malformed key is refused with a 400 in the error envelope, and nothing is stored', async () => {
    const { ana, room } = await setup();
    for (const clientKey of [
      'short',
      'x'.repeat(65),
      'has space in it',
      'semi;colon-key',
      '',
      12345678,
      null,
    ]) {
      const answer = await send(ana, room.id, 'hello', clientKey);
      expect(answer.status, JSON.stringify(clientKey)).toBe(400);
      expect(answer.body).toMatchObject({
        success: false,
        error: { code: 'MST-00400', fields: { clientKey: expect.any(String) } },
      });
    }
    expect(await messagesOf(room.id)).toEqual([]);
  });
});

describe('a group room created again with its client key is the same room (E7.55)', () => {
  const roomsOf = (eventId: number) =>
    t.ctx.db
      .selectFrom('chat_rooms')
      .select('id')
      .where('event_id', '=', eventId)
      .where('type', '=', 'group')
      .execute();
  const feedRecords = async (who: Person) => {
    await t.app.bus.idle();
    return t.ctx.db
      .selectFrom('realtime_events')
      .select('payload')
      .where('room', '=', realtimeRoom.user(who.userId))
      .where('type', '=', ChatRecordType.Room)
      .execute();
  };

  it('E7.55 a resend with the same key answers the same group; its members hear of it once', async () => {
    const { event, ana, ben, cat } = await setup();
    const before = (await feedRecords(ben)).length;
    const first = await createGroup(ana, event.id, [ben.id, cat.id], 'group-key-0001');
    const again = await createGroup(ana, event.id, [ben.id, cat.id], 'group-key-0001');
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await roomsOf(event.id)).toEqual([{ id: first.body.data?.id }]);
    expect((await feedRecords(ben)).length).toBe(before + 1);
  });

  it('E7.55 a resend answers the group even when one of its members has since left the event; only to its creator', async () => {
    const { event, ana, ben, cat } = await setup();
    const first = await createGroup(ana, event.id, [ben.id, cat.id], 'group-key-0005');
    expect(first.status).toBe(200);
    await t.ctx.db.updateTable('participants').set({ state: 'deleted' }).where('id', '=', cat.id).execute();
    const again = await createGroup(ana, event.id, [ben.id, cat.id], 'group-key-0005');
    expect(again.status).toBe(200);
    expect(again.body.data?.id).toBe(first.body.data?.id);
    expect(await roomsOf(event.id)).toEqual([{ id: first.body.data?.id }]);
    // Another member sending the creator's key is checked as a new group of their own, and refused.
    const byBen = await createGroup(ben, event.id, [ana.id, cat.id], 'group-key-0005');
    expect(byBen.status).toBe(410);
    expect(byBen.body.data).toBeUndefined();
    expect(await roomsOf(event.id)).toHaveLength(1);
  });

  it('E7.55 two creations with the same key at once make one group', async () => {
    const { event, ana, ben } = await setup();
    const both = await Promise.all([
      createGroup(ana, event.id, [ben.id], 'group-key-0002'),
      createGroup(ana, event.id, [ben.id], 'group-key-0002'),
    ]);
    expect(both.map((a) => a.status)).toEqual([200, 200]);
    expect(both[1]?.body.data?.id).toBe(both[0]?.body.data?.id);
    expect(await roomsOf(event.id)).toHaveLength(1);
  });

  it('E7.55 the same key from another creator is another group; without a key every call is a new group', async () => {
    const { event, ana, ben, cat } = await setup();
    const byAna = await createGroup(ana, event.id, [cat.id], 'group-key-0003');
    const byBen = await createGroup(ben, event.id, [cat.id], 'group-key-0003');
    expect(byBen.body.data?.id).not.toBe(byAna.body.data?.id);
    await createGroup(ana, event.id, [cat.id]);
    await createGroup(ana, event.id, [cat.id]);
    expect(await roomsOf(event.id)).toHaveLength(4);
  });

  it('E7.55 a malformed key is refused with a 400, and no group is made', async () => {
    const { event, ana, ben } = await setup();
    const answer = await createGroup(ana, event.id, [ben.id], 'bad key!');
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ success: false, error: { code: 'MST-00400' } });
    expect(await roomsOf(event.id)).toEqual([]);
  });
});

/** PGlite runs one transaction at a time: only PostgreSQL lets a send wait on another one's key. */
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'a send racing an uncommitted one with its key (PostgreSQL)',
  () => {
    const held = useHeldTransactions(() => t.ctx.db);

    it('E7.58 the send waits for the first one to commit and answers its message', async () => {
      const { ana, room } = await setup();
      let firstId = 0;
      const answer = await held.behind(
        async (trx) => {
          const row = await insertMemberMessage(trx, {
            roomId: room.id,
            userId: ana.userId,
            msg: 'first',
            clientKey: 'racing-key-01',
          });
          firstId = Number(row?.id);
        },
        () => send(ana, room.id, 'first', 'racing-key-01'),
      );
      expect(answer.status).toBe(200);
      expect(answer.body.data?.messageId).toBe(firstId);
      expect(await messagesOf(room.id)).toHaveLength(1);
      const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM chat_messages WHERE client_key = 'racing-key-01'`.execute(t.ctx.db);
      expect(rows[0]?.n).toBe(1);
    });
  },
);
