import {
  DEFAULT_CANCEL_MESSAGE,
  DEFAULT_RESCHEDULE_DECLINE_MESSAGE,
  MeetingErrorCode,
  type SlotOffer,
  TABLE_SEATS,
} from '@foyer/contract';
import { describe, expect, it } from 'vitest';
import { makeEvent, makePerson, makeSlots, makeType, type Person } from '../../../test/factories';
import { call, useTestApp } from '../../../test/helper';
import { meetingsApi } from '../../../test/meetings-api';

const NOW = new Date('2030-05-01T07:00:00Z');
const t = useTestApp(NOW);

/** Ana and Ben with a meeting at slot 0; six 30-minute slots from 09:00. */
async function withMeeting() {
  const event = await makeEvent(t.ctx);
  const slots = await makeSlots(t.ctx, event.id, new Date('2030-05-01T09:00:00Z'), 6);
  const api = meetingsApi(t.app, event.id);
  const ana = await makePerson(t.ctx, event.id, { name: 'Ana' });
  const ben = await makePerson(t.ctx, event.id, { name: 'Ben' });
  const invitationId = (await api.invite(ana, ben)).body.data!.id;
  await api.confirm(ben, invitationId, slots[0]!.id);
  const meetingId = (await api.meetings(ana)).body.data![0]!.id;
  return { event, slots, api, ana, ben, invitationId, meetingId };
}

describe('meetings in the agenda (E3.10)', () => {
  it('a booked meeting is in both people’s agenda list, named after the other; cancelled, it leaves', async () => {
    const { event, api, ana, ben, invitationId, meetingId, slots } = await withMeeting();
    type Agenda = { items: { type: string; id: number; name: string; sdt: string; meeting?: unknown }[] };
    const agendaOf = async (who: Person) =>
      (
        await call<Agenda>(t.app, {
          method: 'GET',
          url: `/api/v1/event/agenda?eventId=${event.id}`,
          headers: who.headers,
        })
      ).body.data!.items;
    const anas = (await agendaOf(ana)).filter((i) => i.type === 'meeting');
    expect(anas).toEqual([
      expect.objectContaining({
        id: meetingId,
        name: '1:1 meeting with Ben Tester',
        sdt: new Date(slots[0]!.sdt).toISOString(),
        // Issue 15: the table at the meeting point (a hybrid event).
        meeting: { kind: 'meeting', withName: 'Ben Tester', withParticipantId: ben.id, table: 1 },
      }),
    ]);
    const bens = (await agendaOf(ben)).filter((i) => i.type === 'meeting');
    expect(bens.map((i) => i.meeting)).toEqual([
      { kind: 'meeting', withName: 'Ana Tester', withParticipantId: ana.id, table: 1 },
    ]);
    await api.cancel(ben, invitationId);
    expect((await agendaOf(ana)).filter((i) => i.type === 'meeting')).toEqual([]);
  });
});

describe('reschedule (E4.25, E4.26)', () => {
  it('E7.17 E7.23 E5.17 either side requests; the other accepts and the meeting moves', async () => {
    const { slots, api, ana, ben, invitationId } = await withMeeting();
    const request = await api.reschedule(ben, invitationId, slots[3]!.id);
    expect(request.status).toBe(200);
    expect(request.body.data).toMatchObject({
      type: 'reschedule',
      state: 'waiting',
      fpid: ben.id,
      tpid: ana.id,
    });
    expect(request.body.data?.message).toBe('Can we reschedule? A better time for me would be: 10:30!');
    expect((await api.status(ben, ana)).body.data?.status).toBe('reschedulePending');
    expect((await api.status(ana, ben)).body.data?.status).toBe('rescheduleToRespond');
    expect((await api.reschedule(ana, invitationId, slots[4]!.id)).body.error?.code).toBe(
      MeetingErrorCode.InvitationPending,
    );
    expect((await api.confirmReschedule(ben, request.body.data!.id)).status).toBe(403);
    const accepted = await api.confirmReschedule(ana, request.body.data!.id);
    expect(accepted.body.data?.state).toBe('accepted');
    const [meeting] = (await api.meetings(ana)).body.data!;
    expect(meeting).toMatchObject({ status: 'rescheduled', sdt: new Date(slots[3]!.sdt).toISOString() });
  });

  it('E7.21 E7.19 E5.20 the other side declines with the default note; the requester can revoke', async () => {
    const { slots, api, ana, ben, invitationId } = await withMeeting();
    const r1 = await api.reschedule(ana, invitationId, slots[2]!.id);
    expect((await api.rejectReschedule(ana, r1.body.data!.id)).status).toBe(403);
    const declined = await api.rejectReschedule(ben, r1.body.data!.id);
    expect(declined.body.data).toMatchObject({
      state: 'rejected',
      responseMessage: DEFAULT_RESCHEDULE_DECLINE_MESSAGE,
    });
    expect(declined.body.data?.responseMessage).toBe('Unfortunately I cannot reschedule.');
    const [meeting] = (await api.meetings(ana)).body.data!;
    expect(meeting?.sdt).toBe(new Date(slots[0]!.sdt).toISOString());
    const r2 = await api.reschedule(ana, invitationId, slots[2]!.id);
    expect((await api.revokeReschedule(ben, r2.body.data!.id)).status).toBe(403);
    expect((await api.revokeReschedule(ana, r2.body.data!.id)).body.data?.state).toBe('revoked');
    expect((await api.confirmReschedule(ben, r2.body.data!.id)).body.error?.code).toBe(
      MeetingErrorCode.InvitationNotWaiting,
    );
  });

  it('a slot busy for either side cannot be proposed or accepted', async () => {
    const { event, slots, api, ana, ben, invitationId } = await withMeeting();
    const session = await t.ctx.db
      .insertInto('sessions')
      .values({ event_id: event.id, name: 'Keynote', sdt: slots[2]!.sdt, edt: slots[2]!.edt, images: '{}' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.ctx.db
      .insertInto('session_attendees')
      .values({ session_id: session.id, participant_id: ben.id, status: 'joined' })
      .execute();
    expect((await api.reschedule(ana, invitationId, slots[2]!.id)).body.error?.code).toBe(
      MeetingErrorCode.SlotNotFree,
    );
    const r = await api.reschedule(ana, invitationId, slots[3]!.id);
    await t.ctx.db
      .insertInto('participant_off')
      .values({ participant_id: ana.id, sdt: slots[4]!.sdt, edt: slots[4]!.edt })
      .execute();
    expect((await api.confirmReschedule(ben, r.body.data!.id, slots[4]!.id)).body.error?.code).toBe(
      MeetingErrorCode.SlotNotFree,
    );
    // Its own current slot does not block the move (the meeting is excluded from its own check).
    const offer = await t.app.inject({
      method: 'GET',
      url: `/api/v1/event/meeting/slots?eventId=${event.id}&participantId=${ana.id}`,
      headers: ben.headers,
    });
    const ids = (offer.json().data.days as { slots: { sessionId: number }[] }[]).flatMap((d) =>
      d.slots.map((s) => s.sessionId),
    );
    expect(ids).not.toContain(slots[2]!.id);
    expect(ids).not.toContain(slots[0]!.id);
  });
});

describe('cancel, guest, pre-book, table, start window', () => {
  it('E7.09, E5.21 a host cancels with the default message; the card shows cancelled (E4.11)', async () => {
    const { api, ana, ben, invitationId, slots } = await withMeeting();
    const other = await makePerson(t.ctx, (await withMeeting()).event.id);
    expect((await api.cancel(other, invitationId)).status).toBeGreaterThanOrEqual(403);
    const cancelled = await api.cancel(ben, invitationId);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled' });
    const [meeting] = (await api.meetings(ana)).body.data!;
    expect(meeting?.status).toBe('cancelled');
    expect((await api.status(ana, ben)).body.data?.status).toBe('inviteNew');
    // The time is free again.
    const again = await api.invite(ana, ben);
    expect((await api.confirm(ben, again.body.data!.id, slots[0]!.id)).status).toBe(200);
    const row = await t.ctx.db
      .selectFrom('meetings')
      .select('message')
      .where('status', '=', 'cancelled')
      .executeTakeFirst();
    expect(row?.message).toBe(DEFAULT_CANCEL_MESSAGE);
  });

  it('E6.28–E6.31 E6.29 E6.32 hosts add guests; guests cannot add guests and can leave; disableGuest forbids it', async () => {
    const { event, api, ana, ben, meetingId, invitationId } = await withMeeting();
    const cat = await makePerson(t.ctx, event.id, { name: 'Cat' });
    const dan = await makePerson(t.ctx, event.id, { name: 'Dan' });
    const added = await api.addGuest(ana, meetingId, cat);
    expect(added.status).toBe(200);
    expect(added.body.data?.participants.find((p) => p.name === 'Cat')?.role).toBe('guest');
    expect((await api.addGuest(ana, meetingId, cat)).status).toBe(409);
    expect((await api.addGuest(cat, meetingId, dan)).status).toBe(403);
    const catMeetings = (await api.meetings(cat)).body.data!;
    expect(catMeetings[0]?.guest).toBe(true);
    const left = await api.cancel(cat, invitationId);
    expect(left.body.data?.status).toBe('accepted');
    expect((await api.meetings(cat)).body.data).toEqual([]);
    expect((await api.meetings(ben)).body.data?.[0]?.participants).toHaveLength(2);
    const noGuests = await makeType(t.ctx, event.id, { disableGuest: true });
    await t.ctx.db
      .updateTable('participants')
      .set({ type_id: noGuests.id })
      .where('id', '=', ben.id)
      .execute();
    expect((await api.addGuest(ben, meetingId, dan)).status).toBe(403);
    t.setNow(new Date('2030-05-01T10:00:00Z'));
    expect((await api.addGuest(ana, meetingId, dan)).status).toBe(409); // E6.30 over
  });

  it('E6.28 E6.29 two guests added at once to a meeting with one seat left: one gets it, the other hears the table is full', async () => {
    const { event, api, ana, meetingId } = await withMeeting();
    await t.ctx.db.updateTable('meetings').set({ capacity: 3 }).where('id', '=', meetingId).execute();
    const cat = await makePerson(t.ctx, event.id, { name: 'Cat' });
    const dan = await makePerson(t.ctx, event.id, { name: 'Dan' });
    const answers = await Promise.all([api.addGuest(ana, meetingId, cat), api.addGuest(ana, meetingId, dan)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const active = await t.ctx.db
      .selectFrom('meeting_participants')
      .select('participant_id')
      .where('meeting_id', '=', meetingId)
      .where('active', '=', true)
      .execute();
    expect(active).toHaveLength(3);
  });

  it('E6.01 E6.17 E6.28 E6.11 a host cannot add as a guest, nor seat at a reserved table, by a guessed id, someone hidden or of a type they may not see', async () => {
    const event = await makeEvent(t.ctx, { restricted: true });
    const slots = await makeSlots(t.ctx, event.id, new Date('2030-05-01T09:00:00Z'), 2);
    const api = meetingsApi(t.app, event.id);
    const seller = await makeType(t.ctx, event.id, { name: 'Seller', invitationRights: [] });
    const buyer = await makeType(t.ctx, event.id, { name: 'Buyer', invitationRights: [seller.id] });
    const vip = await makeType(t.ctx, event.id, { name: 'VIP', invitationRights: [] });
    const ana = await makePerson(t.ctx, event.id, { name: 'Ana', typeId: buyer.id });
    const ben = await makePerson(t.ctx, event.id, { name: 'Ben', typeId: seller.id });
    const invitationId = (await api.invite(ana, ben)).body.data!.id;
    expect((await api.confirm(ben, invitationId, slots[0]!.id)).status).toBe(200);
    const meetingId = (await api.meetings(ana)).body.data![0]!.id;
    const hidden = await makePerson(t.ctx, event.id, { name: 'Hidden', typeId: seller.id, visible: false });
    const boss = await makePerson(t.ctx, event.id, { name: 'Boss', typeId: vip.id });
    for (const guest of [hidden, boss]) {
      const refused = await api.addGuest(ana, meetingId, guest);
      expect(refused.status).toBe(404);
      expect(JSON.stringify(refused.body)).not.toContain(guest.name);
    }
    const people = await t.ctx.db
      .selectFrom('meeting_participants')
      .select('participant_id')
      .where('meeting_id', '=', meetingId)
      .execute();
    expect(people.map((p) => p.participant_id).sort()).toEqual([ana.id, ben.id].sort());
    // Someone one may see is added as before.
    const sue = await makePerson(t.ctx, event.id, { name: 'Sue', typeId: seller.id });
    expect((await api.addGuest(ana, meetingId, sue)).status).toBe(200);
    // E6.11: a table reserved with the right reserveatable seats nobody its host may not see either.
    const host = await makePerson(t.ctx, event.id, { typeId: buyer.id, rights: { reserveatable: true } });
    for (const guest of [hidden, boss]) {
      const refused = await api.reserveTable(host, slots[1]!.id, [sue, guest]);
      expect(refused.status).toBe(404);
      expect(JSON.stringify(refused.body)).not.toContain(guest.name);
    }
    expect((await api.meetings(host)).body.data).toEqual([]);
  });

  it('E6.10, E7.12, E7.65 pre-book (POST event/schedule/prebook) needs onbehalfmeeting and books both people', async () => {
    const { event, slots, api, ana } = await withMeeting();
    const helper = await makePerson(t.ctx, event.id, { rights: { onbehalfmeeting: true } });
    const x = await makePerson(t.ctx, event.id);
    expect((await api.prebook(ana, slots[1]!.id, ana, x)).status).toBe(403);
    expect((await api.prebook(helper, slots[0]!.id, ana, x)).body.error?.code).toBe(
      MeetingErrorCode.SlotNotFree,
    );
    const ok = await api.prebook(helper, slots[1]!.id, ana, x);
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ preBooked: true });
    expect((await api.invitations(x)).body.data?.invitations[0]).toMatchObject({ state: 'accepted' });
    expect((await api.prebook(helper, slots[2]!.id, x, ana)).body.error?.code).toBe(
      MeetingErrorCode.HasMeeting,
    );
  });

  it('E4.03 a waiting request between the two becomes processed once a pre-booking handles it', async () => {
    const { event, slots, api, ana } = await withMeeting();
    const helper = await makePerson(t.ctx, event.id, { rights: { onbehalfmeeting: true } });
    const x = await makePerson(t.ctx, event.id);
    const waiting = (await api.invite(x, ana)).body.data!.id;
    expect((await api.prebook(helper, slots[1]!.id, ana, x)).status).toBe(200);
    const mine = (await api.invitations(x)).body.data!.invitations;
    expect(mine.find((i) => i.id === waiting)).toMatchObject({ state: 'processed' });
    expect(mine.filter((i) => i.id !== waiting)).toMatchObject([{ state: 'accepted' }]);
  });

  it('E3.04 a person who was deleted comes without details, for the placeholder; the request is past', async () => {
    const { event, api, ana } = await withMeeting();
    const x = await makePerson(t.ctx, event.id, { name: 'Xena' });
    const sent = (await api.invite(ana, x)).body.data!.id;
    await t.ctx.db.updateTable('participants').set({ state: 'deleted' }).where('id', '=', x.id).execute();
    const lists = (await api.invitations(ana)).body.data!;
    expect(lists.invitations.find((i) => i.id === sent)).toMatchObject({ opponentParticipant: null });
    expect(lists.sent.live.map((i) => i.id)).not.toContain(sent);
    expect(lists.sent.past.map((i) => i.id)).toContain(sent);
  });

  it('E6.10 E5.11 slots for a pre-booking are those free for both chosen people, with the right only', async () => {
    const { event, slots, ana } = await withMeeting();
    const helper = await makePerson(t.ctx, event.id, { rights: { onbehalfmeeting: true } });
    const x = await makePerson(t.ctx, event.id);
    const ask = (who: Person) =>
      call<SlotOffer>(t.app, {
        method: 'GET',
        url: '/api/v1/event/meeting/slots',
        headers: who.headers,
        query: { eventId: String(event.id), participantId: String(x.id), fromParticipantId: String(ana.id) },
      });
    expect((await ask(x)).status).toBe(403);
    const offer = await ask(helper);
    expect(offer.status).toBe(200);
    const ids = offer.body.data!.days.flatMap((d) => d.slots.map((s) => s.sessionId));
    expect(ids).not.toContain(slots[0]!.id); // Ana's meeting
    expect(ids).toContain(slots[1]!.id);
  });

  it('E6.11 reserve a table of 8 seats with the right reserveatable', async () => {
    const { event, slots, api, ana } = await withMeeting();
    const host = await makePerson(t.ctx, event.id, { rights: { reserveatable: true } });
    const guests: Person[] = [];
    for (let i = 0; i < TABLE_SEATS; i++) guests.push(await makePerson(t.ctx, event.id));
    expect((await api.reserveTable(ana, slots[2]!.id)).status).toBe(403);
    expect((await api.reserveTable(host, slots[2]!.id, guests)).status).toBe(400);
    const table = await api.reserveTable(host, slots[2]!.id, guests.slice(0, 6));
    expect(table.status).toBe(200);
    expect(table.body.data).toMatchObject({ kind: 'table', capacity: TABLE_SEATS });
    expect(table.body.data?.participants).toHaveLength(7);
    expect((await api.addGuest(host, table.body.data!.id, guests[6]!)).status).toBe(200);
    expect((await api.addGuest(host, table.body.data!.id, guests[7]!)).body.error?.code).toBe(
      MeetingErrorCode.TableFull,
    );
  });

  it('E4.53 check-in and ping open 5 minutes before the start; the video URL appears then', async () => {
    const { api, ana, meetingId } = await withMeeting();
    expect((await api.presence(ana, meetingId, 'checkIn')).body.error?.code).toBe(
      MeetingErrorCode.OutsideStartWindow,
    );
    t.setNow(new Date('2030-05-01T08:55:30Z'));
    const checked = await api.presence(ana, meetingId, 'checkIn');
    expect(checked.status).toBe(200);
    expect(checked.body.data?.participants.find((p) => p.name === 'Ana')?.checkedIn).toBe(true);
    expect(checked.body.data?.upcomingState).toBe('starting');
    expect(checked.body.data?.videoUrl).toMatch(/^https:\/\/meet\.jit\.si\/foyer-/);
    expect((await api.presence(ana, meetingId, 'ping')).status).toBe(200);
    t.setNow(new Date('2030-05-01T09:31:00Z'));
    const late = await api.presence(ana, meetingId, 'ping');
    expect(late.status).toBe(409);
    expect((await api.meetings(ana)).body.data?.[0]).toMatchObject({
      expired: true,
      upcomingState: 'expired',
    });
  });

  it('E6.28 E4.53 a guest who checked in, left and is added again is not shown as checked in', async () => {
    const { event, api, ana, meetingId, invitationId } = await withMeeting();
    const cat = await makePerson(t.ctx, event.id, { name: 'Cat' });
    expect((await api.addGuest(ana, meetingId, cat)).status).toBe(200);
    t.setNow(new Date('2030-05-01T08:56:00Z'));
    const checked = await api.presence(cat, meetingId, 'checkIn');
    expect(checked.body.data?.participants.find((p) => p.name === 'Cat')?.checkedIn).toBe(true);
    expect((await api.cancel(cat, invitationId)).status).toBe(200); // she leaves (E6.28)
    const again = await api.addGuest(ana, meetingId, cat);
    expect(again.status).toBe(200);
    expect(again.body.data?.participants.find((p) => p.name === 'Cat')).toMatchObject({
      role: 'guest',
      checkedIn: false,
    });
  });
});

describe('bad input on the meeting routes', () => {
  it('answers 4xx envelopes for wrong types, unknown fields, huge strings and strangers', async () => {
    const { event, api, ana, ben, meetingId } = await withMeeting();
    const stranger = await makePerson(t.ctx, (await makeEvent(t.ctx)).id);
    const gets = [
      `/event/meeting/slots?eventId=${event.id}`,
      `/event/meeting/slots?eventId=${event.id}&participantId=x`,
      `/event/meeting/status?eventId=${event.id}&participantId=${ben.id}&extra=1`,
      `/event/invitations?eventId=abc`,
      `/event/meetings`,
    ];
    for (const url of gets) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: ana.headers });
      expect(res.statusCode, url).toBe(400);
    }
    const posts: [string, Record<string, unknown>][] = [
      ['/event/meeting/addGuest', { eventId: event.id, sessionId: meetingId }],
      ['/event/meeting/checkIn', { eventId: event.id, meetingId: 'x' }],
      ['/event/meeting/ping', { eventId: event.id, meetingId, more: true }],
      ['/event/schedule/leave', { eventId: event.id, invitationId: 1, message: 'x'.repeat(1_000_000) }],
    ];
    for (const [url, payload] of posts) {
      const res = await t.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: ana.headers, payload });
      expect(res.statusCode, url).toBe(400);
    }
    expect((await api.meetings(stranger)).status).toBe(403);
    expect((await api.presence(stranger, meetingId, 'ping')).status).toBe(403);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/api/v1/event/meetings?eventId=${event.id}`,
    });
    expect(anonymous.statusCode).toBe(401);
    const [meeting] = (await api.meetings(ana)).body.data!;
    expect(meeting?.participants).toHaveLength(2);
  });
});
