import { type Dashboard, dashboardSchema } from '@foyer/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  makeBooth,
  makeEvent,
  makePerson,
  makeSlots,
  makeType,
  makeUser,
  type Person,
} from '../../../test/factories';
import { call, createTestApp, type TestApp } from '../../../test/helper';
import { toCsv } from './dashboard.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.app.bus.idle();
  t.setNow(null as unknown as Date); // back to the real clock
});
afterAll(async () => {
  await t.close();
});

type Who = Pick<Person, 'headers'>;
const get = <T>(who: Who, url: string) =>
  call<T>(t.app, { method: 'GET', url: `/api/v1${url}`, headers: who.headers });
const csv = (who: Who, url: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: who.headers });

/** "Now" on the event's second morning: 13:00 in Istanbul (UTC+3), so local midnight is 21:00 UTC. */
const NOW = new Date('2030-05-01T10:00:00Z');
const at = (iso: string) => new Date(iso);

/**
 * An event in Istanbul with people, meetings, a session, check-ins, a booth with collected contacts
 * and polls, every row placed so that a day or hour read in UTC instead of the event's zone shows.
 */
async function seededEvent() {
  const db = t.ctx.db;
  const event = await makeEvent(t.ctx, { timezone: 'Europe/Istanbul' });
  const owner = await makePerson(t.ctx, event.id, { organizer: true, organizerRole: 'owner' });
  const type = await makeType(t.ctx, event.id, { name: 'Visitor' });
  const booth = await makeBooth(t.ctx, event.id, '=HYPERLINK("http://evil.test")');
  const ada = await makePerson(t.ctx, event.id, { typeId: type.id });
  const bob = await makePerson(t.ctx, event.id, { typeId: type.id });
  const exhibitor = await makePerson(t.ctx, event.id, { boothId: booth.id, boothRole: 'owner' });
  await makePerson(t.ctx, event.id, { state: 'invited' });
  await makePerson(t.ctx, event.id, { state: 'deleted' });
  const setParticipant = (id: number, created: string, presence: string | null) =>
    db
      .updateTable('participants')
      .set({ created_at: at(created), last_presence_confirm_at: presence ? at(presence) : null } as never)
      .where('id', '=', id)
      .execute();
  // 30 April 01:30 in Istanbul (still 29 April in UTC); present since local midnight.
  await setParticipant(ada.id, '2030-04-29T22:30:00Z', '2030-04-30T21:30:00Z');
  // 30 April; last present before local midnight (the same UTC day as "now").
  await setParticipant(bob.id, '2030-04-30T10:00:00Z', '2030-04-30T20:00:00Z');
  await setParticipant(exhibitor.id, '2030-05-01T09:00:00Z', null);

  // Meetings: three requests; one meeting over, one to come, one cancelled; a table is no meeting.
  await db
    .insertInto('invitations')
    .values(
      [ada, bob, exhibitor].map((p) => ({
        event_id: event.id,
        type: 'join' as const,
        from_participant_id: p.id,
        to_participant_id: owner.id,
      })),
    )
    .execute();
  const meeting = (sdt: string, edt: string, o: object = {}) => ({
    event_id: event.id,
    sdt: at(sdt),
    edt: at(edt),
    video_room: `room-${Math.random()}`,
    ...o,
  });
  await db
    .insertInto('meetings')
    .values([
      meeting('2030-05-01T08:30:00Z', '2030-05-01T09:00:00Z'),
      meeting('2030-05-01T11:00:00Z', '2030-05-01T11:30:00Z', { booth_id: booth.id }),
      meeting('2030-05-01T08:00:00Z', '2030-05-01T08:30:00Z', { status: 'cancelled', booth_id: booth.id }),
      meeting('2030-05-01T08:00:00Z', '2030-05-01T08:30:00Z', { kind: 'table' }),
    ])
    .execute();

  // A session of 10 places with two joined and one waiting; meeting slots stay out of the fill.
  const session = await db
    .insertInto('sessions')
    .values({
      event_id: event.id,
      name: 'Keynote',
      sdt: at('2030-05-01T07:00:00Z'),
      edt: at('2030-05-01T08:00:00Z'),
      capacity: 10,
      images: '{}',
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await makeSlots(t.ctx, event.id, at('2030-05-01T09:00:00Z'), 2);
  await db
    .insertInto('session_attendees')
    .values([
      { session_id: session.id, participant_id: ada.id, status: 'joined' },
      { session_id: session.id, participant_id: bob.id, status: 'joined' },
      { session_id: session.id, participant_id: exhibitor.id, status: 'waiting' },
    ])
    .execute();

  // Check-ins: Ada is inside the event and the hall, Bob came and left.
  const hall = await db
    .insertInto('locations')
    .values({ event_id: event.id, name: 'Hall A' })
    .returningAll()
    .executeTakeFirstOrThrow();
  const [door, hallArea] = await db
    .insertInto('checkin_areas')
    .values([
      { event_id: event.id, entity_type: 'event', entity_id: 0 },
      { event_id: event.id, entity_type: 'location', entity_id: hall.id },
    ])
    .returningAll()
    .execute();
  const checkin = (area: number, who: number, inAt: string, inside: boolean) => ({
    area_id: area,
    participant_id: who,
    checked_in: inside,
    checked_in_at: at(inAt),
    checked_out_at: inside ? null : at('2030-05-01T08:00:00Z'),
  });
  await db
    .insertInto('checkins')
    .values([
      checkin(door!.id, ada.id, '2030-05-01T06:10:00Z', true),
      checkin(door!.id, bob.id, '2030-05-01T06:40:00Z', false),
      checkin(hallArea!.id, ada.id, '2030-05-01T07:05:00Z', true),
    ])
    .execute();

  // Contacts the booth's owner collected: two here, one at another event.
  const contact = (events: number[]) => ({
    owner_id: exhibitor.userId,
    event_ids: events,
    first_name: 'C',
    emails: ['c@example.test'],
  });
  await db
    .insertInto('contacts')
    .values([contact([event.id]), contact([event.id, 999_999]), contact([999_999])])
    .execute();

  // Polls: a published one with two ballots, a closed one with one, a draft that does not count.
  const poll = (status: 'published' | 'closed' | 'draft', question: string) => ({
    event_id: event.id,
    question,
    answers: JSON.stringify([{ id: 1, text: 'Yes' }]),
    status,
  });
  const [open, closed] = await db
    .insertInto('polls')
    .values([poll('published', 'Coffee?'), poll('closed', '-1+1'), poll('draft', 'Later')])
    .returningAll()
    .execute();
  await db
    .insertInto('poll_ballots')
    .values([
      { poll_id: open!.id, participant_id: ada.id, answer_ids: [1] },
      { poll_id: open!.id, participant_id: bob.id, answer_ids: [1] },
      { poll_id: closed!.id, participant_id: ada.id, answer_ids: [1] },
    ])
    .execute();
  return {
    event,
    owner,
    type,
    booth,
    session,
    door: door!,
    hallArea: hallArea!,
    open: open!,
    closed: closed!,
  };
}

describe('organizer console: dashboard (issue 12, part 7)', () => {
  it('counts people, registrations by local day, activity today, meetings, session fill, check-ins, booths and polls', async () => {
    const s = await seededEvent();
    t.setNow(NOW);
    const res = await get<Dashboard>(s.owner, `/organizer/event/${s.event.id}/dashboard`);
    expect(res.status).toBe(200);
    const data = res.body.data!;
    // The answer is exactly the contract's shape: no undeclared field.
    expect(dashboardSchema.parse(data)).toEqual(data);
    expect(data.timezone).toBe('Europe/Istanbul');
    expect(data.participants).toMatchObject({ total: 5, active: 4, invited: 1 });
    expect(data.participants.byType).toEqual([
      { typeId: s.type.id, name: 'Visitor', count: 2 },
      { typeId: null, name: '', count: 3 },
    ]);
    expect(data.registrationsByDay).toEqual(
      expect.arrayContaining([
        { day: '2030-04-30', count: 2 },
        { day: '2030-05-01', count: 1 },
      ]),
    );
    expect(data.registrationsByDay.find((d) => d.day === '2030-04-29')).toBeUndefined();
    expect(data.activeToday).toBe(1);
    expect(data.meetings).toEqual({ requested: 3, accepted: 2, held: 1 });
    expect(data.sessions).toEqual([
      { id: s.session.id, name: 'Keynote', sdt: '2030-05-01T07:00:00.000Z', capacity: 10, joined: 2 },
    ]);
    expect(data.checkins).toEqual({
      inside: 1,
      total: 2,
      areas: [
        { id: s.door.id, kind: 'event', name: '', inside: 1, total: 2 },
        { id: s.hallArea.id, kind: 'location', name: 'Hall A', inside: 1, total: 1 },
      ],
      byHour: [
        { hour: '2030-05-01 09:00', areaId: s.door.id, count: 2 },
        { hour: '2030-05-01 10:00', areaId: s.hallArea.id, count: 1 },
      ],
    });
    expect(data.boothVisits).toEqual([{ boothId: s.booth.id, name: s.booth.name, contacts: 2, meetings: 1 }]);
    expect(data.polls).toEqual({
      polls: 2,
      votes: 3,
      voters: 2,
      byPoll: [
        { id: s.open.id, question: 'Coffee?', status: 'published', votes: 2 },
        { id: s.closed.id, question: '-1+1', status: 'closed', votes: 1 },
      ],
    });
  });

  it('answers zeros and empty lists for a new event', async () => {
    const event = await makeEvent(t.ctx);
    const owner = await makePerson(t.ctx, event.id, { organizer: true, organizerRole: 'admin' });
    const res = await get<Dashboard>(owner, `/organizer/event/${event.id}/dashboard`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      participants: { total: 1, active: 1, invited: 0 },
      meetings: { requested: 0, accepted: 0, held: 0 },
      sessions: [],
      checkins: { inside: 0, total: 0, areas: [], byHour: [] },
      boothVisits: [],
      polls: { polls: 0, votes: 0, voters: 0, byPoll: [] },
    });
  });

  it('exports each figure as CSV, with formula-like cells defused', async () => {
    const s = await seededEvent();
    t.setNow(NOW);
    const booths = await csv(s.owner, `/organizer/event/${s.event.id}/dashboard/export?figure=boothVisits`);
    expect(booths.statusCode).toBe(200);
    expect(booths.headers['content-type']).toContain('text/csv');
    expect(booths.headers['content-disposition']).toBe(
      `attachment; filename="event-${s.event.id}-boothVisits.csv"`,
    );
    expect(booths.body).toBe(`booth,contacts,meetings\r\n"'=HYPERLINK(""http://evil.test"")",2,1`);
    const polls = await csv(s.owner, `/organizer/event/${s.event.id}/dashboard/export?figure=polls`);
    expect(polls.body.split('\r\n')).toEqual([
      'poll,status,votes',
      'Coffee?,published,2',
      `"'-1+1",closed,1`,
    ]);
    const sessions = await csv(s.owner, `/organizer/event/${s.event.id}/dashboard/export?figure=sessions`);
    // Start times in the event's zone (Istanbul, UTC+3).
    expect(sessions.body.split('\r\n')).toEqual([
      'session,starts,capacity,joined',
      'Keynote,2030-05-01 10:00,10,2',
    ]);
    const hours = await csv(s.owner, `/organizer/event/${s.event.id}/dashboard/export?figure=checkinsByHour`);
    expect(hours.body.split('\r\n')).toEqual([
      'hour,area,check-ins',
      '2030-05-01 09:00,Whole event,2',
      '2030-05-01 10:00,Hall A,1',
    ]);
    for (const figure of ['registrationsByDay', 'participantsByType', 'meetings']) {
      const res = await csv(s.owner, `/organizer/event/${s.event.id}/dashboard/export?figure=${figure}`);
      expect(res.statusCode, figure).toBe(200);
      expect(res.body.split('\r\n').length, figure).toBeGreaterThan(1);
    }
    const meetings = await csv(s.owner, `/organizer/event/${s.event.id}/dashboard/export?figure=meetings`);
    expect(meetings.body.split('\r\n')).toEqual(['figure,count', 'requested,3', 'accepted,2', 'held,1']);
  });

  it('quotes a cell with a ";" or a tab, so a spreadsheet splitting on them starts no formula there', () => {
    // Excel splits a CSV on the locale's list separator (";" in tr, ru, es): "Acme;=1+2" unquoted is two cells.
    expect(
      toCsv(
        ['booth', 'contacts'],
        [
          ['Acme;=1+2', 1],
          ['Tab\t@SUM(A1)', 2],
        ],
      ).split('\r\n'),
    ).toEqual(['booth,contacts', '"Acme;=1+2",1', '"Tab\t@SUM(A1)",2']);
  });

  it('refuses bad input with field keys', async () => {
    const event = await makeEvent(t.ctx);
    const owner = await makePerson(t.ctx, event.id, { organizer: true, organizerRole: 'owner' });
    const figure = await get(owner, `/organizer/event/${event.id}/dashboard/export?figure=everything`);
    expect(figure.status).toBe(400);
    expect(figure.body.error?.fields).toEqual({ figure: 'validation.error.option' });
    const missing = await get(owner, `/organizer/event/${event.id}/dashboard/export`);
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.error?.fields ?? {})).toEqual(['figure']);
    const extra = await get(owner, `/organizer/event/${event.id}/dashboard?figure=polls`);
    expect(extra.status).toBe(400);
    const id = await get(owner, '/organizer/event/99999999999999/dashboard');
    expect(id.status).toBe(400);
    expect(id.body.error?.fields).toHaveProperty('eventId');
    const nul = await get(owner, `/organizer/event/${event.id}/dashboard/export?figure=polls%00`);
    expect(nul.status).toBe(400);
    expect((await get(owner, '/organizer/event/2147483647/dashboard')).status).toBe(404);
  });

  it('is for organizers only: attendees, organizers of another event and check-in staff get 403', async () => {
    const event = await makeEvent(t.ctx);
    const other = await makeEvent(t.ctx);
    const attendee = await makePerson(t.ctx, event.id);
    const foreign = await makePerson(t.ctx, other.id, { organizer: true, organizerRole: 'owner' });
    const staff = await makePerson(t.ctx, event.id, { checkInAdmin: true });
    const stranger = await makeUser(t.ctx);
    for (const who of [attendee, foreign, staff, stranger]) {
      for (const url of ['dashboard', 'dashboard/export?figure=polls']) {
        const res = await get(who, `/organizer/event/${event.id}/${url}`);
        expect(res.status, url).toBe(403);
      }
    }
    const anonymous = await get({ headers: {} as never }, `/organizer/event/${event.id}/dashboard`);
    expect(anonymous.status).toBe(401);
  });
});
