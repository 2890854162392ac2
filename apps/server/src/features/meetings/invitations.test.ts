import { DEFAULT_DECLINE_MESSAGE, DEFAULT_INVITATION_MESSAGE, MeetingErrorCode } from '@foyer/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeBooth, makeEvent, makePerson, makeSlots, makeType } from '../../../test/factories';
import { useTestApp } from '../../../test/helper';
import { meetingsApi } from '../../../test/meetings-api';

const t = useTestApp();

const NOW = new Date('2030-05-01T07:00:00Z');
const SLOTS_AT = new Date('2030-05-01T09:00:00Z');

async function setup() {
  t.setNow(NOW);
  const event = await makeEvent(t.ctx);
  const slots = await makeSlots(t.ctx, event.id, SLOTS_AT, 6);
  const ana = await makePerson(t.ctx, event.id, { name: 'Ana' });
  const ben = await makePerson(t.ctx, event.id, { name: 'Ben' });
  return { event, slots, ana, ben, api: meetingsApi(t.app, event.id) };
}
const slot = (slots: { id: number }[], i: number) => (slots[i] as { id: number }).id;

describe('invitations: send, edit, revoke, decline', () => {
  beforeEach(() => t.setNow(NOW));

  it('E4.20, E5.19, E7.11 sends a request with the default text and both sides see it', async () => {
    const { ana, ben, api } = await setup();
    const sent = await api.invite(ana, ben);
    expect(sent.status).toBe(200);
    expect(sent.body.data).toMatchObject({
      state: 'waiting',
      type: 'join',
      fpid: ana.id,
      tpid: ben.id,
      me: true,
    });
    expect(sent.body.data?.message).toBe(DEFAULT_INVITATION_MESSAGE);
    const mine = await api.invitations(ana);
    expect(mine.body.data?.sent.live.map((i) => i.id)).toEqual([sent.body.data?.id]);
    const theirs = await api.invitations(ben);
    expect(theirs.body.data?.received.live[0]?.opponentParticipant?.name).toBe('Ana');
    expect(theirs.body.data?.badge).toBe(1);
    expect((await api.status(ana, ben)).body.data?.status).toBe('invitePending');
    expect((await api.status(ben, ana)).body.data).toMatchObject({
      status: 'inviteReceived',
      relation: 'request_meeting',
    });
  });

  it('E3.12 lastInvitationDetails is the pair’s newest invitation, whichever way it went', async () => {
    const { ana, ben, api } = await setup();
    const first = await api.invite(ana, ben, 'Coffee?');
    expect(first.body.data?.lastInvitationDetails).toMatchObject({
      id: first.body.data?.id,
      message: 'Coffee?',
      me: true,
    });
    await api.reject(ben, first.body.data!.id, 'Busy');
    t.setNow(new Date(NOW.getTime() + 60_000));
    const back = await api.invite(ben, ana, 'Lunch instead?');
    const seen = (await api.invitations(ana)).body.data!;
    const old = [...seen.sent.live, ...seen.sent.past].find((i) => i.id === first.body.data?.id);
    expect(old?.lastInvitationDetails).toMatchObject({
      id: back.body.data?.id,
      type: 'join',
      message: 'Lunch instead?',
      me: false,
    });
  });

  it('E4.23 sending again edits the open request; E4.24, E7.18 the sender revokes it', async () => {
    const { ana, ben, api } = await setup();
    const first = await api.invite(ana, ben, 'Hello');
    const again = await api.invite(ana, ben, 'Hello again');
    expect(again.body.data?.id).toBe(first.body.data?.id);
    expect(again.body.data?.message).toBe('Hello again');
    expect((await api.revoke(ben, first.body.data!.id)).status).toBe(403);
    const revoked = await api.revoke(ana, first.body.data!.id);
    expect(revoked.body.data?.state).toBe('revoked');
    expect((await api.revoke(ana, first.body.data!.id)).body.error?.code).toBe(
      MeetingErrorCode.InvitationNotWaiting,
    );
  });

  it('E4.21, E5.15, E4.22, E7.20 declines with a default note, and a declined request cannot be re-sent', async () => {
    const { ana, ben, api } = await setup();
    const sent = await api.invite(ana, ben);
    expect((await api.reject(ana, sent.body.data!.id)).status).toBe(403);
    const rejected = await api.reject(ben, sent.body.data!.id);
    expect(rejected.body.data).toMatchObject({ state: 'rejected', responseMessage: DEFAULT_DECLINE_MESSAGE });
    const resend = await api.invite(ana, ben);
    expect(resend.status).toBe(409);
    expect(resend.body.error?.code).toBe(MeetingErrorCode.InvitationDeclined);
    expect((await api.status(ana, ben)).body.data?.status).toBe('rejected');
    expect((await api.invite(ben, ana)).status).toBe(200);
  });

  it('E6.18, E6.19 nobody invites themselves or their own booth colleagues', async () => {
    const { event, ana, api } = await setup();
    expect((await api.invite(ana, ana)).body.error?.code).toBe(MeetingErrorCode.NotInvitable);
    const booth = await makeBooth(t.ctx, event.id);
    const owner = await makePerson(t.ctx, event.id, { boothId: booth.id, boothRole: 'owner' });
    const staff = await makePerson(t.ctx, event.id, { boothId: booth.id, boothRole: 'user' });
    expect((await api.invite(owner, staff)).status).toBe(403);
  });

  it('E5.18 a request from a colleague of my own booth cannot be declined', async () => {
    const { event, ana, ben, api } = await setup();
    const booth = await makeBooth(t.ctx, event.id);
    const sent = await api.invite(ana, ben);
    // Both join the same booth after the request was sent.
    await t.ctx.db
      .updateTable('participants')
      .set({ booth_id: booth.id, booth_role: 'user' })
      .where('id', 'in', [ana.id, ben.id])
      .execute();
    const refused = await api.reject(ben, sent.body.data!.id);
    expect(refused.status).toBe(403);
    expect(
      (await api.invitations(ben)).body.data?.invitations.find((i) => i.id === sent.body.data?.id)?.state,
    ).toBe('waiting');
  });

  it('E6.15, E6.03 restricted events follow invitationRights; organizers invite anyone', async () => {
    t.setNow(NOW);
    const event = await makeEvent(t.ctx, { restricted: true });
    const api = meetingsApi(t.app, event.id);
    const seller = await makeType(t.ctx, event.id, { name: 'Seller', invitationRights: [] });
    const buyer = await makeType(t.ctx, event.id, { name: 'Buyer', invitationRights: [seller.id] });
    const b = await makePerson(t.ctx, event.id, { typeId: buyer.id });
    const s = await makePerson(t.ctx, event.id, { typeId: seller.id });
    const org = await makePerson(t.ctx, event.id, { organizer: true });
    expect((await api.invite(b, s)).status).toBe(200);
    expect((await api.invite(s, b)).status).toBe(403);
    expect((await api.invite(org, s)).status).toBe(200);
  });

  it('a request the other way round is answered, not duplicated', async () => {
    const { ana, ben, api } = await setup();
    await api.invite(ana, ben);
    const back = await api.invite(ben, ana);
    expect(back.status).toBe(409);
    expect(back.body.error?.code).toBe(MeetingErrorCode.InvitationPending);
  });

  it('E4.15 E9.51, E8.28 maxMeetingCount limits requests and meetings, with the count in the error', async () => {
    const { event, slots, api } = await setup();
    const limited = await makeType(t.ctx, event.id, { maxMeetingCount: 1 });
    const me = await makePerson(t.ctx, event.id, { typeId: limited.id });
    const x = await makePerson(t.ctx, event.id);
    const y = await makePerson(t.ctx, event.id);
    const first = await api.invite(me, x);
    const second = await api.invite(me, y);
    expect(second.status).toBe(409);
    expect(second.body.error).toMatchObject({
      code: MeetingErrorCode.MeetingLimitExceeded,
      msg: 'Meeting limit exceeded (1)',
      fields: { maxMeetingCount: '1' },
    });
    expect((await api.status(me, y)).body.data).toMatchObject({ status: 'inviteLimit', maxMeetingCount: 1 });
    expect((await api.confirm(x, first.body.data!.id, slot(slots, 0))).status).toBe(200);
    // y invites me: my limit is reached, so I cannot accept.
    const incoming = await api.invite(y, me);
    const accept = await api.confirm(me, incoming.body.data!.id, slot(slots, 2));
    expect(accept.body.error?.code).toBe(MeetingErrorCode.MeetingLimitExceeded);
  });

  it('E4.15 E3.04 a request to someone removed from the event since is past and no longer takes a place of the limit', async () => {
    const { event, api } = await setup();
    const limited = await makeType(t.ctx, event.id, { maxMeetingCount: 1 });
    const me = await makePerson(t.ctx, event.id, { typeId: limited.id });
    const x = await makePerson(t.ctx, event.id, { name: 'Xena' });
    const y = await makePerson(t.ctx, event.id, { name: 'Yann' });
    const sent = (await api.invite(me, x)).body.data!.id;
    // The organizers remove Xena (the console's remove marks her record deleted).
    await t.ctx.db.updateTable('participants').set({ state: 'deleted' }).where('id', '=', x.id).execute();
    const lists = (await api.invitations(me)).body.data!;
    expect(lists.sent.live.map((i) => i.id)).not.toContain(sent);
    expect((await api.status(me, y)).body.data?.status).toBe('inviteNew');
    const next = await api.invite(me, y);
    expect(next.status).toBe(200);
  });

  it('E4.15 E3.02 a meeting with someone removed from the event since no longer takes a place of the limit', async () => {
    const { event, slots, api } = await setup();
    const limited = await makeType(t.ctx, event.id, { maxMeetingCount: 1 });
    const me = await makePerson(t.ctx, event.id, { typeId: limited.id });
    const x = await makePerson(t.ctx, event.id, { name: 'Xena' });
    const y = await makePerson(t.ctx, event.id, { name: 'Yann' });
    const sent = (await api.invite(me, x)).body.data!.id;
    expect((await api.confirm(x, sent, slot(slots, 0))).status).toBe(200);
    // Full: one meeting of one.
    expect((await api.invite(me, y)).status).not.toBe(200);
    await t.ctx.db.updateTable('participants').set({ state: 'deleted' }).where('id', '=', x.id).execute();
    expect((await api.invite(me, y)).status).toBe(200);
  });

  it('rejects bad input with a 4xx envelope and changes nothing', async () => {
    const { event, ana, ben, api } = await setup();
    const bad = [
      { toType: 'participant', toId: 'x' },
      { toType: 'participant' },
      { toType: 'participant', toId: ben.id, message: 'x'.repeat(1_000_000) },
      { toType: 'participant', toId: ben.id, extra: true },
    ];
    for (const body of bad) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/event/schedule/join',
        headers: ana.headers,
        payload: { eventId: event.id, ...body },
      });
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    const routes = [
      'confirm',
      'reject',
      'revoke',
      'reschedule',
      'confirmReschedule',
      'rejectReschedule',
      'revokeReschedule',
      'prebook',
      'reserveTable',
    ];
    for (const route of routes) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v1/event/schedule/${route}`,
        headers: { ...ana.headers, 'content-type': 'application/json' },
        payload: '{"eventId": 1, "invitationId":',
      });
      expect(res.statusCode, route).toBe(400);
      const wrong = await t.app.inject({
        method: 'POST',
        url: `/api/v1/event/schedule/${route}`,
        headers: ana.headers,
        payload: { eventId: 1, invitationId: 'abc', sessionId: [], unknown: 'x' },
      });
      expect(wrong.statusCode, route).toBe(400);
    }
    expect((await api.invitations(ana)).body.data?.invitations).toEqual([]);
    const count = await t.ctx.db
      .selectFrom('invitations')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });
});

describe('accepting: slots free for both, has-meeting', () => {
  beforeEach(() => t.setNow(NOW));

  it('E3.12 E3.16 E4.20, E7.22 accepting books the meeting at the chosen slot; E4.27 has-meeting blocks another', async () => {
    const { slots, ana, ben, api } = await setup();
    const sent = await api.invite(ana, ben);
    expect((await api.confirm(ana, sent.body.data!.id, slot(slots, 0))).status).toBe(403);
    const ok = await api.confirm(ben, sent.body.data!.id, slot(slots, 1), { message: 'See you' });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ state: 'accepted', sessionId: slot(slots, 1) });
    expect(ok.body.data?.meetingDetails).toMatchObject({ status: 'accepted', executorId: ben.id });
    // E3.12: the meeting's slot (csid), the caller, and the pair's newest invitation.
    expect(ok.body.data).toMatchObject({
      csid: slot(slots, 1),
      me: false,
      myDetails: { id: ben.id, name: 'Ben' },
      opponentParticipant: { id: ana.id, name: 'Ana' },
      lastInvitationDetails: { id: sent.body.data!.id, eid: sent.body.data!.eid, type: 'join', me: false },
    });
    expect(sent.body.data).toMatchObject({ csid: null, myDetails: { id: ana.id } });
    const meetings = (await api.meetings(ana)).body.data!;
    expect(meetings).toHaveLength(1);
    const { sdt, edt } = slots[1]!;
    expect(meetings[0]).toMatchObject({
      status: 'accepted',
      upcomingState: 'notstarted',
      videoUrl: null,
      guest: false,
      // E3.16: instants, and the venue's clock (the test event is in UTC).
      sdtsReal: new Date(sdt).toISOString(),
      edtsReal: new Date(edt).toISOString(),
      sdts: new Date(sdt).toISOString().slice(0, 16).replace('T', ' '),
      edts: new Date(edt).toISOString().slice(0, 16).replace('T', ' '),
    });
    expect(meetings[0]?.participants.map((p) => p.name).sort()).toEqual(['Ana', 'Ben']);
    expect((await api.status(ana, ben)).body.data?.status).toBe('meetingDetails');
    expect((await api.invite(ana, ben)).body.error?.code).toBe(MeetingErrorCode.HasMeeting);
    expect((await api.invite(ben, ana)).body.error?.code).toBe(MeetingErrorCode.HasMeeting);
    expect((await api.confirm(ben, sent.body.data!.id, slot(slots, 2))).body.error?.code).toBe(
      MeetingErrorCode.InvitationNotWaiting,
    );
  });

  it('E5.11, E8.24–E8.27 the picker offers only slots free for both, with the four messages', async () => {
    const { event, slots, ana, ben, api } = await setup();
    const cat = await makePerson(t.ctx, event.id, { name: 'Cat', surname: 'Smith' });
    // Ana meets Cat at slot 0; Ben has an off-time over slots 1-2.
    const x = await api.invite(cat, ana);
    await api.confirm(ana, x.body.data!.id, slot(slots, 0));
    await t.ctx.db
      .insertInto('participant_off')
      .values({ participant_id: ben.id, sdt: slots[1]!.sdt, edt: slots[2]!.edt })
      .execute();
    const offer = await api.slots(ana, ben);
    expect(offer.status).toBe(200);
    const ids = offer.body.data!.days.flatMap((d) => d.slots.map((s) => s.sessionId));
    expect(ids).toEqual([slot(slots, 3), slot(slots, 4), slot(slots, 5)]);
    expect(offer.body.data?.days[0]?.date).toBe('2030-05-01');
    expect(offer.body.data?.message).toBeNull();
    const inv = await api.invite(ana, ben);
    const busy = await api.confirm(ben, inv.body.data!.id, slot(slots, 1));
    expect(busy.body.error?.code).toBe(MeetingErrorCode.SlotNotFree);
    const sessionClash = await api.confirm(ben, inv.body.data!.id, slot(slots, 0));
    expect(sessionClash.body.error?.code).toBe(MeetingErrorCode.SlotNotFree);

    // Ben fills everything else: Ana's picker for Ben says "info" with his name; Ben's says error2.
    await t.ctx.db
      .insertInto('participant_off')
      .values([{ participant_id: ben.id, sdt: slots[0]!.sdt, edt: slots[5]!.edt }])
      .execute();
    const info = await api.slots(ana, ben);
    expect(info.body.data).toMatchObject({ days: [], message: 'info', opponentName: 'Ben Tester' });
    expect((await api.slots(ben, ana)).body.data?.message).toBe('error2');
    const bare = await makeEvent(t.ctx);
    const loner = await makePerson(t.ctx, bare.id);
    const friend = await makePerson(t.ctx, bare.id);
    // E8.27: an agenda without meeting slots says so; E8.24: one whose slots are all past has none left.
    expect((await meetingsApi(t.app, bare.id).slots(loner, friend)).body.data).toMatchObject({
      days: [],
      message: 'noSlots',
      opponentName: null,
    });
    await makeSlots(t.ctx, bare.id, new Date(NOW.getTime() - 6 * 3_600_000), 2);
    expect((await meetingsApi(t.app, bare.id).slots(loner, friend)).body.data?.message).toBe('error1');
  });

  it('E6.24, E4.09, E7.22, E5.17 requests to booth staff are company requests a colleague can take', async () => {
    const { event, slots, ana, api } = await setup();
    const booth = await makeBooth(t.ctx, event.id);
    const owner = await makePerson(t.ctx, event.id, { name: 'Owner', boothId: booth.id, boothRole: 'owner' });
    const staff = await makePerson(t.ctx, event.id, { name: 'Staff', boothId: booth.id, boothRole: 'user' });
    const sent = await api.invite(ana, staff);
    expect(sent.body.data?.toBoothId).toBe(booth.id);
    const ownerView = await api.invitations(owner);
    expect(ownerView.body.data?.company.live.map((i) => i.id)).toEqual([sent.body.data?.id]);
    expect((await api.invitations(staff)).body.data?.received.live).toHaveLength(1);
    const taken = await api.confirm(owner, sent.body.data!.id, slot(slots, 0), { asParticipantId: owner.id });
    expect(taken.status).toBe(200);
    const ownerMeetings = (await api.meetings(owner)).body.data!;
    expect(ownerMeetings[0]?.participants.map((p) => p.name).sort()).toEqual(['Ana', 'Owner']);
    const outsider = await makePerson(t.ctx, event.id);
    const other = await api.invite(ana, outsider);
    expect((await api.confirm(owner, other.body.data!.id, slot(slots, 2))).status).toBe(403);
  });

  it('E6.24 a sender who has since joined the booth asked cannot accept their own request (403)', async () => {
    const { event, slots, ana, api } = await setup();
    const booth = await makeBooth(t.ctx, event.id);
    const staff = await makePerson(t.ctx, event.id, { name: 'Staff', boothId: booth.id, boothRole: 'user' });
    const sent = await api.invite(ana, staff);
    expect(sent.body.data?.toBoothId).toBe(booth.id);
    await t.ctx.db
      .updateTable('participants')
      .set({ booth_id: booth.id, booth_role: 'user' })
      .where('id', '=', ana.id)
      .execute();
    const own = await api.confirm(ana, sent.body.data!.id, slot(slots, 0), { asParticipantId: ana.id });
    expect(own.status).toBe(403);
    expect(own.body.error?.msg).toBe('You cannot accept your own request');
  });
});

describe('suggested slots (issue 15: the sender offers times)', () => {
  beforeEach(() => t.setNow(NOW));
  const suggest = (
    who: Parameters<ReturnType<typeof meetingsApi>['invite']>[0],
    to: { id: number },
    eventId: number,
    ids: unknown,
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/event/schedule/join',
      headers: who.headers,
      payload: { eventId, toType: 'participant', toId: to.id, suggestedSessionIds: ids },
    });

  it('the sender suggests up to three free slots; both sides see them in time order; the invitee accepts one', async () => {
    const { event, slots, ana, ben, api } = await setup();
    const sent = await suggest(ana, ben, event.id, [slot(slots, 3), slot(slots, 1)]);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data.suggestedSlots.map((s: { sessionId: number }) => s.sessionId)).toEqual([
      slot(slots, 1),
      slot(slots, 3),
    ]);
    const seen = await api.invitations(ben);
    const received = seen.body.data?.received.live[0];
    expect(received?.suggestedSlots).toEqual([
      expect.objectContaining({ sessionId: slot(slots, 1), sdt: '2030-05-01T09:30:00.000Z' }),
      expect.objectContaining({ sessionId: slot(slots, 3) }),
    ]);
    const confirmed = await api.confirm(ben, received?.id ?? 0, slot(slots, 3));
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  });

  it('the invitee may still choose a slot the sender did not suggest (the spec’s flow)', async () => {
    const { event, slots, ana, ben, api } = await setup();
    const sent = await suggest(ana, ben, event.id, [slot(slots, 0)]);
    expect(sent.statusCode).toBe(200);
    const confirmed = await api.confirm(ben, sent.json().data.id, slot(slots, 5));
    expect(confirmed.status).toBe(200);
  });

  it('refuses four, twice the same, a slot one of them is busy in, a past one, and another event’s', async () => {
    const { event, slots, ana, ben, api } = await setup();
    const four = await suggest(
      ana,
      ben,
      event.id,
      slots.slice(0, 4).map((s) => s.id),
    );
    expect(four.statusCode).toBe(400);
    expect(four.json().error.fields.suggestedSessionIds).toBe('meetings.error.tooManySuggestions');
    expect((await suggest(ana, ben, event.id, [slot(slots, 0), slot(slots, 0)])).statusCode).toBe(400);
    expect((await suggest(ana, ben, event.id, ['x'])).statusCode).toBe(400);
    // Ben already meets Cleo in slot 2.
    const cleo = await makePerson(t.ctx, event.id, { name: 'Cleo' });
    const toBen = await api.invite(cleo, ben);
    await api.confirm(ben, toBen.body.data?.id ?? 0, slot(slots, 2));
    const busy = await suggest(ana, ben, event.id, [slot(slots, 2)]);
    expect(busy.statusCode).toBe(409);
    const other = await makeEvent(t.ctx);
    const [foreign] = await makeSlots(t.ctx, other.id, SLOTS_AT, 1);
    expect((await suggest(ana, ben, event.id, [foreign?.id])).statusCode).toBe(404);
    t.setNow(new Date('2030-05-01T09:10:00Z'));
    expect((await suggest(ana, ben, event.id, [slot(slots, 0)])).statusCode).toBe(409);
    // None of these left a request behind.
    expect((await api.invitations(ana)).body.data?.sent.live).toEqual([]);
  });

  it('editing the open request replaces the suggestions', async () => {
    const { event, slots, ana, ben } = await setup();
    await suggest(ana, ben, event.id, [slot(slots, 0), slot(slots, 1)]);
    const edited = await suggest(ana, ben, event.id, [slot(slots, 4)]);
    expect(edited.json().data.suggestedSlots.map((s: { sessionId: number }) => s.sessionId)).toEqual([
      slot(slots, 4),
    ]);
  });
});

describe('E9.58 the organizer switches 1:1 meetings off for an event', () => {
  beforeEach(() => t.setNow(NOW));
  it('no new requests or pre-bookings while off; the event says so; on again, requests work', async () => {
    const { event, slots, ana, ben, api } = await setup();
    const owner = await makePerson(t.ctx, event.id, { organizer: true, organizerRole: 'owner' });
    const put = (meetingsEnabled: boolean) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/v1/organizer/event/${event.id}`,
        headers: owner.headers,
        payload: { meetingsEnabled },
      });
    const off = await put(false);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data.meetingsEnabled).toBe(false);
    const details = await t.app.inject({
      method: 'GET',
      url: `/api/v1/event/${event.id}`,
      headers: ana.headers,
    });
    expect(details.json().data.meetingsEnabled).toBe(false);

    const refused = await api.invite(ana, ben);
    expect(refused.status).toBe(403);
    expect(refused.body.error?.code).toBe(MeetingErrorCode.MeetingsOff);
    const prebook = await t.app.inject({
      method: 'POST',
      url: '/api/v1/event/schedule/prebook',
      headers: owner.headers,
      payload: {
        eventId: event.id,
        fromParticipantId: ana.id,
        toParticipantId: ben.id,
        sessionId: slot(slots, 0),
      },
    });
    expect(prebook.statusCode).toBe(403);

    expect((await put(true)).statusCode).toBe(200);
    expect((await api.invite(ana, ben)).status).toBe(200);
  });
});
