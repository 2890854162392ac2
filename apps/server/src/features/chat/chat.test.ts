import {
  CHAT_GROUP_MAX_MEMBERS,
  type ChatMessage,
  type ChatMessagesPage,
  ChatRecordType,
  type ChatRoom,
  type ChatUnread,
  realtimeRoom,
} from '@foyer/contract';
import type { InjectOptions } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  makeBooth,
  makeEvent,
  makeParticipant,
  makePerson,
  makeType,
  makeUser,
  type Person,
} from '../../../test/factories';
import { useHeldTransactions } from '../../../test/held-transactions';
import { call, failingRealtime, useTestApp } from '../../../test/helper';
import { waitFor } from '../../../test/smtp';
import { insertMemberMessage } from './chat.messages.repository';
import { sendMessage } from './chat.messages.service';

const t = useTestApp();
beforeEach(() => t.setNow(new Date('2030-05-01T07:00:00Z')));

const api = (who: Person, method: InjectOptions['method'], url: string, payload?: unknown) =>
  call(t.app, {
    method,
    url: `/api/v1${url}`,
    headers: who.headers,
    ...(payload === undefined
      ? {}
      : method === 'GET'
        ? { query: payload as Record<string, string> }
        : { payload: payload as object }),
  });
const openPrivate = async (from: Person, to: Person, eventId: number) =>
  (await api(from, 'POST', '/chat/room', { eventId, type: 'private', members: [to.id] })) as {
    status: number;
    body: { data?: ChatRoom; error?: { code: string } };
  };
const send = async (who: Person, roomId: number, msg: string) =>
  (await api(who, 'POST', '/chat/message', { roomId, msg })) as {
    status: number;
    body: { data?: ChatMessage };
  };
const rooms = async (who: Person) => ((await api(who, 'GET', '/chat/rooms')).body.data ?? []) as ChatRoom[];
const page = async (who: Person, roomId: number, before?: number) =>
  (
    await api(who, 'GET', '/chat/room/messages', {
      roomId: String(roomId),
      ...(before ? { before: String(before) } : {}),
    })
  ).body.data as ChatMessagesPage;

async function setup() {
  const event = await makeEvent(t.ctx);
  const ana = await makePerson(t.ctx, event.id, { name: 'Ana' });
  const ben = await makePerson(t.ctx, event.id, { name: 'Ben' });
  const cat = await makePerson(t.ctx, event.id, { name: 'Cat' });
  return { event, ana, ben, cat };
}

describe('rooms (E7.55–E7.57)', () => {
  it('E7.55 a private room is one per pair: opening it again, or from the other side, gives the same room', async () => {
    const { event, ana, ben } = await setup();
    const [a, b] = await Promise.all([openPrivate(ana, ben, event.id), openPrivate(ben, ana, event.id)]);
    expect(a.status).toBe(200);
    expect(b.body.data?.id).toBe(a.body.data?.id);
    expect((await openPrivate(ana, ben, event.id)).body.data?.id).toBe(a.body.data?.id);
    expect(a.body.data).toMatchObject({
      type: 'private',
      eventId: event.id,
      pin: false,
      countUnreadMessages: 0,
    });
    expect(a.body.data?.members.map((m) => m.person?.name).sort()).toEqual(['Ana', 'Ben']);
    expect((await rooms(ben)).map((r) => r.id)).toEqual([a.body.data?.id]);
    // Each side learns its own participant id (for its ticks and own messages).
    expect(a.body.data?.myParticipantId).toBe(ana.id);
    expect((await rooms(ben))[0]?.myParticipantId).toBe(ben.id);
  });

  it('E6.22 no chat with oneself, an own-booth colleague or someone one may not invite; organizers may', async () => {
    const { event, ana, ben } = await setup();
    expect((await openPrivate(ana, ana, event.id)).status).toBe(400);
    const booth = await makeBooth(t.ctx, event.id);
    const sam = await makePerson(t.ctx, event.id, { boothId: booth.id, boothRole: 'owner' });
    const sue = await makePerson(t.ctx, event.id, { boothId: booth.id, boothRole: 'user' });
    expect((await openPrivate(sam, sue, event.id)).status).toBe(403);

    const restricted = await makeEvent(t.ctx, { restricted: true });
    const vip = await makeType(t.ctx, restricted.id, { name: 'VIP' });
    const guest = await makeType(t.ctx, restricted.id, { name: 'Guest', invitationRights: [] });
    const v = await makePerson(t.ctx, restricted.id, { typeId: vip.id });
    const g = await makePerson(t.ctx, restricted.id, { typeId: guest.id });
    const boss = await makePerson(t.ctx, restricted.id, { organizer: true });
    expect((await openPrivate(g, v, restricted.id)).status).toBe(403);
    expect((await openPrivate(boss, v, restricted.id)).status).toBe(200);
    // not a participant of that event / not in it
    expect((await openPrivate(ana, v, restricted.id)).status).toBe(403);
    expect((await openPrivate(ana, v, event.id)).status).toBe(404);
    expect(await t.ctx.db.selectFrom('chat_rooms').select('id').execute()).toHaveLength(1);
    void ben;
  });

  it('E7.56 E7.57 a group: members add people; anyone leaves; only the creator removes others', async () => {
    const { event, ana, ben, cat } = await setup();
    const created = await api(ana, 'POST', '/chat/room', {
      eventId: event.id,
      type: 'group',
      members: [ben.id],
      name: ' Team ',
    });
    const room = created.body.data as ChatRoom;
    expect(room).toMatchObject({ type: 'group', name: 'Team', createdBy: ana.id });
    const added = await api(ben, 'POST', '/chat/room/member', { roomId: room.id, members: [cat.id] });
    expect((added.body.data as ChatRoom).members.map((m) => m.participantId)).toEqual([
      ana.id,
      ben.id,
      cat.id,
    ]);
    expect(
      (await api(ben, 'DELETE', '/chat/room/member', { roomId: room.id, members: [cat.id] })).status,
    ).toBe(403);
    expect(
      (await api(cat, 'DELETE', '/chat/room/member', { roomId: room.id, members: [cat.id] })).body.data,
    ).toEqual({
      roomId: room.id,
      removed: [cat.id],
    });
    expect((await api(cat, 'GET', `/chat/room/${room.id}`)).status).toBe(404);
    expect(
      (await api(ana, 'DELETE', '/chat/room/member', { roomId: room.id, members: [ben.id] })).status,
    ).toBe(200);
    expect((await api(ana, 'GET', `/chat/room/${room.id}`)).body.data).toMatchObject({
      members: [{ participantId: ana.id }],
    });
    const direct = (await openPrivate(ana, ben, event.id)).body.data as ChatRoom;
    expect(
      (await api(ana, 'POST', '/chat/room/member', { roomId: direct.id, members: [cat.id] })).status,
    ).toBe(409);
    expect(
      (await api(cat, 'POST', '/chat/room/member', { roomId: direct.id, members: [cat.id] })).status,
    ).toBe(404);
  });
});

/**
 * A participant record can pass to another account: an invited person accepts or registers, a removed
 * person's place is invited again and the link is accepted by whoever it was forwarded to. The room
 * belongs to the record's account now, not to the one that held it when the room was made.
 */
describe('a room follows its participant record to the account that holds it', () => {
  /** The organizer invites `email`; the invited record's id and the mailed link's token. */
  async function invite(org: Person, eventId: number, email: string) {
    const invited = await api(org, 'POST', '/event/participant/invite', {
      eventId,
      name: 'Kat',
      surname: 'Johnson',
      email,
      present: 'venue',
    });
    expect(invited.status).toBe(200);
    await t.app.bus.idle();
    const mail = await t.ctx.db
      .selectFrom('outbox')
      .select('body_text')
      .where('recipient', '=', email)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const token = /invite=([A-Za-z0-9_-]+)/.exec(mail.body_text)?.[1] ?? '';
    return { participantId: (invited.body.data as { participantId: number }).participantId, token };
  }
  /** A new account that accepts `token`: the person it now is. */
  async function accept(token: string, name: string): Promise<Person> {
    const email = `${name.toLowerCase()}-${Date.now()}@example.test`;
    const user = await makeUser(t.ctx, { username: email, name, surname: 'Johnson' });
    const accepted = await api(
      { id: 0, userId: user.id, name, email, headers: user.headers },
      'POST',
      '/event/invitation/accept',
      { token },
    );
    expect(accepted.status).toBe(200);
    const { participantId } = accepted.body.data as { participantId: number };
    return { id: participantId, userId: user.id, name, email, headers: user.headers };
  }

  it('E7.55 a chat opened with an invited person is theirs once they accept the invitation', async () => {
    const event = await makeEvent(t.ctx);
    const org = await makePerson(t.ctx, event.id, { organizer: true, organizerRole: 'owner' });
    const { participantId, token } = await invite(org, event.id, `kat-${Date.now()}@example.test`);
    const opened = await api(org, 'POST', '/chat/room', {
      eventId: event.id,
      type: 'private',
      members: [participantId],
    });
    const room = opened.body.data as ChatRoom;
    await send(org, room.id, 'Welcome');
    const kat = await accept(token, 'Kat');
    expect(kat.id).toBe(participantId);
    expect((await rooms(kat)).map((r) => [r.id, r.countUnreadMessages])).toEqual([[room.id, 1]]);
    expect((await page(kat, room.id)).messages.map((m) => m.msg)).toEqual(['Welcome']);
    expect((await send(kat, room.id, 'Thanks')).status).toBe(200);
  });

  it('E3.02 a removed person whose place another account took neither reads nor writes its chats', async () => {
    const { event, ana, ben } = await setup();
    const org = await makePerson(t.ctx, event.id, { organizer: true, organizerRole: 'owner' });
    const room = (await openPrivate(ana, ben, event.id)).body.data as ChatRoom;
    await send(ana, room.id, 'Hi Ben');
    const removed = await api(org, 'POST', `/organizer/event/${event.id}/participants/bulk`, {
      action: 'remove',
      ids: [ana.id],
    });
    expect(removed.body.data).toEqual({ affected: 1 });
    // Ana's address is invited again, and the link is accepted by the colleague it was passed to.
    const { participantId, token } = await invite(org, event.id, ana.email);
    expect(participantId).toBe(ana.id);
    const kat = await accept(token, 'Kat');
    expect(kat.id).toBe(ana.id);
    await send(ben, room.id, 'Hello Kat');

    expect(await rooms(ana)).toEqual([]);
    expect((await api(ana, 'GET', '/chat/room/messages', { roomId: String(room.id) })).status).toBe(404);
    expect((await api(ana, 'GET', `/chat/room/${room.id}`)).status).toBe(404);
    expect((await send(ana, room.id, 'still here?')).status).toBe(404);
    expect((await api(ana, 'GET', '/chat/unread')).body.data).toEqual({ total: 0, rooms: [] });
    expect((await rooms(kat)).map((r) => r.id)).toEqual([room.id]);
    // Ben's next message is pushed to the browser of the place's account now, not the old one's.
    for (const userId of [ana.userId, kat.userId])
      await t.ctx.db
        .insertInto('push_subscriptions')
        .values({ user_id: userId, endpoint: `https://push.example/${userId}`, p256dh: 'k', auth: 'a' })
        .execute();
    const pushed = await t.ctx.db
      .transaction()
      .execute((trx) => insertMemberMessage(trx, { roomId: room.id, userId: ben.userId, msg: 'Pushed?' }));
    expect(pushed?.push_to).toEqual([kat.userId]);
  });
});

describe('group limits under concurrency (E7.56)', () => {
  it('E7.56 two members adding people at once cannot take a group past 100 members together', async () => {
    const { event, ana, ben, cat } = await setup();
    const others = [];
    for (let i = 0; i < CHAT_GROUP_MAX_MEMBERS - 4; i++) others.push(await makePerson(t.ctx, event.id));
    const created = await api(ana, 'POST', '/chat/room', {
      eventId: event.id,
      type: 'group',
      members: [ben.id, cat.id, ...others.map((o) => o.id)],
      name: 'Hall crew',
    });
    const room = created.body.data as ChatRoom;
    expect(room.members).toHaveLength(CHAT_GROUP_MAX_MEMBERS - 1);
    const [x, y] = [await makePerson(t.ctx, event.id), await makePerson(t.ctx, event.id)];
    const answers = await Promise.all([
      api(ben, 'POST', '/chat/room/member', { roomId: room.id, members: [x.id] }),
      api(cat, 'POST', '/chat/room/member', { roomId: room.id, members: [y.id] }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    const count = await t.ctx.db
      .selectFrom('chat_members')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('room_id', '=', room.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(CHAT_GROUP_MAX_MEMBERS);
  });
});

/** PGlite runs one transaction at a time: only PostgreSQL lets a removal wait on the room. */
describe.skipIf(!process.env.TEST_DATABASE_URL)('a removal beside a role change (PostgreSQL)', () => {
  const held = useHeldTransactions(() => t.ctx.db);

  it('E7.57 an organizer whose role was taken back while the removal waited on the room removes nobody', async () => {
    const { event, ana, ben, cat } = await setup();
    await t.ctx.db.updateTable('participants').set({ organizer: true }).where('id', '=', ben.id).execute();
    const created = await api(ana, 'POST', '/chat/room', {
      eventId: event.id,
      type: 'group',
      members: [ben.id, cat.id],
      name: 'Crew',
    });
    const room = created.body.data as ChatRoom;
    // Another change to the group (an addition) holds its row; Ben's removal has checked his role.
    const { release, done } = await held.hold(async (trx) => {
      await trx.selectFrom('chat_rooms').select('id').where('id', '=', room.id).forNoKeyUpdate().execute();
    });
    const removing = api(ben, 'DELETE', '/chat/room/member', { roomId: room.id, members: [cat.id] });
    await waitFor(async () => (await held.lockWaiters()) > 0, 10_000, 'the removal waiting on the room');
    await t.ctx.db.updateTable('participants').set({ organizer: false }).where('id', '=', ben.id).execute();
    release();
    await done;
    expect((await removing).status).toBe(403);
    expect((await api(cat, 'GET', `/chat/room/${room.id}`)).status).toBe(200);
  });
});

describe('messages', () => {
  it('E5.45 E5.46 the text is trimmed with blank lines and duplicate line breaks removed', async () => {
    const { event, ana, ben } = await setup();
    const room = (await openPrivate(ana, ben, event.id)).body.data as ChatRoom;
    const sent = await send(ana, room.id, '  Hi Ben!\n\n\n  How are you?  \n\n');
    expect(sent.body.data).toMatchObject({
      msg: 'Hi Ben!\n  How are you?',
      type: 'text',
      sndr: ana.id,
      roomId: room.id,
    });
  });

  it('E9.24 E7.61 20 messages a page, oldest first, earlier ones with before (GET chat/room/messages)', async () => {
    const { event, ana, ben } = await setup();
    const room = (await openPrivate(ana, ben, event.id)).body.data as ChatRoom;
    for (let i = 1; i <= 45; i++) await send(i % 2 ? ana : ben, room.id, `m${i}`);
    const first = await page(ben, room.id);
    expect(first.messages.map((m) => m.msg)).toEqual(Array.from({ length: 20 }, (_, i) => `m${26 + i}`));
    expect(first.hasMore).toBe(true);
    const second = await page(ben, room.id, first.messages[0]?.messageId);
    expect(second.messages[0]?.msg).toBe('m6');
    const third = await page(ben, room.id, second.messages[0]?.messageId);
    expect(third.messages.map((m) => m.msg)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
    expect(third.hasMore).toBe(false);
  });

  it('E3.30 E4.56 unread counts, seen, and the ticks from the interlocutor’s last seen message', async () => {
    const { event, ana, ben } = await setup();
    const room = (await openPrivate(ana, ben, event.id)).body.data as ChatRoom;
    const m1 = (await send(ana, room.id, 'one')).body.data as ChatMessage;
    const m2 = (await send(ana, room.id, 'two')).body.data as ChatMessage;
    expect((await rooms(ben))[0]).toMatchObject({
      countUnreadMessages: 2,
      seen: false,
      lastMessage: { msg: 'two' },
    });
    expect((await rooms(ana))[0]).toMatchObject({ countUnreadMessages: 0, seen: true });
    expect((await api(ben, 'GET', '/chat/unread')).body.data as ChatUnread).toEqual({
      total: 2,
      rooms: [{ roomId: room.id, count: 2 }],
    });
    const seen = await api(ben, 'POST', '/chat/room/seen', { roomId: room.id, messageId: m1.messageId });
    expect(seen.body.data).toMatchObject({ lastSeenMessageId: m1.messageId, countUnreadMessages: 1 });
    const members = (await page(ana, room.id)).members;
    expect(members.find((m) => m.participantId === ben.id)?.lastSeenMessageId).toBe(m1.messageId);
    // never back, never past the newest message
    await api(ben, 'POST', '/chat/room/seen', { roomId: room.id, messageId: 1 });
    await api(ben, 'POST', '/chat/room/seen', { roomId: room.id, messageId: m2.messageId + 1000 });
    const after = (await page(ana, room.id)).members.find((m) => m.participantId === ben.id);
    expect(after?.lastSeenMessageId).toBe(m2.messageId);
    expect((await rooms(ben))[0]).toMatchObject({ countUnreadMessages: 0, seen: true });
  });

  it('A4.39 E3.30 the unread counts say per room what the rooms list says, over several rooms and events', async () => {
    const { event, ana, ben, cat } = await setup();
    const withAna = (await openPrivate(ana, ben, event.id)).body.data as ChatRoom;
    const withCat = (await openPrivate(cat, ben, event.id)).body.data as ChatRoom;
    const group = (
      await api(ana, 'POST', '/chat/room', {
        eventId: event.id,
        type: 'group',
        name: 'Team',
        members: [ben.id, cat.id],
      })
    ).body.data as ChatRoom;
    await send(ana, withAna.id, 'one');
    await send(ana, withAna.id, 'two');
    await send(ben, withCat.id, 'mine is not unread');
    await send(cat, withCat.id, 'hi');
    const deleted = (await send(ana, group.id, 'deleted: not unread')).body.data as ChatMessage;
    await api(ana, 'DELETE', `/chat/message/${deleted.messageId}`);
    await send(cat, group.id, 'group');
    await send(cat, group.id, 'group again');
    // Ben in a second event, with a room there too.
    const other = await makeEvent(t.ctx);
    const benUser = { id: ben.userId, username: ben.email, name: 'Ben', surname: 'Tester' };
    const benThere: Person = { ...ben, id: (await makeParticipant(t.ctx, other.id, benUser)).id };
    const dan = await makePerson(t.ctx, other.id, { name: 'Dan' });
    const away = (await openPrivate(dan, benThere, other.id)).body.data as ChatRoom;
    await send(dan, away.id, 'elsewhere');
    // Ben has seen the first of Ana's two.
    const first = (await page(ben, withAna.id)).messages[0];
    await api(ben, 'POST', '/chat/room/seen', { roomId: withAna.id, messageId: first?.messageId });

    const counts = async (who: Person) => {
      const unread = (await api(who, 'GET', '/chat/unread')).body.data as ChatUnread;
      const listed = (await rooms(who))
        .filter((room) => room.countUnreadMessages > 0)
        .map((room) => ({ roomId: room.id, count: room.countUnreadMessages }));
      const byRoom = (a: { roomId: number }, b: { roomId: number }) => a.roomId - b.roomId;
      expect([...unread.rooms].sort(byRoom)).toEqual(listed.sort(byRoom));
      return unread;
    };
    const forBen = await counts(ben);
    expect(new Set(forBen.rooms.map((r) => r.roomId))).toEqual(
      new Set([withAna.id, withCat.id, group.id, away.id]),
    );
    expect(forBen.total).toBe(1 + 1 + 2 + 1);
    // Ana: Cat's two in the group; her own and her deleted one are not unread.
    expect(await counts(ana)).toEqual({ total: 2, rooms: [{ roomId: group.id, count: 2 }] });
  });

  it('E4.85 E7.89 only the sender deletes; the message stays with type and text null', async () => {
    const { event, ana, ben } = await setup();
    const room = (await openPrivate(ana, ben, event.id)).body.data as ChatRoom;
    const m = (await send(ana, room.id, 'oops')).body.data as ChatMessage;
    expect((await api(ben, 'DELETE', `/chat/message/${m.messageId}`)).status).toBe(403);
    expect((await api(ana, 'DELETE', `/chat/message/${m.messageId}`)).body.data).toEqual({
      roomId: room.id,
      messageId: m.messageId,
    });
    expect((await page(ben, room.id)).messages).toEqual([{ ...m, msg: null, type: null, det: null }]);
    expect((await api(ben, 'DELETE', `/chat/message/${m.messageId}`)).status).toBe(403);
  });

  it('E7.89 a delete retried by its sender answers as the first did, and two at once are heard once', async () => {
    const { event, ana, ben } = await setup();
    const room = (await openPrivate(ana, ben, event.id)).body.data as ChatRoom;
    const m = (await send(ana, room.id, 'oops')).body.data as ChatMessage;
    const heard = () =>
      t.ctx.db
        .selectFrom('realtime_events')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('type', '=', ChatRecordType.MessageDeleted)
        .where('room', '=', realtimeRoom.chatMessages(room.id))
        .executeTakeFirstOrThrow();
    const both = await Promise.all([
      api(ana, 'DELETE', `/chat/message/${m.messageId}`),
      api(ana, 'DELETE', `/chat/message/${m.messageId}`),
    ]);
    const again = await api(ana, 'DELETE', `/chat/message/${m.messageId}`);
    for (const res of [...both, again]) {
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ roomId: room.id, messageId: m.messageId });
    }
    expect(Number((await heard()).n)).toBe(1);
    expect((await page(ben, room.id)).messages).toEqual([{ ...m, msg: null, type: null, det: null }]);
  });

  it('a non-member can neither read, write, mark seen nor pin', async () => {
    const { event, ana, ben, cat } = await setup();
    const room = (await openPrivate(ana, ben, event.id)).body.data as ChatRoom;
    await send(ana, room.id, 'private');
    expect((await api(cat, 'GET', '/chat/room/messages', { roomId: String(room.id) })).status).toBe(404);
    expect((await send(cat, room.id, 'hello')).status).toBe(404);
    expect((await api(cat, 'POST', '/chat/room/seen', { roomId: room.id, messageId: 1 })).status).toBe(404);
    expect((await api(cat, 'POST', '/chat/room/pin', { roomId: room.id, pin: true })).status).toBe(404);
    expect((await api(cat, 'GET', `/chat/room/${room.id}`)).status).toBe(404);
    expect(await rooms(cat)).toEqual([]);
  });

  it('E4.57 E7.59 a pinned room comes first (POST chat/room/pin)', async () => {
    const { event, ana, ben, cat } = await setup();
    const withBen = (await openPrivate(ana, ben, event.id)).body.data as ChatRoom;
    const withCat = (await openPrivate(ana, cat, event.id)).body.data as ChatRoom;
    await send(cat, withCat.id, 'latest');
    expect((await rooms(ana)).map((r) => r.id)).toEqual([withCat.id, withBen.id]);
    expect((await api(ana, 'POST', '/chat/room/pin', { roomId: withBen.id, pin: true })).body.data).toEqual({
      roomId: withBen.id,
      pin: true,
    });
    expect((await rooms(ana)).map((r) => [r.id, r.pin])).toEqual([
      [withBen.id, true],
      [withCat.id, false],
    ]);
    expect((await rooms(ben))[0]?.pin).toBe(false);
  });
});

describe('bad input on every chat route (400 envelope, nothing written)', () => {
  it('refuses malformed requests', async () => {
    const { event, ana, ben } = await setup();
    const room = (await openPrivate(ana, ben, event.id)).body.data as ChatRoom;
    const cases: [InjectOptions['method'], string, unknown][] = [
      ['POST', '/chat/room', {}],
      ['POST', '/chat/room', { eventId: event.id, type: 'private', members: [] }],
      ['POST', '/chat/room', { eventId: event.id, type: 'private', members: [ben.id, ana.id] }],
      ['POST', '/chat/room', { eventId: 'x', type: 'group', members: [ben.id] }],
      ['POST', '/chat/room', { eventId: event.id, type: 'group', members: [ben.id], name: 'x'.repeat(101) }],
      ['POST', '/chat/room', { eventId: event.id, type: 'group', members: [ben.id], admin: true }],
      ['POST', '/chat/room/member', { roomId: room.id }],
      ['POST', '/chat/room/member', { roomId: room.id, members: ['a'] }],
      ['DELETE', '/chat/room/member', { roomId: 0, members: [1] }],
      ['GET', '/chat/room/messages', { roomId: 'abc' }],
      ['GET', '/chat/room/messages', { roomId: String(room.id), before: '-1' }],
      ['GET', '/chat/rooms', { eventId: 'x' }],
      ['GET', '/chat/room/abc', undefined],
      ['POST', '/chat/room/seen', { roomId: room.id }],
      ['POST', '/chat/room/pin', { roomId: room.id, pin: 'yes' }],
      ['POST', '/chat/message', { roomId: room.id, msg: ' \n\n ' }],
      ['POST', '/chat/message', { roomId: room.id, msg: 'x'.repeat(2001) }],
      ['POST', '/chat/message', { roomId: room.id, msg: 42 }],
      ['POST', '/chat/message', { roomId: room.id, msg: 'hi', type: 'mreq' }],
      ['DELETE', '/chat/message/abc', undefined],
    ];
    for (const [method, url, payload] of cases) {
      const r = await api(ana, method, url, payload);
      expect(r.status, `${method} ${url} ${JSON.stringify(payload)}`).toBe(400);
      expect(r.body).toMatchObject({ success: false, error: { code: 'MST-00400' } });
    }
    expect(await t.ctx.db.selectFrom('chat_rooms').select('id').execute()).toHaveLength(1);
    expect(await t.ctx.db.selectFrom('chat_messages').select('id').execute()).toHaveLength(0);
    expect((await call(t.app, { method: 'GET', url: '/api/v1/chat/rooms' })).status).toBe(401);
  });
});

describe('a message and its realtime record are one write (E7.58)', () => {
  it('E7.58 E7.86 a message is stored exactly when its realtime record is: a failing record leaves no message', async () => {
    const { event, ana, ben } = await setup();
    const room = (await openPrivate(ana, ben, event.id)).body.data as ChatRoom;
    const sent = (await send(ana, room.id, 'kept')).body.data as ChatMessage;
    const records = await t.ctx.db
      .selectFrom('realtime_events')
      .select('payload')
      .where('room', '=', realtimeRoom.chatMessages(room.id))
      .execute();
    expect(records.map((r) => (r.payload as ChatMessage).messageId)).toEqual([sent.messageId]);

    // The record's write fails (as a crash between the two would): the message must not stay either.
    const failing = failingRealtime(t);
    await expect(
      sendMessage({ ctx: t.ctx, realtime: failing, bus: t.app.bus }, ana.userId, {
        roomId: room.id,
        msg: 'lost?',
      }),
    ).rejects.toThrow('realtime insert failed');
    const texts = await t.ctx.db
      .selectFrom('chat_messages')
      .select('msg')
      .where('room_id', '=', room.id)
      .execute();
    expect(texts.map((m) => m.msg)).toEqual(['kept']);
  });
});
