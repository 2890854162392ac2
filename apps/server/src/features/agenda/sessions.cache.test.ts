import type { SessionSummary, SessionsPage } from '@foyer/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { makeParticipant, makePerson, makeType, type Person } from '../../../test/factories';
import { useTestApp } from '../../../test/helper';
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
  T0,
} from './agenda.fixtures';
import { listSessions } from './sessions.service';

// The list serves shared pages from a per-process cache keyed by the event's list version
// (sessions.cache.ts, migration 0020). Every test lists once to fill the cache, changes something
// the way the app or an import would, and lists again: the change must show at once.

const t = useTestApp(T0);

async function list(who: Person, eventId: number, query = ''): Promise<SessionsPage> {
  const res = await listSessionsAs(t.app, who.headers, eventId, query);
  expect(res.status).toBe(200);
  return res.body.data!;
}
const card = async (who: Person, eventId: number, sessionId: number): Promise<SessionSummary | undefined> =>
  (await list(who, eventId)).sessions.find((s) => s.id === sessionId);
const names = async (who: Person, eventId: number, query = '') =>
  (await list(who, eventId, query)).sessions.map((s) => s.name);
const version = async (eventId: number) => {
  const { rows } = await sql<{ v: string | null }>`
    SELECT (SELECT version FROM session_versions WHERE event_id = ${eventId})::text AS v`.execute(t.ctx.db);
  return rows[0]?.v ?? null;
};

describe('cached sessions list pages', () => {
  it('edits of a session, its people, its track and its room show at once', async () => {
    const event = await makeAgendaEvent(t.ctx);
    const ada = await makePerson(t.ctx, event.id);
    const grace = await makePerson(t.ctx, event.id, { name: 'Grace', surname: 'Hopper' });
    const track = await createTrack(t.ctx, event.id, 'AI');
    const room = await createLocation(t.ctx, event.id, 50, 'Hall B');
    const s = await createSession(t.ctx, event.id, { name: 'Talk', trackId: track.id, locationId: room.id });
    expect(await card(ada, event.id, s.id)).toMatchObject({ name: 'Talk', speakers: [] });

    await t.ctx.db.updateTable('sessions').set({ name: 'Keynote' }).where('id', '=', s.id).execute();
    expect(await card(ada, event.id, s.id)).toMatchObject({ name: 'Keynote' });

    await addPerson(t.ctx, s.id, grace.id, 'speaker');
    expect((await card(ada, event.id, s.id))?.speakers.map((p) => p.surname)).toEqual(['Hopper']);
    expect(await names(ada, event.id, '?q=hopper')).toEqual(['Keynote']);

    await t.ctx.db
      .updateTable('participants')
      .set({ surname: 'Murray' })
      .where('id', '=', grace.id)
      .execute();
    expect((await card(ada, event.id, s.id))?.speakers.map((p) => p.surname)).toEqual(['Murray']);
    expect(await names(ada, event.id, '?q=hopper')).toEqual([]);
    expect(await names(ada, event.id, '?q=murray')).toEqual(['Keynote']);

    await t.ctx.db.updateTable('tracks').set({ color: '#ff0000' }).where('id', '=', track.id).execute();
    expect((await card(ada, event.id, s.id))?.track).toMatchObject({ color: '#ff0000' });

    await t.ctx.db.updateTable('locations').set({ name: 'Hall C' }).where('id', '=', room.id).execute();
    expect((await card(ada, event.id, s.id))?.location).toMatchObject({ name: 'Hall C' });

    await t.ctx.db.deleteFrom('session_people').where('session_id', '=', s.id).execute();
    expect((await card(ada, event.id, s.id))?.speakers).toEqual([]);

    await t.ctx.db.updateTable('sessions').set({ hidden: true }).where('id', '=', s.id).execute();
    expect(await names(ada, event.id)).toEqual([]);

    const added = await createSession(t.ctx, event.id, { name: 'New' });
    expect(await names(ada, event.id)).toEqual(['New']);

    await t.ctx.db.deleteFrom('sessions').where('id', '=', added.id).execute();
    expect(await names(ada, event.id)).toEqual([]);
  });

  it('joins show in seat counts and the own status at once, without a new page version', async () => {
    const event = await makeAgendaEvent(t.ctx);
    const ada = await makePerson(t.ctx, event.id);
    const bob = await makePerson(t.ctx, event.id);
    const s = await createSession(t.ctx, event.id, { capacity: 1 });
    const parent = await createSession(t.ctx, event.id, { sdt: at(400), edt: at(500) });
    const slot = await createSession(t.ctx, event.id, {
      parentId: parent.id,
      sdt: at(400),
      edt: at(430),
      capacity: 1,
    });
    expect(await card(ada, event.id, s.id)).toMatchObject({ usedCapacity: 0, isFull: false, myStatus: null });
    const before = await version(event.id);

    expect((await join(t.app, bob, event.id, s.id)).status).toBe(200);
    expect((await join(t.app, bob, event.id, slot.id)).status).toBe(200);
    expect(await version(event.id)).toBe(before);
    expect(await card(ada, event.id, s.id)).toMatchObject({ usedCapacity: 1, isFull: true, myStatus: null });
    expect((await card(ada, event.id, parent.id))?.subSessions).toEqual([
      expect.objectContaining({
        id: slot.id,
        usedCapacity: 1,
        isFull: true,
        available: false,
        myStatus: null,
      }),
    ]);
    expect(await card(bob, event.id, s.id)).toMatchObject({ usedCapacity: 1, myStatus: 'joined' });
    expect((await card(bob, event.id, parent.id))?.subSessions[0]).toMatchObject({ myStatus: 'joined' });

    await api(t.app, {
      method: 'POST',
      url: '/api/v1/event/schedule/leave',
      headers: bob.headers,
      payload: { eventId: event.id, sessionId: s.id },
    });
    expect(await card(ada, event.id, s.id)).toMatchObject({ usedCapacity: 0, isFull: false });
    expect(await card(bob, event.id, s.id)).toMatchObject({ myStatus: null, collision: false });
  });

  it('viewers of different types and organizers never get each other’s page', async () => {
    const event = await makeAgendaEvent(t.ctx);
    const vip = await makeType(t.ctx, event.id, { name: 'VIP' });
    const ada = await makePerson(t.ctx, event.id);
    const v = await makePerson(t.ctx, event.id, { typeId: vip.id });
    const boss = await makePerson(t.ctx, event.id, { organizer: true });
    await createSession(t.ctx, event.id, { name: 'Open', sdt: at(10), edt: at(20) });
    await createSession(t.ctx, event.id, { name: 'Hidden', hidden: true, sdt: at(20), edt: at(30) });
    await createSession(t.ctx, event.id, {
      name: 'VIP only',
      restricted: true,
      allowedTypeIds: [vip.id],
      sdt: at(30),
      edt: at(40),
    });
    for (let round = 0; round < 2; round++) {
      expect(await names(boss, event.id)).toEqual(['Open', 'Hidden', 'VIP only']);
      expect(await names(v, event.id)).toEqual(['Open', 'VIP only']);
      expect(await names(ada, event.id)).toEqual(['Open']);
    }
    // A new type takes effect at once (the kind is read with every request).
    await t.ctx.db.updateTable('participants').set({ type_id: vip.id }).where('id', '=', ada.id).execute();
    expect(await names(ada, event.id)).toEqual(['Open', 'VIP only']);
  });

  it('hidden sessions a viewer presents or is in join the shared page in order, across pages', async () => {
    const event = await makeAgendaEvent(t.ctx);
    const ada = await makePerson(t.ctx, event.id);
    const speaker = await makePerson(t.ctx, event.id);
    const boss = await makePerson(t.ctx, event.id, { organizer: true });
    await createSession(t.ctx, event.id, { name: 'A', sdt: at(10), edt: at(20) });
    const hidden = await createSession(t.ctx, event.id, {
      name: 'B',
      hidden: true,
      sdt: at(20),
      edt: at(30),
    });
    await createSession(t.ctx, event.id, { name: 'C', sdt: at(30), edt: at(40) });
    await addPerson(t.ctx, hidden.id, speaker.id, 'speaker');
    expect(await names(ada, event.id)).toEqual(['A', 'C']);
    expect(await names(speaker, event.id)).toEqual(['A', 'B', 'C']);

    const first = await list(speaker, event.id, '?limit=2');
    expect(first.sessions.map((s) => s.name)).toEqual(['A', 'B']);
    const second = await list(speaker, event.id, `?limit=2&after=${first.nextCursor}`);
    expect(second.sessions.map((s) => s.name)).toEqual(['C']);
    expect(second.nextCursor).toBeNull();

    // Added to a hidden session by an organizer: in the attendee's list at once, with the status.
    const res = await api(t.app, {
      method: 'POST',
      url: '/api/v1/event/schedule/addToSession',
      headers: boss.headers,
      payload: { eventId: event.id, sessionId: hidden.id, participantId: ada.id },
    });
    expect(res.status).toBe(200);
    expect(await names(ada, event.id)).toEqual(['A', 'B', 'C']);
    expect((await card(ada, event.id, hidden.id))?.myStatus).toBe('joined');
  });

  it('a day filter follows a change of the event’s time zone', async () => {
    const event = await makeAgendaEvent(t.ctx);
    const ada = await makePerson(t.ctx, event.id);
    // 2026-11-23T02:00Z: the 23rd in UTC, still the 22nd in New York.
    await createSession(t.ctx, event.id, { name: 'Late', sdt: at(17 * 60), edt: at(18 * 60) });
    expect(await names(ada, event.id, '?day=2026-11-22')).toEqual([]);
    await t.ctx.db
      .updateTable('events')
      .set({ timezone: 'America/New_York' })
      .where('id', '=', event.id)
      .execute();
    expect(await names(ada, event.id, '?day=2026-11-22')).toEqual(['Late']);
  });

  it('a caller who came back as a new participant gets their own meetings as collisions', async () => {
    const event = await makeAgendaEvent(t.ctx);
    const ada = await makePerson(t.ctx, event.id);
    const s = await createSession(t.ctx, event.id, { sdt: at(60), edt: at(120) });
    expect(await card(ada, event.id, s.id)).toMatchObject({ collision: false });

    // The page was cached for who the caller was; the meetings are read for who they are now.
    await t.ctx.db.deleteFrom('participants').where('id', '=', ada.id).execute();
    const again = await makeParticipant(t.ctx, event.id, {
      id: ada.userId,
      username: ada.email,
      name: ada.name,
      surname: 'Tester',
    });
    const meeting = await t.ctx.db
      .insertInto('meetings')
      .values({ event_id: event.id, sdt: at(60), edt: at(90), video_room: 'room' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.ctx.db
      .insertInto('meeting_participants')
      .values({ meeting_id: meeting.id, participant_id: again.id, role: 'host', sdt: at(60), edt: at(90) })
      .execute();
    expect(await card(ada, event.id, s.id)).toMatchObject({ collision: true });
  });

  it('the route answers the same JSON as the cards built one by one, as seats and states change', async () => {
    const event = await makeAgendaEvent(t.ctx);
    const ada = await makePerson(t.ctx, event.id);
    const bob = await makePerson(t.ctx, event.id);
    const boss = await makePerson(t.ctx, event.id, { organizer: true });
    const speaker = await makePerson(t.ctx, event.id, { name: 'Zoë "Z"', surname: 'Ünal\\' });
    const room = await createLocation(t.ctx, event.id, 2, 'Hall <A>');
    const s = await createSession(t.ctx, event.id, {
      name: 'Keynote',
      locationId: room.id,
      externalLink: 'https://stream.example/k',
      description: 'Line one\nline "two"',
    });
    await addPerson(t.ctx, s.id, speaker.id, 'speaker');
    await createSession(t.ctx, event.id, { name: 'Clash', sdt: at(90), edt: at(150) });
    const parent = await createSession(t.ctx, event.id, { name: 'Slots', sdt: at(400), edt: at(500) });
    const slot = await createSession(t.ctx, event.id, {
      parentId: parent.id,
      sdt: at(400),
      edt: at(430),
      capacity: 1,
    });
    await createSession(t.ctx, event.id, { parentId: parent.id, sdt: at(430), edt: at(460), capacity: 1 });

    const same = async (who: Person) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/event/${event.id}/sessions`,
        headers: who.headers,
      });
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      const cards = await listSessions(t.ctx, who.userId, event.id, {});
      expect(JSON.parse(res.body)).toEqual({ success: true, data: cards });
    };
    for (const who of [ada, bob, boss, speaker, ada]) await same(who);
    await join(t.app, ada, event.id, s.id);
    await join(t.app, bob, event.id, slot.id);
    for (const who of [ada, bob, boss, speaker, bob, ada]) await same(who);
    t.setNow(at(100));
    for (const who of [ada, bob, boss]) await same(who);
  });

  // The test database is emptied before every test, its ids restarted (test/db.ts): the next test's
  // event has the same id as this one, and this app's cache still holds this one's page.
  let firstEventId = 0;
  it('a page cached before the tables were emptied ... ', async () => {
    const event = await makeAgendaEvent(t.ctx);
    const ada = await makePerson(t.ctx, event.id);
    await createSession(t.ctx, event.id, { name: 'Old' });
    expect(await names(ada, event.id)).toEqual(['Old']);
    firstEventId = event.id;
  });

  it('... is never served for a new event with the same id', async () => {
    const event = await makeAgendaEvent(t.ctx);
    const ada = await makePerson(t.ctx, event.id);
    expect(event.id).toBe(firstEventId);
    expect(await names(ada, event.id)).toEqual([]);
    await createSession(t.ctx, event.id, { name: 'New' });
    expect(await names(ada, event.id)).toEqual(['New']);
  });
});
