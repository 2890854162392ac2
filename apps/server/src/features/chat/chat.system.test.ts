import type { ChatMessage, ChatMessagesPage, ChatRoom } from '@foyer/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeEvent, makePerson, makeSlots, type Person } from '../../../test/factories';
import { call, useTestApp } from '../../../test/helper';
import { meetingsApi } from '../../../test/meetings-api';

const t = useTestApp();
beforeEach(() => t.setNow(new Date('2030-05-01T07:00:00Z')));

const rooms = async (who: Person) =>
  (await call<ChatRoom[]>(t.app, { method: 'GET', url: '/api/v1/chat/rooms', headers: who.headers })).body
    .data ?? [];
const messages = async (who: Person, roomId: number) =>
  (
    await call<ChatMessagesPage>(t.app, {
      method: 'GET',
      url: '/api/v1/chat/room/messages',
      headers: who.headers,
      query: { roomId: String(roomId) },
    })
  ).body.data?.messages ?? [];

async function setup() {
  const event = await makeEvent(t.ctx);
  const slots = await makeSlots(t.ctx, event.id, new Date('2030-05-01T09:00:00Z'), 6);
  const ana = await makePerson(t.ctx, event.id, { name: 'Ana' });
  const ben = await makePerson(t.ctx, event.id, { name: 'Ben' });
  return { event, slots, ana, ben, api: meetingsApi(t.app, event.id) };
}

describe('system messages from the meeting flows (E4.55)', () => {
  it('a request (mreq), its acceptance (cmreq), a reschedule (rreq, cres, rres) and a cancel (lses) write into the 1:1 chat', async () => {
    const { slots, ana, ben, api } = await setup();
    const invitation = (await api.invite(ana, ben, 'Coffee?')).body.data!;
    await api.confirm(ben, invitation.id, slots[0]!.id, { message: 'Sure' });
    const r1 = (await api.reschedule(ben, invitation.id, slots[2]!.id)).body.data!;
    await api.confirmReschedule(ana, r1.id);
    const r2 = (await api.reschedule(ana, invitation.id, slots[4]!.id)).body.data!;
    await api.rejectReschedule(ben, r2.id);
    await api.cancel(ben, invitation.id, 'Sorry');
    await t.app.bus.idle();

    const [room] = await rooms(ana);
    expect(room).toMatchObject({ type: 'private' });
    expect((await rooms(ben)).map((r) => r.id)).toEqual([room!.id]);
    const log = (await messages(ben, room!.id)).map((m) => [m.type, m.sndr]);
    expect(log).toEqual([
      ['mreq', ana.id],
      ['cmreq', ben.id],
      ['rreq', ben.id],
      ['cres', ana.id],
      ['rreq', ana.id],
      ['rres', ben.id],
      ['lses', ben.id],
    ]);
    const [mreq] = await messages(ana, room!.id);
    expect(mreq).toMatchObject({ msg: 'Coffee?', det: { invitationId: invitation.id } });
  });

  it('a declined request writes rmreq, a revoked one revmreq', async () => {
    const { event, ana, ben, api } = await setup();
    const cat = await makePerson(t.ctx, event.id, { name: 'Cat' });
    const declined = (await api.invite(ana, ben)).body.data!;
    await api.reject(ben, declined.id, 'No time');
    const revoked = (await api.invite(cat, ana)).body.data!;
    await api.revoke(cat, revoked.id);
    await t.app.bus.idle();
    const mine = await rooms(ana);
    const types = await Promise.all(mine.map(async (r) => (await messages(ana, r.id)).map((m) => m.type)));
    expect(types.sort()).toEqual([
      ['mreq', 'revmreq'],
      ['mreq', 'rmreq'],
    ]);
  });

  it('E4.55 E6.10 a pre-booking writes its card into the chat of the two people booked, not the helper’s', async () => {
    const { event, slots, ana, ben, api } = await setup();
    const helper = await makePerson(t.ctx, event.id, { name: 'Hal', rights: { onbehalfmeeting: true } });
    expect((await api.prebook(helper, slots[1]!.id, ana, ben)).status).toBe(200);
    await t.app.bus.idle();
    expect(await rooms(helper)).toEqual([]);
    const [room] = await rooms(ana);
    expect(room).toMatchObject({ type: 'private' });
    expect((await rooms(ben)).map((r) => r.id)).toEqual([room!.id]);
    // The meeting is the first person's (the request as if they sent it): the card is in their name.
    expect((await messages(ben, room!.id)).map((m) => [m.type, m.sndr])).toEqual([['cmreq', ana.id]]);
  });

  it('E4.55 E6.10 a helper answering for the invited person writes the card in the two people’s chat', async () => {
    const { event, slots, ana, ben, api } = await setup();
    const cat = await makePerson(t.ctx, event.id, { name: 'Cat' });
    const helper = await makePerson(t.ctx, event.id, { name: 'Hal', rights: { onbehalfmeeting: true } });
    const accepted = (await api.invite(ana, ben)).body.data!;
    expect((await api.confirm(helper, accepted.id, slots[0]!.id)).status).toBe(200);
    const declined = (await api.invite(cat, ben)).body.data!;
    expect((await api.reject(helper, declined.id, 'Booked up')).status).toBe(200);
    await t.app.bus.idle();
    expect(await rooms(helper)).toEqual([]);
    const log = async (a: Person, b: Person) => {
      const room = (await rooms(a)).find((r) => r.members.some((m) => m.participantId === b.id));
      return room ? (await messages(a, room.id)).map((m) => [m.type, m.sndr]) : [];
    };
    expect(await log(ana, ben)).toEqual([
      ['mreq', ana.id],
      ['cmreq', ben.id],
    ]);
    expect(await log(cat, ben)).toEqual([
      ['mreq', cat.id],
      ['rmreq', ben.id],
    ]);
  });

  it('E4.86 a system message cannot be deleted, even by its sender', async () => {
    const { ana, ben, api } = await setup();
    await api.invite(ana, ben);
    await t.app.bus.idle();
    const [room] = await rooms(ana);
    const [mreq] = await messages(ana, room!.id);
    const r = await call(t.app, {
      method: 'DELETE',
      url: `/api/v1/chat/message/${mreq!.messageId}`,
      headers: ana.headers,
    });
    expect(r.status).toBe(403);
    expect(r.body.error?.msg).toBe('System messages cannot be deleted');
  });

  it('E4.56 A4.39 a card written by someone’s meeting action does not mark the chat messages they never opened as read', async () => {
    const { event, ana, ben, api } = await setup();
    const opened = await call<ChatRoom>(t.app, {
      method: 'POST',
      url: '/api/v1/chat/room',
      headers: ben.headers,
      payload: { eventId: event.id, type: 'private', members: [ana.id] },
    });
    const roomId = opened.body.data!.id;
    const sent = await call<ChatMessage>(t.app, {
      method: 'POST',
      url: '/api/v1/chat/message',
      headers: ben.headers,
      payload: { roomId, msg: 'Are you free at 9?' },
    });
    const bensMessage = sent.body.data!.messageId;
    // Ana answers Ben's question with a meeting request from his profile, never opening the chat.
    await api.invite(ana, ben, 'Coffee?');
    await t.app.bus.idle();
    expect((await messages(ana, roomId)).map((m) => m.type)).toEqual(['text', 'mreq']);
    const [room] = await rooms(ana);
    // Ben's message is still unread for her (her badge), and Ben gets no double tick for it.
    expect(room).toMatchObject({ id: roomId, countUnreadMessages: 1, seen: false });
    const anaSeen = room!.members.find((m) => m.participantId === ana.id)?.lastSeenMessageId ?? 0;
    expect(anaSeen).toBeLessThan(bensMessage);
  });
});
