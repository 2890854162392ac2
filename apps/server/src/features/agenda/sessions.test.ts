import { type SessionDetail, type SessionFacets, type SessionsPage, timezoneSchema } from '@foyer/contract';
import { describe, expect, it } from 'vitest';
import { makePerson, makeUser, type Person } from '../../../test/factories';
import { useTestApp } from '../../../test/helper';
import { signAccessToken } from '../../http/auth';
import {
  addPerson,
  api,
  at,
  createLocation,
  createSession,
  createTrack,
  join,
  listSessionsAs,
  makeAgendaEvent,
  makeVisibilityWorld,
  T0,
} from './agenda.fixtures';
import { canUserSeeSession } from './sessions.service';

const t = useTestApp(T0);

const list = (who: Person, eventId: number, query = '') => listSessionsAs(t.app, who.headers, eventId, query);
const names = (page: { body: { data?: SessionsPage } }) => page.body.data?.sessions.map((s) => s.name);

describe('GET /event/:eventId/sessions (E2.13)', () => {
  it('answers who asks from its one query: a deleted account 401, a stranger 403, no event 404', async () => {
    const event = await makeAgendaEvent(t.ctx);
    const ada = await makePerson(t.ctx, event.id);
    const acting = await makePerson(t.ctx, event.id);
    const actor = await makeUser(t.ctx, { superUser: true });
    const stranger = await makeUser(t.ctx);
    await createSession(t.ctx, event.id, { name: 'Talk' });
    const asActor = {
      authorization: `Bearer ${await signAccessToken(t.ctx.config.jwtSecret, { userId: acting.userId, actorId: actor.id })}`,
    };
    const get = (headers: Record<string, string>, eventId = event.id) =>
      listSessionsAs(t.app, headers, eventId);

    expect(names(await get(ada.headers))).toEqual(['Talk']);
    expect(names(await get(asActor))).toEqual(['Talk']);
    expect((await get(stranger.headers)).status).toBe(403);
    expect((await get(ada.headers, event.id + 1000)).status).toBe(404);

    // The accounts go while their tokens are still valid.
    await t.ctx.db.deleteFrom('users').where('id', 'in', [ada.userId, actor.id]).execute();
    for (const [headers, eventId] of [
      [ada.headers, event.id],
      [ada.headers, event.id + 1000],
      [asActor, event.id],
    ] as const) {
      const res = await get(headers, eventId);
      expect(res.status).toBe(401);
      expect(res.body.error?.code).toBe('MST-00401');
    }
  });

  it('E3.07 lists top-level sessions by start with people, track, room and the caller state', async () => {
    const event = await makeAgendaEvent(t.ctx);
    const ada = await makePerson(t.ctx, event.id);
    const speaker = await makePerson(t.ctx, event.id, { name: 'Grace', surname: 'Hopper' });
    const track = await createTrack(t.ctx, event.id, 'AI');
    const room = await createLocation(t.ctx, event.id, 50, 'Hall B');
    const late = await createSession(t.ctx, event.id, { name: 'Late', sdt: at(180), edt: at(240) });
    const early = await createSession(t.ctx, event.id, {
      name: 'Early',
      trackId: track.id,
      locationId: room.id,
      externalLink: 'https://stream.example/1',
      offlineLink: 'https://video.example/1',
    });
    await createSession(t.ctx, event.id, { name: 'Slot', parentId: early.id });
    await addPerson(t.ctx, early.id, speaker.id, 'speaker');
    await join(t.app, ada, event.id, late.id);

    const res = await list(ada, event.id);
    expect(res.status).toBe(200);
    expect(names(res)).toEqual(['Early', 'Late']);
    const [first, second] = res.body.data!.sessions;
    expect(first).toMatchObject({
      track: { id: track.id, name: 'AI' },
      location: { id: room.id, name: 'Hall B', capacity: 50, usedCapacity: 0 },
      capacity: 50,
      duration: 60,
      speakers: [expect.objectContaining({ id: speaker.id, name: 'Grace', surname: 'Hopper' })],
      sessionCount: 1,
      myStatus: null,
      externalLink: null, // only for those in it
      offlineLink: 'https://video.example/1',
    });
    expect(second).toMatchObject({ myStatus: 'joined', usedCapacity: 1 });
    expect(res.body.data?.nextCursor).toBeNull();
  });

  it('E4.34 E3.09 flags: collision with the agenda, isFull, and bookable slots', async () => {
    const event = await makeAgendaEvent(t.ctx);
    const ada = await makePerson(t.ctx, event.id);
    const bob = await makePerson(t.ctx, event.id);
    const mine = await createSession(t.ctx, event.id, { name: 'Mine', sdt: at(60), edt: at(120) });
    await createSession(t.ctx, event.id, { name: 'Clash', sdt: at(90), edt: at(150) });
    const full = await createSession(t.ctx, event.id, {
      name: 'Full',
      sdt: at(300),
      edt: at(360),
      capacity: 1,
    });
    const parent = await createSession(t.ctx, event.id, { name: 'Parent', sdt: at(400), edt: at(600) });
    await createSession(t.ctx, event.id, { parentId: parent.id, sdt: at(400), edt: at(430), capacity: 1 });
    const taken = await createSession(t.ctx, event.id, {
      parentId: parent.id,
      sdt: at(430),
      edt: at(460),
      capacity: 1,
    });
    await join(t.app, ada, event.id, mine.id);
    await join(t.app, bob, event.id, full.id);
    await join(t.app, bob, event.id, taken.id);

    const sessions = (await list(ada, event.id)).body.data!.sessions;
    const by = (name: string) => sessions.find((s) => s.name === name)!;
    expect(by('Mine')).toMatchObject({ collision: false, myStatus: 'joined', availableToMe: true });
    expect(by('Clash')).toMatchObject({ collision: true });
    expect(by('Full')).toMatchObject({ isFull: true, collision: false });
    expect(by('Parent').subSessions.map((s) => s.available)).toEqual([true, false]);
  });

  it('E6.02 E6.16 hidden and restricted sessions: organizers see all, others what their type allows', async () => {
    const { event, ada, v, boss, speaker } = await makeVisibilityWorld(t.ctx);
    expect(names(await list(ada, event.id))).toEqual(['Open']);
    expect(names(await list(v, event.id))).toEqual(['Open', 'VIP only']);
    expect(names(await list(speaker, event.id))).toEqual(['Open', 'Hidden']);
    expect(names(await list(boss, event.id))).toEqual(['Open', 'Hidden', 'VIP only']);
  });

  it('a restricted slot of an open session is offered only to the types it allows', async () => {
    const { event, vip, ada, v, boss, open } = await makeVisibilityWorld(t.ctx);
    const vipSlot = await createSession(t.ctx, event.id, {
      name: 'VIP slot',
      parentId: open.id,
      restricted: true,
      allowedTypeIds: [vip.id],
      sdt: at(10),
      edt: at(15),
    });
    const openSlot = await createSession(t.ctx, event.id, {
      name: 'Open slot',
      parentId: open.id,
      sdt: at(15),
      edt: at(20),
    });
    const slotNames = async (who: Person) => {
      const card = (await list(who, event.id)).body.data?.sessions.find((s) => s.id === open.id);
      const detail = await api<SessionDetail>(t.app, {
        method: 'GET',
        url: `/api/v1/event/${event.id}/sessions/${open.id}`,
        headers: who.headers,
      });
      const fromDetail = detail.body.data?.subSessions.map((c) => c.name);
      expect(card?.subSessions.map((c) => c.name)).toEqual(fromDetail);
      return fromDetail;
    };
    expect(await slotNames(ada)).toEqual(['Open slot']);
    expect(await slotNames(v)).toEqual(['VIP slot', 'Open slot']);
    expect(await slotNames(boss)).toEqual(['VIP slot', 'Open slot']);
    // What is offered can be joined; what is not is not found.
    expect((await join(t.app, ada, event.id, vipSlot.id)).status).toBe(404);
    expect((await join(t.app, ada, event.id, openSlot.id)).status).toBe(200);
    expect((await join(t.app, v, event.id, vipSlot.id)).status).toBe(200);
  });

  it('filters by day (event time zone), track, text (names, descriptions, speakers) and liveNow', async () => {
    const event = await makeAgendaEvent(t.ctx, { timezone: 'America/New_York' });
    const ada = await makePerson(t.ctx, event.id);
    const speaker = await makePerson(t.ctx, event.id, { name: 'Linus', surname: 'Torvalds' });
    const track = await createTrack(t.ctx, event.id);
    // 2026-11-22T09:00Z is 04:00 in New York; 2026-11-23T04:00Z is still the 22nd there.
    await createSession(t.ctx, event.id, { name: 'Morning', sdt: at(0), edt: at(30), trackId: track.id });
    const night = await createSession(t.ctx, event.id, {
      name: 'Night',
      sdt: at(19 * 60),
      edt: at(20 * 60),
      description: 'Kernel <b>deep dive</b>',
    });
    await createSession(t.ctx, event.id, { name: 'Tomorrow', sdt: at(24 * 60), edt: at(25 * 60) });
    await addPerson(t.ctx, night.id, speaker.id, 'speaker');

    expect(names(await list(ada, event.id, '?day=2026-11-22'))).toEqual(['Morning', 'Night']);
    expect(names(await list(ada, event.id, `?track=${track.id}`))).toEqual(['Morning']);
    expect(names(await list(ada, event.id, '?q=deep%20dive'))).toEqual(['Night']);
    expect(names(await list(ada, event.id, '?q=torvalds'))).toEqual(['Night']);
    expect(names(await list(ada, event.id, '?q=100%25'))).toEqual([]);
    t.setNow(at(15));
    expect(names(await list(ada, event.id, '?liveNow=true'))).toEqual(['Morning']);
    const facets = await api<SessionFacets>(t.app, {
      method: 'GET',
      url: `/api/v1/event/${event.id}/sessions/facets`,
      headers: ada.headers,
    });
    expect(facets.body.data).toEqual({
      days: ['2026-11-22', '2026-11-23'],
      tracks: [expect.objectContaining({ id: track.id })],
      timezone: 'America/New_York',
    });
  });

  it('E2.13 the last day the database holds (9999-12-31, any zone) is an empty day, not a 500', async () => {
    for (const timezone of ['UTC', 'America/New_York', 'Pacific/Kiritimati']) {
      const event = await makeAgendaEvent(t.ctx, { timezone });
      const ada = await makePerson(t.ctx, event.id);
      await createSession(t.ctx, event.id, { name: 'Talk' });
      for (const day of ['9999-12-31', '1900-01-01']) {
        const res = await list(ada, event.id, `?day=${day}`);
        expect(res.status, `${timezone} ${day}`).toBe(200);
        expect(names(res), `${timezone} ${day}`).toEqual([]);
      }
    }
  });

  it('E2.13 day tabs of an event whose zone the time zone check accepts but the database does not know (US/Pacific-New)', async () => {
    // The organizer's form checks a zone with Intl (timezoneSchema), which knows this retired alias.
    expect(timezoneSchema.safeParse('US/Pacific-New').success).toBe(true);
    const event = await makeAgendaEvent(t.ctx, { timezone: 'US/Pacific-New' });
    const ada = await makePerson(t.ctx, event.id);
    // 2026-11-23T03:00Z is still the 22nd in Los Angeles (19:00 PST).
    await createSession(t.ctx, event.id, { name: 'Late', sdt: at(18 * 60), edt: at(19 * 60) });
    await createSession(t.ctx, event.id, { name: 'Next', sdt: at(24 * 60), edt: at(25 * 60) });
    const facets = await api<SessionFacets>(t.app, {
      method: 'GET',
      url: `/api/v1/event/${event.id}/sessions/facets`,
      headers: ada.headers,
    });
    expect(facets.status).toBe(200);
    expect(facets.body.data).toEqual({
      days: ['2026-11-22', '2026-11-23'],
      tracks: [],
      timezone: 'US/Pacific-New',
    });
    // Each tab lists its sessions: the tabs and the list's day filter count days alike.
    expect(names(await list(ada, event.id, '?day=2026-11-22'))).toEqual(['Late']);
    expect(names(await list(ada, event.id, '?day=2026-11-23'))).toEqual(['Next']);
  });

  it('pages with an opaque cursor, ties on start broken by id', async () => {
    const event = await makeAgendaEvent(t.ctx);
    const ada = await makePerson(t.ctx, event.id);
    for (let i = 0; i < 5; i++)
      await createSession(t.ctx, event.id, { name: `S${i}`, sdt: at(60), edt: at(90) });
    const first = await list(ada, event.id, '?limit=2');
    expect(names(first)).toEqual(['S0', 'S1']);
    const second = await list(ada, event.id, `?limit=2&after=${first.body.data?.nextCursor}`);
    expect(names(second)).toEqual(['S2', 'S3']);
    const third = await list(ada, event.id, `?limit=2&after=${second.body.data?.nextCursor}`);
    expect(names(third)).toEqual(['S4']);
    expect(third.body.data?.nextCursor).toBeNull();
  });
});

describe('GET /event/:eventId/sessions/:sessionId (E2.08)', () => {
  it('E2.08 E3.07 a session or one of its slots, with counts; organizers see pending requests', async () => {
    const event = await makeAgendaEvent(t.ctx, { eventType: 'hybrid' });
    const ada = await makePerson(t.ctx, event.id);
    const bob = await makePerson(t.ctx, event.id);
    const boss = await makePerson(t.ctx, event.id, { organizer: true });
    const session = await createSession(t.ctx, event.id, { needsApproval: true, capacity: 10 });
    const parent = await createSession(t.ctx, event.id, { sdt: at(200), edt: at(300) });
    const slot = await createSession(t.ctx, event.id, { parentId: parent.id, sdt: at(200), edt: at(230) });
    await join(t.app, ada, event.id, session.id);
    await api(t.app, {
      method: 'POST',
      url: '/api/v1/event/schedule/addToSession',
      headers: boss.headers,
      payload: { eventId: event.id, sessionId: session.id, participantId: bob.id },
    });
    const get = (who: Person, id: number) =>
      api<SessionDetail>(t.app, {
        method: 'GET',
        url: `/api/v1/event/${event.id}/sessions/${id}`,
        headers: who.headers,
      });
    expect((await get(ada, session.id)).body.data).toMatchObject({
      myStatus: 'waiting',
      attendeeCount: 1,
      waitingCount: 0,
      usedCapacity: 2,
      eventType: 'hybrid',
      eventFinished: false,
      needsApproval: true,
    });
    expect((await get(boss, session.id)).body.data).toMatchObject({ waitingCount: 1 });
    expect((await get(ada, slot.id)).body.data).toMatchObject({ id: slot.id, name: slot.name });
  });

  it('E6.02 a hidden session, a hidden parent, or another event’s session is not found', async () => {
    const event = await makeAgendaEvent(t.ctx);
    const other = await makeAgendaEvent(t.ctx);
    const ada = await makePerson(t.ctx, event.id);
    const hidden = await createSession(t.ctx, event.id, { hidden: true });
    const slot = await createSession(t.ctx, event.id, { parentId: hidden.id });
    const foreign = await createSession(t.ctx, other.id);
    for (const id of [hidden.id, slot.id, foreign.id, 999_999]) {
      const res = await api(t.app, {
        method: 'GET',
        url: `/api/v1/event/${event.id}/sessions/${id}`,
        headers: ada.headers,
      });
      expect(res.status).toBe(404);
    }
  });
});

describe('who sees a hidden session (E6.02): organizers, and those who present or are in it', () => {
  const detail = (who: Person, eventId: number, id: number) =>
    api<SessionDetail>(t.app, {
      method: 'GET',
      url: `/api/v1/event/${eventId}/sessions/${id}`,
      headers: who.headers,
    });

  it('E6.02 E4.48 a declined request is not being in it: the hidden session is gone for the declined requester', async () => {
    const event = await makeAgendaEvent(t.ctx);
    const ada = await makePerson(t.ctx, event.id);
    const ben = await makePerson(t.ctx, event.id);
    const boss = await makePerson(t.ctx, event.id, { organizer: true });
    const board = await createSession(t.ctx, event.id, { name: 'Board', needsApproval: true });
    expect((await join(t.app, ada, event.id, board.id)).status).toBe(200);
    expect((await join(t.app, ben, event.id, board.id)).status).toBe(200);
    const declined = await api(t.app, {
      method: 'POST',
      url: '/api/v1/event/schedule/sessionRequest',
      headers: boss.headers,
      payload: { eventId: event.id, sessionId: board.id, participantId: ada.id, accept: false },
    });
    expect(declined.status).toBe(200);
    await t.ctx.db.updateTable('sessions').set({ hidden: true }).where('id', '=', board.id).execute();

    expect(names(await list(ada, event.id))).toEqual([]);
    expect((await detail(ada, event.id, board.id)).status).toBe(404);
    expect(await canUserSeeSession(t.ctx.db, ada.userId, event.id, board.id)).toBe(false);
    // Still waiting for the organizers: in it.
    expect(names(await list(ben, event.id))).toEqual(['Board']);
    expect((await detail(ben, event.id, board.id)).status).toBe(200);
    expect(await canUserSeeSession(t.ctx.db, ben.userId, event.id, board.id)).toBe(true);
  });

  it('E6.02 E3.24 a slot one is in, under a hidden session one is not in, is not shown on a speaker’s page either', async () => {
    const event = await makeAgendaEvent(t.ctx);
    const ada = await makePerson(t.ctx, event.id);
    const amy = await makePerson(t.ctx, event.id, { name: 'Amy' });
    const boss = await makePerson(t.ctx, event.id, { organizer: true });
    const hidden = await createSession(t.ctx, event.id, {
      name: 'Secret',
      hidden: true,
      sdt: at(60),
      edt: at(120),
    });
    const slot = await createSession(t.ctx, event.id, {
      name: 'Secret slot',
      parentId: hidden.id,
      sdt: at(60),
      edt: at(90),
    });
    const open = await createSession(t.ctx, event.id, { name: 'Open', sdt: at(200), edt: at(230) });
    await addPerson(t.ctx, slot.id, amy.id, 'speaker');
    await addPerson(t.ctx, open.id, amy.id, 'speaker');
    // An organizer put Ada in the slot.
    await t.ctx.db
      .insertInto('session_attendees')
      .values({ session_id: slot.id, participant_id: ada.id, status: 'joined' })
      .execute();
    const speakerSessions = async (who: Person) =>
      (
        await api<{ sessions: { name: string }[] }>(t.app, {
          method: 'GET',
          url: `/api/v1/event/${event.id}/speakers/${amy.id}`,
          headers: who.headers,
        })
      ).body.data?.sessions.map((s) => s.name);
    expect((await detail(ada, event.id, slot.id)).status).toBe(404);
    expect(await canUserSeeSession(t.ctx.db, ada.userId, event.id, slot.id)).toBe(false);
    expect(await speakerSessions(ada)).toEqual(['Open']);
    expect(await speakerSessions(boss)).toEqual(['Secret slot', 'Open']);
  });
});

describe('room policy helper', () => {
  it('E6.02 E6.16 canUserSeeSession follows the same visibility as the list', async () => {
    const event = await makeAgendaEvent(t.ctx);
    const other = await makeAgendaEvent(t.ctx);
    const ada = await makePerson(t.ctx, event.id);
    const boss = await makePerson(t.ctx, event.id, { organizer: true });
    const open = await createSession(t.ctx, event.id);
    const hidden = await createSession(t.ctx, event.id, { hidden: true });
    const foreign = await createSession(t.ctx, other.id);
    expect(await canUserSeeSession(t.ctx.db, ada.userId, event.id, open.id)).toBe(true);
    expect(await canUserSeeSession(t.ctx.db, ada.userId, event.id, hidden.id)).toBe(false);
    expect(await canUserSeeSession(t.ctx.db, boss.userId, event.id, hidden.id)).toBe(true);
    expect(await canUserSeeSession(t.ctx.db, ada.userId, event.id, foreign.id)).toBe(false);
    expect(await canUserSeeSession(t.ctx.db, ada.userId, other.id, foreign.id)).toBe(false);
  });
});
