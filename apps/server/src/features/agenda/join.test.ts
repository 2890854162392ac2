import { AgendaErrorCode, type JoinSessionResult } from '@foyer/contract';
import { describe, expect, it } from 'vitest';
import { makePerson, makeType } from '../../../test/factories';
import { useTestApp } from '../../../test/helper';
import {
  addPerson,
  api,
  at,
  createLocation,
  createSession,
  join,
  makeAgendaEvent,
  T0,
  usedCapacity,
} from './agenda.fixtures';

const t = useTestApp(T0);

describe('POST /event/schedule/join (E7.10)', () => {
  it('E1.03 E7.10 joins a session, takes a seat, and a second join is idempotent', async () => {
    const event = await makeAgendaEvent(t.ctx);
    const ada = await makePerson(t.ctx, event.id);
    const session = await createSession(t.ctx, event.id, { capacity: 5 });

    const first = await join(t.app, ada, event.id, session.id);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({
      sessionId: session.id,
      status: 'joined',
      alreadyJoined: false,
      capacity: 5,
      usedCapacity: 1,
      isFull: false,
    });
    const again = await join(t.app, ada, event.id, session.id);
    expect(again.body.data).toMatchObject({ status: 'joined', alreadyJoined: true, usedCapacity: 1 });
    expect(await usedCapacity(t.ctx, session.id)).toBe(1);
  });

  it("E4.50 the seat after the last gives 409 'Fully booked'", async () => {
    const event = await makeAgendaEvent(t.ctx);
    const [a, b] = [await makePerson(t.ctx, event.id), await makePerson(t.ctx, event.id)];
    const session = await createSession(t.ctx, event.id, { capacity: 1 });
    expect((await join(t.app, a, event.id, session.id)).body.data).toMatchObject({ isFull: true });
    const loser = await join(t.app, b, event.id, session.id);
    expect(loser.status).toBe(409);
    expect(loser.body.error).toMatchObject({ code: AgendaErrorCode.FullyBooked, msg: 'Fully booked' });
    expect(await usedCapacity(t.ctx, session.id)).toBe(1);
  });

  it('E3.09 a session without its own capacity is limited by its room', async () => {
    const event = await makeAgendaEvent(t.ctx);
    const room = await createLocation(t.ctx, event.id, 1);
    const session = await createSession(t.ctx, event.id, { locationId: room.id });
    const [a, b] = [await makePerson(t.ctx, event.id), await makePerson(t.ctx, event.id)];
    expect((await join(t.app, a, event.id, session.id)).body.data).toMatchObject({
      capacity: 1,
      usedCapacity: 1,
    });
    expect((await join(t.app, b, event.id, session.id)).body.error?.msg).toBe('Fully booked');
  });

  it("E4.49 a session overlapping the caller's agenda gives 409 'You are busy'; back-to-back is fine", async () => {
    const event = await makeAgendaEvent(t.ctx);
    const ada = await makePerson(t.ctx, event.id);
    const first = await createSession(t.ctx, event.id, { sdt: at(60), edt: at(120) });
    const overlapping = await createSession(t.ctx, event.id, { sdt: at(90), edt: at(150) });
    const after = await createSession(t.ctx, event.id, { sdt: at(120), edt: at(180) });
    await join(t.app, ada, event.id, first.id);
    const busy = await join(t.app, ada, event.id, overlapping.id);
    expect(busy.status).toBe(409);
    expect(busy.body.error).toMatchObject({ code: AgendaErrorCode.Busy, msg: 'You are busy' });
    expect(await usedCapacity(t.ctx, overlapping.id)).toBe(0);
    expect((await join(t.app, ada, event.id, after.id)).status).toBe(200);
  });

  it('E4.34 presenting a session makes the speaker busy then, but they may join their own session', async () => {
    const event = await makeAgendaEvent(t.ctx);
    const speaker = await makePerson(t.ctx, event.id);
    const talk = await createSession(t.ctx, event.id, { sdt: at(60), edt: at(120) });
    const other = await createSession(t.ctx, event.id, { sdt: at(60), edt: at(120) });
    await addPerson(t.ctx, talk.id, speaker.id, 'speaker');
    expect((await join(t.app, speaker, event.id, other.id)).body.error?.msg).toBe('You are busy');
    expect((await join(t.app, speaker, event.id, talk.id)).status).toBe(200);
  });

  it('E3.09 E5.12 a session with slots must be joined through one slot', async () => {
    const event = await makeAgendaEvent(t.ctx);
    const ada = await makePerson(t.ctx, event.id);
    const parent = await createSession(t.ctx, event.id, { sdt: at(60), edt: at(180) });
    const slot = await createSession(t.ctx, event.id, {
      parentId: parent.id,
      sdt: at(60),
      edt: at(90),
      capacity: 2,
    });
    const res = await join(t.app, ada, event.id, parent.id);
    expect(res.status).toBe(400);
    expect(res.body.error?.code).toBe(AgendaErrorCode.ChooseSlot);
    expect((await join(t.app, ada, event.id, slot.id)).body.data).toMatchObject({
      status: 'joined',
      capacity: 2,
    });
  });

  it('E4.51 an ended session or a finished event cannot be joined', async () => {
    const event = await makeAgendaEvent(t.ctx);
    const ada = await makePerson(t.ctx, event.id);
    const session = await createSession(t.ctx, event.id, { sdt: at(-120), edt: at(-60) });
    const res = await join(t.app, ada, event.id, session.id);
    expect(res.status).toBe(409);
    expect(res.body.error?.code).toBe(AgendaErrorCode.SessionOver);

    const done = await makeAgendaEvent(t.ctx, { finished: true });
    const bob = await makePerson(t.ctx, done.id);
    const later = await createSession(t.ctx, done.id);
    expect((await join(t.app, bob, done.id, later.id)).body.error?.code).toBe(AgendaErrorCode.SessionOver);
  });

  it('E6.02 hidden sessions are not found for participants; organizers may join them', async () => {
    const event = await makeAgendaEvent(t.ctx);
    const ada = await makePerson(t.ctx, event.id);
    const boss = await makePerson(t.ctx, event.id, { organizer: true });
    const hidden = await createSession(t.ctx, event.id, { hidden: true });
    expect((await join(t.app, ada, event.id, hidden.id)).status).toBe(404);
    expect((await join(t.app, boss, event.id, hidden.id)).status).toBe(200);
  });

  it('E6.16 a restricted session is open only to the allowed participant types', async () => {
    const event = await makeAgendaEvent(t.ctx);
    const [vip, visitor] = [
      await makeType(t.ctx, event.id, { name: 'VIP' }),
      await makeType(t.ctx, event.id, { name: 'Visitor' }),
    ];
    const session = await createSession(t.ctx, event.id, { restricted: true, allowedTypeIds: [vip.id] });
    const v = await makePerson(t.ctx, event.id, { typeId: vip.id });
    const o = await makePerson(t.ctx, event.id, { typeId: visitor.id });
    const none = await makePerson(t.ctx, event.id);
    expect((await join(t.app, v, event.id, session.id)).status).toBe(200);
    expect((await join(t.app, o, event.id, session.id)).status).toBe(404);
    expect((await join(t.app, none, event.id, session.id)).status).toBe(404);
  });

  it('a session of another event, or an event the caller is not in, is refused', async () => {
    const event = await makeAgendaEvent(t.ctx);
    const other = await makeAgendaEvent(t.ctx);
    const ada = await makePerson(t.ctx, event.id);
    const foreign = await createSession(t.ctx, other.id);
    expect((await join(t.app, ada, event.id, foreign.id)).status).toBe(404);
    expect((await join(t.app, ada, other.id, foreign.id)).status).toBe(403);
    const anonymous = await api(t.app, {
      method: 'POST',
      url: '/api/v1/event/schedule/join',
      payload: { eventId: event.id, toType: 'session', sessionId: foreign.id },
    });
    expect(anonymous.status).toBe(401);
  });
});

describe('join: the video room (E1.18, E4.33, E4.52)', () => {
  it('E1.18 in the start window the answer carries the VIDEO_URL_TEMPLATE room, stable and not guessable', async () => {
    const event = await makeAgendaEvent(t.ctx);
    const ada = await makePerson(t.ctx, event.id);
    const session = await createSession(t.ctx, event.id, { sdt: at(60), edt: at(120) });
    t.setNow(at(44));
    expect((await join(t.app, ada, event.id, session.id)).body.data).toMatchObject({ videoUrl: null });
    t.setNow(at(45));
    const url = ((await join(t.app, ada, event.id, session.id)).body.data as JoinSessionResult).videoUrl;
    expect(url).toMatch(new RegExp(`^https://meet\\.jit\\.si/foyer-session-${session.id}-[0-9a-f]{12}$`));
    expect(((await join(t.app, ada, event.id, session.id)).body.data as JoinSessionResult).videoUrl).toBe(
      url,
    );
  });

  it("the session's own stream link wins over the template", async () => {
    const event = await makeAgendaEvent(t.ctx);
    const ada = await makePerson(t.ctx, event.id);
    const session = await createSession(t.ctx, event.id, { externalLink: 'https://stream.example/live' });
    t.setNow(at(60));
    expect((await join(t.app, ada, event.id, session.id)).body.data).toMatchObject({
      videoUrl: 'https://stream.example/live',
    });
  });

  it('E4.52 an on-site session of a hybrid event has no video room', async () => {
    const event = await makeAgendaEvent(t.ctx, { eventType: 'hybrid' });
    const ada = await makePerson(t.ctx, event.id);
    const session = await createSession(t.ctx, event.id, { onSite: true });
    t.setNow(at(60));
    expect((await join(t.app, ada, event.id, session.id)).body.data).toMatchObject({
      status: 'joined',
      videoUrl: null,
    });
  });
});

describe('sessions that need approval (E4.47, E4.48, E8.29, E8.36)', () => {
  const decide = (who: { headers: Record<string, string> }, payload: Record<string, unknown>) =>
    api(t.app, {
      method: 'POST',
      url: '/api/v1/event/schedule/sessionRequest',
      headers: who.headers,
      payload,
    });

  it('E4.47 a join waits for confirmation and holds a seat; leave withdraws it', async () => {
    const event = await makeAgendaEvent(t.ctx);
    const ada = await makePerson(t.ctx, event.id);
    const session = await createSession(t.ctx, event.id, { needsApproval: true, capacity: 3 });
    expect((await join(t.app, ada, event.id, session.id)).body.data).toMatchObject({
      status: 'waiting',
      usedCapacity: 1,
      videoUrl: null,
    });
    const left = await api(t.app, {
      method: 'POST',
      url: '/api/v1/event/schedule/leave',
      headers: ada.headers,
      payload: { eventId: event.id, sessionId: session.id },
    });
    expect(left.body.data).toMatchObject({ usedCapacity: 0 });
  });

  it('E8.36 an organizer accepts: joined, and the requester gets an e-mail', async () => {
    const event = await makeAgendaEvent(t.ctx);
    const ada = await makePerson(t.ctx, event.id);
    const boss = await makePerson(t.ctx, event.id, { organizer: true });
    const session = await createSession(t.ctx, event.id, { needsApproval: true, name: 'Workshop' });
    await join(t.app, ada, event.id, session.id);
    const list = await api(t.app, {
      method: 'GET',
      url: `/api/v1/event/${event.id}/sessions/${session.id}/requests`,
      headers: boss.headers,
    });
    expect(list.body.data).toEqual([
      expect.objectContaining({ participant: expect.objectContaining({ id: ada.id }) }),
    ]);
    const res = await decide(boss, {
      eventId: event.id,
      sessionId: session.id,
      participantId: ada.id,
      accept: true,
    });
    expect(res.body.data).toMatchObject({ status: 'joined', usedCapacity: 1 });
    await t.app.bus.idle();
    const mail = await t.ctx.db.selectFrom('outbox').selectAll().where('recipient', '=', ada.email).execute();
    expect(mail[0]?.body_text).toContain('Workshop');
    const twice = await decide(boss, {
      eventId: event.id,
      sessionId: session.id,
      participantId: ada.id,
      accept: true,
    });
    expect(twice.body.error?.code).toBe(AgendaErrorCode.NoPendingRequest);
  });

  it("E4.48 E8.29 a declined request frees the seat and a new join says 'The event organizers declined your request.'", async () => {
    const event = await makeAgendaEvent(t.ctx);
    const ada = await makePerson(t.ctx, event.id);
    const boss = await makePerson(t.ctx, event.id, { organizer: true });
    const session = await createSession(t.ctx, event.id, { needsApproval: true });
    await join(t.app, ada, event.id, session.id);
    const res = await decide(boss, {
      eventId: event.id,
      sessionId: session.id,
      participantId: ada.id,
      accept: false,
    });
    expect(res.body.data).toMatchObject({ status: 'declined', usedCapacity: 0 });
    const again = await join(t.app, ada, event.id, session.id);
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({
      code: AgendaErrorCode.RequestDeclined,
      msg: 'The event organizers declined your request.',
    });
    await t.app.bus.idle();
    const mail = await t.ctx.db.selectFrom('outbox').selectAll().where('recipient', '=', ada.email).execute();
    expect(mail[0]?.body_text).toContain('The event organizers declined your request.');
  });

  it('E6.01 only organizers answer requests', async () => {
    const event = await makeAgendaEvent(t.ctx);
    const ada = await makePerson(t.ctx, event.id);
    const bob = await makePerson(t.ctx, event.id);
    const session = await createSession(t.ctx, event.id, { needsApproval: true });
    await join(t.app, ada, event.id, session.id);
    const res = await decide(bob, {
      eventId: event.id,
      sessionId: session.id,
      participantId: ada.id,
      accept: true,
    });
    expect(res.status).toBe(403);
    const list = await api(t.app, {
      method: 'GET',
      url: `/api/v1/event/${event.id}/sessions/${session.id}/requests`,
      headers: bob.headers,
    });
    expect(list.status).toBe(403);
  });
});
