import { AgendaErrorCode, type SessionCheckInResult } from '@foyer/contract';
import { describe, expect, it } from 'vitest';
import { makePerson, type Person } from '../../../test/factories';
import { useTestApp } from '../../../test/helper';
import {
  addPerson,
  api,
  at,
  createSession,
  join,
  makeAgendaEvent,
  T0,
  usedCapacity,
} from './agenda.fixtures';

const t = useTestApp(T0);

const post = (who: Person, path: string, payload: Record<string, unknown>) =>
  api(t.app, { method: 'POST', url: `/api/v1/event/schedule/${path}`, headers: who.headers, payload });

describe('POST /event/schedule/leave (E7.08)', () => {
  it('E4.44 Remove from agenda gives the seat back', async () => {
    const event = await makeAgendaEvent(t.ctx);
    const ada = await makePerson(t.ctx, event.id);
    const session = await createSession(t.ctx, event.id, { capacity: 2 });
    await join(t.app, ada, event.id, session.id);
    const res = await post(ada, 'leave', { eventId: event.id, sessionId: session.id });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ sessionId: session.id, capacity: 2, usedCapacity: 0, isFull: false });
    const again = await post(ada, 'leave', { eventId: event.id, sessionId: session.id });
    expect(again.status).toBe(409);
    expect(again.body.error?.code).toBe(AgendaErrorCode.NotInAgenda);
  });

  it('E7.08 leave needs a session (or, for meetings, an invitation)', async () => {
    const event = await makeAgendaEvent(t.ctx);
    const ada = await makePerson(t.ctx, event.id);
    const res = await post(ada, 'leave', { eventId: event.id });
    expect(res.status).toBe(400);
    expect(res.body.error?.fields).toHaveProperty('sessionId');
  });
});

describe('POST /event/schedule/addToSession (E7.15)', () => {
  it('E7.15 a participant may add themselves, like a join', async () => {
    const event = await makeAgendaEvent(t.ctx);
    const ada = await makePerson(t.ctx, event.id);
    const session = await createSession(t.ctx, event.id);
    const res = await post(ada, 'addToSession', {
      eventId: event.id,
      sessionId: session.id,
      participantId: ada.id,
    });
    expect(res.body.data).toMatchObject({ status: 'joined', usedCapacity: 1 });
  });

  it('E6.10 adding someone else needs the onbehalfmeeting right', async () => {
    const event = await makeAgendaEvent(t.ctx);
    const ada = await makePerson(t.ctx, event.id);
    const bob = await makePerson(t.ctx, event.id);
    const helper = await makePerson(t.ctx, event.id, { rights: { onbehalfmeeting: true } });
    const session = await createSession(t.ctx, event.id, { needsApproval: true });
    const denied = await post(ada, 'addToSession', {
      eventId: event.id,
      sessionId: session.id,
      participantId: bob.id,
    });
    expect(denied.status).toBe(403);
    const ok = await post(helper, 'addToSession', {
      eventId: event.id,
      sessionId: session.id,
      participantId: bob.id,
      behalfOf: ada.id,
    });
    // On behalf is the organizers' decision already: no approval round.
    expect(ok.body.data).toMatchObject({ status: 'joined', videoUrl: null });
    const row = await t.ctx.db
      .selectFrom('session_attendees')
      .selectAll()
      .where('participant_id', '=', bob.id)
      .executeTakeFirst();
    expect(row).toMatchObject({ added_by: helper.id, status: 'joined' });
  });

  it('E7.15 block: false adds without a collision check, and the booking does not make the person busy', async () => {
    const event = await makeAgendaEvent(t.ctx);
    const ada = await makePerson(t.ctx, event.id);
    const boss = await makePerson(t.ctx, event.id, { organizer: true });
    const a = await createSession(t.ctx, event.id, { sdt: at(60), edt: at(120) });
    const b = await createSession(t.ctx, event.id, { sdt: at(60), edt: at(120) });
    const c = await createSession(t.ctx, event.id, { sdt: at(60), edt: at(120) });
    await join(t.app, ada, event.id, a.id);
    const blocked = await post(boss, 'addToSession', {
      eventId: event.id,
      sessionId: b.id,
      participantId: ada.id,
    });
    expect(blocked.body.error?.msg).toBe('You are busy');
    const free = await post(boss, 'addToSession', {
      eventId: event.id,
      sessionId: b.id,
      participantId: ada.id,
      block: false,
    });
    expect(free.status).toBe(200);
    await post(ada, 'leave', { eventId: event.id, sessionId: a.id });
    expect((await join(t.app, ada, event.id, c.id)).status).toBe(200);
  });

  it('E6.02 organizers may add people to hidden sessions; unknown participants are not found', async () => {
    const event = await makeAgendaEvent(t.ctx);
    const ada = await makePerson(t.ctx, event.id);
    const boss = await makePerson(t.ctx, event.id, { organizer: true });
    const hidden = await createSession(t.ctx, event.id, { hidden: true });
    const ok = await post(boss, 'addToSession', {
      eventId: event.id,
      sessionId: hidden.id,
      participantId: ada.id,
    });
    expect(ok.status).toBe(200);
    const missing = await post(boss, 'addToSession', {
      eventId: event.id,
      sessionId: hidden.id,
      participantId: 999_999,
    });
    expect(missing.status).toBe(404);
    const badBehalf = await post(boss, 'addToSession', {
      eventId: event.id,
      sessionId: hidden.id,
      participantId: ada.id,
      behalfOf: 999_999,
    });
    expect(badBehalf.status).toBe(404);
  });
});

describe('POST /event/schedule/ping and checkIn (E7.13, E7.14)', () => {
  it('E7.13 ping is for people in the session and records the time', async () => {
    const event = await makeAgendaEvent(t.ctx);
    const ada = await makePerson(t.ctx, event.id);
    const bob = await makePerson(t.ctx, event.id);
    const session = await createSession(t.ctx, event.id);
    await join(t.app, ada, event.id, session.id);
    const res = await post(ada, 'ping', { eventId: event.id, sessionId: session.id });
    expect(res.body.data).toEqual({ sessionId: session.id, pingedAt: T0.toISOString() });
    const row = await t.ctx.db
      .selectFrom('session_attendees')
      .select('last_ping_at')
      .executeTakeFirstOrThrow();
    expect(new Date(row.last_ping_at!).toISOString()).toBe(T0.toISOString());
    expect((await post(bob, 'ping', { eventId: event.id, sessionId: session.id })).body.error?.code).toBe(
      AgendaErrorCode.NotInAgenda,
    );
  });

  it('E7.14 check-in is once (then alreadyCheckedIn), only for joined people, not after the end', async () => {
    const event = await makeAgendaEvent(t.ctx);
    const ada = await makePerson(t.ctx, event.id);
    const bob = await makePerson(t.ctx, event.id);
    const session = await createSession(t.ctx, event.id);
    await join(t.app, ada, event.id, session.id);
    const first = await post(ada, 'checkIn', { eventId: event.id, sessionId: session.id });
    expect(first.body.data).toEqual({
      sessionId: session.id,
      checkedInAt: T0.toISOString(),
      alreadyCheckedIn: false,
    });
    t.setNow(at(5));
    const second = await post(ada, 'checkIn', { eventId: event.id, sessionId: session.id });
    expect(second.body.data).toMatchObject({ checkedInAt: T0.toISOString(), alreadyCheckedIn: true });
    expect((await post(bob, 'checkIn', { eventId: event.id, sessionId: session.id })).status).toBe(409);
    t.setNow(at(120));
    expect((await post(ada, 'checkIn', { eventId: event.id, sessionId: session.id })).body.error?.code).toBe(
      AgendaErrorCode.SessionOver,
    );
  });
});

describe('check-in taps at once (E7.14)', () => {
  it('E7.14 three taps at once check in once: one answer says so, the others say already; one announcement', async () => {
    const event = await makeAgendaEvent(t.ctx);
    const ada = await makePerson(t.ctx, event.id);
    const session = await createSession(t.ctx, event.id);
    await join(t.app, ada, event.id, session.id);
    const answers = await Promise.all(
      [1, 2, 3].map(() => post(ada, 'checkIn', { eventId: event.id, sessionId: session.id })),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const results = answers.map((a) => a.body.data as SessionCheckInResult);
    expect(results.map((r) => r.alreadyCheckedIn).sort()).toEqual([false, true, true]);
    expect(new Set(results.map((r) => r.checkedInAt))).toEqual(new Set([T0.toISOString()]));
    const records = await t.ctx.db.selectFrom('realtime_events').select('payload').execute();
    const checkIns = records.filter((r) => JSON.stringify(r.payload).includes('"checkedIn"'));
    expect(checkIns).toHaveLength(1);
  });
});

describe('GET /event/:eventId/sessions/:sessionId/room (E1.18, E4.42–E4.46)', () => {
  const room = (who: Person, eventId: number, sessionId: number, as: string) =>
    api<{ url: string; as: string }>(t.app, {
      method: 'GET',
      url: `/api/v1/event/${eventId}/sessions/${sessionId}/room?as=${as}`,
      headers: who.headers,
    });

  it('E4.33 E9.05 attendees get the room from 15 minutes before the start, if they hold a seat', async () => {
    const event = await makeAgendaEvent(t.ctx);
    const ada = await makePerson(t.ctx, event.id);
    const bob = await makePerson(t.ctx, event.id);
    const session = await createSession(t.ctx, event.id, { sdt: at(60), edt: at(120) });
    await join(t.app, ada, event.id, session.id);
    t.setNow(at(44));
    expect((await room(ada, event.id, session.id, 'attendee')).body.error?.code).toBe(
      AgendaErrorCode.NotStarted,
    );
    t.setNow(at(45));
    expect((await room(ada, event.id, session.id, 'attendee')).body.data?.url).toContain(
      `session-${session.id}-`,
    );
    expect((await room(bob, event.id, session.id, 'attendee')).body.error?.code).toBe(
      AgendaErrorCode.NotInAgenda,
    );
  });

  it('E4.52 E8.38 a hybrid on-site session answers with the on-site-only text', async () => {
    const event = await makeAgendaEvent(t.ctx, { eventType: 'hybrid' });
    const ada = await makePerson(t.ctx, event.id);
    const session = await createSession(t.ctx, event.id, { onSite: true });
    await join(t.app, ada, event.id, session.id);
    t.setNow(at(60));
    const res = await room(ada, event.id, session.id, 'attendee');
    expect(res.body.error).toMatchObject({
      code: AgendaErrorCode.OnSiteOnly,
      msg: 'This session is available only on-site. To take part in it, please proceed to the session location.',
    });
  });

  it('E4.43 E4.45 E4.46 E6.04 moderators, speakers and organizers get their rooms; rehearsal marks it started', async () => {
    const event = await makeAgendaEvent(t.ctx);
    const speaker = await makePerson(t.ctx, event.id);
    const moderator = await makePerson(t.ctx, event.id);
    const boss = await makePerson(t.ctx, event.id, { organizer: true });
    const ada = await makePerson(t.ctx, event.id);
    const session = await createSession(t.ctx, event.id);
    await addPerson(t.ctx, session.id, speaker.id, 'speaker');
    await addPerson(t.ctx, session.id, moderator.id, 'moderator');

    expect((await room(moderator, event.id, session.id, 'moderator')).status).toBe(200);
    expect((await room(moderator, event.id, session.id, 'speaker')).status).toBe(403);
    expect((await room(ada, event.id, session.id, 'moderator')).status).toBe(403);
    expect((await room(boss, event.id, session.id, 'moderator')).status).toBe(200);
    const stream = await room(speaker, event.id, session.id, 'speaker');
    const rehearsal = await room(speaker, event.id, session.id, 'rehearsal');
    expect(rehearsal.body.data?.url).toContain('rehearsal');
    expect(rehearsal.body.data?.url).not.toBe(stream.body.data?.url);
    const detail = await api<{ rehearsalStarted: boolean }>(t.app, {
      method: 'GET',
      url: `/api/v1/event/${event.id}/sessions/${session.id}`,
      headers: ada.headers,
    });
    expect(detail.body.data?.rehearsalStarted).toBe(true);
    expect(await usedCapacity(t.ctx, session.id)).toBe(0); // presenting takes no seat
  });
});
