import {
  AgendaRecordType,
  type Programme,
  type ProgrammeRoom,
  type ProgrammeSession,
  realtimeRoom,
} from '@foyer/contract';
import type { Transaction } from 'kysely';
import { describe, expect, it } from 'vitest';
import { makePerson } from '../../../test/factories';
import { useHeldTransactions } from '../../../test/held-transactions';
import { apiAs, call } from '../../../test/helper';
import { holdLock } from '../../db/advisory-locks';
import type { DB } from '../../db/schema';
import { at, programmeEvent, programmeTestApp } from './programme.fixtures';

const app = programmeTestApp();
const req = apiAs(app.get);

async function joinAs(who: { headers: Record<string, string> }, eventId: number, sessionId: number) {
  const res = await call(app.get().app, {
    method: 'POST',
    url: '/api/v1/event/schedule/join',
    headers: who.headers,
    payload: { eventId, toType: 'session', sessionId },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

const notificationsOf = (userId: number) =>
  app
    .get()
    .ctx.db.selectFrom('notifications')
    .select(['type', 'session_id'])
    .where('user_id', '=', userId)
    .execute();

const recordsIn = (room: string) =>
  app
    .get()
    .ctx.db.selectFrom('realtime_events')
    .select(['type', 'payload'])
    .where('room', '=', room)
    .execute();

describe('organizer console: sessions', () => {
  it('creates a session with every field and its speakers, shown in the programme with joined counts', async () => {
    const { event, admin, attendee } = await programmeEvent(app.get());
    const base = `/organizer/event/${event.id}`;
    const speaker = await makePerson(app.get().ctx, event.id, { name: 'Sena', isSpeaker: true });
    const room = (await req<ProgrammeRoom>(admin, 'POST', `${base}/rooms`, { name: 'Hall', capacity: 50 }))
      .body.data!;
    const created = await req<ProgrammeSession>(admin, 'POST', `${base}/sessions`, {
      name: 'Opening',
      description: 'Welcome',
      sdt: at('09:00'),
      edt: at('10:00'),
      locationId: room.id,
      capacity: 40,
      hidden: false,
      restricted: false,
      needsApproval: false,
      onSite: true,
      externalLink: 'https://meet.example.org/opening',
      offlineLink: '',
      speakers: [
        { participantId: speaker.id, role: 'speaker' },
        { participantId: admin.id, role: 'moderator' },
      ],
    });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({
      name: 'Opening',
      type: 'session',
      capacity: 40,
      locationId: room.id,
      onSite: true,
      externalLink: 'https://meet.example.org/opening',
      offlineLink: null,
      joined: 0,
    });
    expect(created.body.data?.speakers.map((s) => [s.name, s.role]).sort()).toEqual(
      [
        ['Sena', 'speaker'],
        [admin.name, 'moderator'],
      ].sort(),
    );
    await joinAs(attendee, event.id, created.body.data!.id);
    const programme = (await req<Programme>(admin, 'GET', `${base}/programme`)).body.data!;
    expect(programme.sessions[0]).toMatchObject({ id: created.body.data!.id, joined: 1, usedCapacity: 1 });
    const brk = await req<ProgrammeSession>(admin, 'POST', `${base}/sessions`, {
      name: 'Coffee',
      type: 'break',
      sdt: at('10:00'),
      edt: at('10:30'),
    });
    expect(brk.body.data).toMatchObject({ type: 'break', speakers: [] });
  });

  it('refuses bad session input with field keys and saves nothing', async () => {
    const { event, owner } = await programmeEvent(app.get());
    const base = `/organizer/event/${event.id}`;
    const bad = async (body: object) => {
      const res = await req(owner, 'POST', `${base}/sessions`, {
        name: 'S',
        sdt: at('09:00'),
        edt: at('10:00'),
        ...body,
      });
      expect(res.status).toBe(400);
      return res.body.error?.fields;
    };
    expect(await bad({ edt: at('08:00') })).toEqual({ edt: 'validation.error.endBeforeStart' });
    expect(await bad({ capacity: 0 })).toEqual({ capacity: 'validation.error.number' });
    expect(await bad({ externalLink: 'not a url' })).toEqual({
      externalLink: 'organizer.programme.error.url',
    });
    expect(await bad({ locationId: 999999 })).toEqual({
      locationId: 'organizer.programme.error.unknownRoom',
    });
    expect(await bad({ trackId: 999999 })).toEqual({ trackId: 'organizer.programme.error.unknownTrack' });
    expect(await bad({ allowedTypeIds: [999999] })).toEqual({
      allowedTypeIds: 'organizer.programme.error.unknownType',
    });
    expect(await bad({ speakers: [{ participantId: 999999, role: 'speaker' }] })).toEqual({
      speakers: 'organizer.programme.error.unknownSpeaker',
    });
    expect(await bad({ type: '_participant_off_' })).toEqual({ type: 'validation.error.option' });
    const programme = (await req<Programme>(owner, 'GET', `${base}/programme`)).body.data!;
    expect(programme.sessions).toEqual([]);
  });

  it('answers 409 with the clashes (room double-booked, speaker in two places) unless allowClash', async () => {
    const { event, owner } = await programmeEvent(app.get());
    const base = `/organizer/event/${event.id}`;
    const speaker = await makePerson(app.get().ctx, event.id);
    const [a, b] = await Promise.all(
      ['A', 'B'].map(
        async (name) => (await req<ProgrammeRoom>(owner, 'POST', `${base}/rooms`, { name })).body.data!,
      ),
    );
    const first = (
      await req<ProgrammeSession>(owner, 'POST', `${base}/sessions`, {
        name: 'First',
        sdt: at('09:00'),
        edt: at('10:00'),
        locationId: a!.id,
        speakers: [{ participantId: speaker.id, role: 'speaker' }],
      })
    ).body.data!;
    const sameRoom = { name: 'Second', sdt: at('09:30'), edt: at('10:30'), locationId: a!.id };
    const clash = await req(owner, 'POST', `${base}/sessions`, sameRoom);
    expect(clash.status).toBe(409);
    expect(clash.body.error).toMatchObject({
      code: 'MST-00701',
      fields: { [`room.${first.id}`]: 'organizer.programme.clash.room' },
    });
    const elsewhere = {
      name: 'Third',
      sdt: at('09:45'),
      edt: at('11:00'),
      locationId: b!.id,
      speakers: [{ participantId: speaker.id, role: 'speaker' }],
    };
    const speakerClash = await req(owner, 'POST', `${base}/sessions`, elsewhere);
    expect(speakerClash.status).toBe(409);
    expect(speakerClash.body.error?.fields).toEqual({
      [`speaker.${first.id}.${speaker.id}`]: 'organizer.programme.clash.speaker',
    });
    expect((await req<Programme>(owner, 'GET', `${base}/programme`)).body.data!.sessions).toHaveLength(1);
    // Right after, back to back: no clash.
    const after = await req(owner, 'POST', `${base}/sessions`, { ...sameRoom, sdt: at('10:00') });
    expect(after.status).toBe(200);
    const forced = await req<ProgrammeSession>(owner, 'POST', `${base}/sessions`, {
      ...elsewhere,
      allowClash: true,
    });
    expect(forced.status).toBe(200);
    const programme = (await req<Programme>(owner, 'GET', `${base}/programme`)).body.data!;
    expect(programme.clashes).toEqual([
      {
        kind: 'speaker',
        sessionIds: [first.id, forced.body.data!.id],
        locationId: null,
        participantId: speaker.id,
      },
    ]);
    // Editing the first session alone (same time, same room) does not clash with itself.
    const edit = await req(owner, 'PUT', `${base}/sessions/${first.id}`, {
      name: 'First, renamed',
      sdt: at('09:00'),
      edt: at('10:00'),
      locationId: a!.id,
    });
    expect(edit.status).toBe(200);
  });

  it('refuses a capacity below the places taken, with a field error', async () => {
    const { event, owner, attendee } = await programmeEvent(app.get());
    const base = `/organizer/event/${event.id}`;
    const other = await makePerson(app.get().ctx, event.id);
    const room = (await req<ProgrammeRoom>(owner, 'POST', `${base}/rooms`, { name: 'Small', capacity: 5 }))
      .body.data!;
    const body = { name: 'Workshop', sdt: at('09:00'), edt: at('10:00'), capacity: 3 };
    const session = (await req<ProgrammeSession>(owner, 'POST', `${base}/sessions`, body)).body.data!;
    await joinAs(attendee, event.id, session.id);
    await joinAs(other, event.id, session.id);
    const below = await req(owner, 'PUT', `${base}/sessions/${session.id}`, { ...body, capacity: 1 });
    expect(below.status).toBe(400);
    expect(below.body.error?.fields).toEqual({ capacity: 'organizer.programme.error.capacityBelowJoined' });
    expect((await req(owner, 'PUT', `${base}/sessions/${session.id}`, { ...body, capacity: 2 })).status).toBe(
      200,
    );
    // Without a capacity of its own, the session takes its room's: that may not shrink below 2 either.
    expect(
      (
        await req(owner, 'PUT', `${base}/sessions/${session.id}`, {
          ...body,
          capacity: null,
          locationId: room.id,
        })
      ).status,
    ).toBe(200);
    const room1 = await req(owner, 'PUT', `${base}/rooms/${room.id}`, { name: 'Small', capacity: 1 });
    expect(room1.status).toBe(400);
    expect(room1.body.error?.fields).toEqual({ capacity: 'organizer.programme.error.capacityBelowJoined' });
    const programme = (await req<Programme>(owner, 'GET', `${base}/programme`)).body.data!;
    expect(programme.rooms[0]?.capacity).toBe(5);
    expect(programme.sessions[0]).toMatchObject({ capacity: null, joined: 2 });
  });

  it('a new time reaches those who joined: their agenda refreshes live and they are notified', async () => {
    const { event, owner, attendee } = await programmeEvent(app.get());
    const base = `/organizer/event/${event.id}`;
    const body = { name: 'Panel', sdt: at('09:00'), edt: at('10:00') };
    const session = (await req<ProgrammeSession>(owner, 'POST', `${base}/sessions`, body)).body.data!;
    await joinAs(attendee, event.id, session.id);
    const room = realtimeRoom.user(attendee.userId);
    await app.get().app.bus.idle();
    const agendaRecords = async () =>
      (await recordsIn(room)).filter((r) => r.type === AgendaRecordType.AgendaChanged);
    const before = (await agendaRecords()).length;
    const moved = await req<ProgrammeSession>(owner, 'PUT', `${base}/sessions/${session.id}`, {
      ...body,
      sdt: at('11:00'),
      edt: at('12:00'),
    });
    expect(moved.body.data).toMatchObject({ sdt: at('11:00'), edt: at('12:00') });
    const records = await agendaRecords();
    expect(records.length).toBe(before + 1);
    expect(records.at(-1)?.payload).toMatchObject({ eventId: event.id, participantId: attendee.id });
    await app.get().app.bus.idle();
    expect(await notificationsOf(attendee.userId)).toContainEqual({
      type: 'rescheduled_session',
      session_id: session.id,
    });
    const agenda = await call<{ items: { id: number; sdt: string }[] }>(app.get().app, {
      method: 'GET',
      url: `/api/v1/event/agenda?eventId=${event.id}`,
      headers: attendee.headers,
    });
    expect(agenda.body.data?.items.find((i) => i.id === session.id)?.sdt).toBe(at('11:00'));
  });

  it('cancelling a session removes it from agendas and tells those who joined', async () => {
    const { event, owner, attendee } = await programmeEvent(app.get());
    const base = `/organizer/event/${event.id}`;
    const session = (
      await req<ProgrammeSession>(owner, 'POST', `${base}/sessions`, {
        name: 'Gone',
        sdt: at('09:00'),
        edt: at('10:00'),
      })
    ).body.data!;
    await joinAs(attendee, event.id, session.id);
    expect((await req(owner, 'DELETE', `${base}/sessions/${session.id}`)).status).toBe(200);
    expect((await req(owner, 'DELETE', `${base}/sessions/${session.id}`)).status).toBe(404);
    await app.get().app.bus.idle();
    expect(await notificationsOf(attendee.userId)).toContainEqual({
      type: 'session_cancelled',
      session_id: session.id,
    });
    const programme = (await req<Programme>(owner, 'GET', `${base}/programme`)).body.data!;
    expect(programme.sessions).toEqual([]);
    const agenda = await call<{ items: { id: number }[] }>(app.get().app, {
      method: 'GET',
      url: `/api/v1/event/agenda?eventId=${event.id}`,
      headers: attendee.headers,
    });
    expect(agenda.body.data?.items.map((i) => i.id)).not.toContain(session.id);
  });
});

/**
 * Two saves at once: each checks for clashes, then writes. PGlite runs one transaction at a time:
 * only PostgreSQL lets them meet.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('sessions saved at once (PostgreSQL)', () => {
  const held = useHeldTransactions(() => app.get().ctx.db);

  it('a session saved while another save books the same room at that time is refused with the clash, not double-booked', async () => {
    const { event, owner } = await programmeEvent(app.get());
    const base = `/organizer/event/${event.id}`;
    const room = (await req<ProgrammeRoom>(owner, 'POST', `${base}/rooms`, { name: 'Hall' })).body.data!;
    const speaker = await makePerson(app.get().ctx, event.id);
    const session = (
      await req<ProgrammeSession>(owner, 'POST', `${base}/sessions`, {
        name: 'Later',
        sdt: at('14:00'),
        edt: at('15:00'),
        locationId: room.id,
      })
    ).body.data!;
    let first = 0;
    // The first save, in flight: it has checked and written its session, not committed yet.
    const inFlight = async (trx: Transaction<DB>) => {
      await holdLock(trx, 'programme', event.id);
      const row = await trx
        .insertInto('sessions')
        .values({
          event_id: event.id,
          name: 'First',
          sdt: at('09:00'),
          edt: at('10:00'),
          location_id: room.id,
          images: '{}',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      first = row.id;
      await trx
        .insertInto('session_people')
        .values({ session_id: row.id, participant_id: speaker.id, role: 'speaker' })
        .execute();
    };
    const created = await held.behind(inFlight, () =>
      req(owner, 'POST', `${base}/sessions`, {
        name: 'Second',
        sdt: at('09:30'),
        edt: at('10:30'),
        locationId: room.id,
      }),
    );
    expect(created.status).toBe(409);
    expect(created.body.error?.fields).toEqual({ [`room.${first}`]: 'organizer.programme.clash.room' });
    // An edit that moves a session onto a speaker's time in another save in flight: refused too.
    const moved = await held.behind(
      async (trx) => {
        await holdLock(trx, 'programme', event.id);
        const row = await trx
          .insertInto('sessions')
          .values({ event_id: event.id, name: 'Talk', sdt: at('16:00'), edt: at('17:00'), images: '{}' })
          .returning('id')
          .executeTakeFirstOrThrow();
        first = row.id;
        await trx
          .insertInto('session_people')
          .values({ session_id: row.id, participant_id: speaker.id, role: 'speaker' })
          .execute();
      },
      () =>
        req(owner, 'PUT', `${base}/sessions/${session.id}`, {
          name: 'Later',
          sdt: at('16:30'),
          edt: at('17:30'),
          locationId: room.id,
          speakers: [{ participantId: speaker.id, role: 'speaker' }],
        }),
    );
    expect(moved.status).toBe(409);
    expect(moved.body.error?.fields).toEqual({
      [`speaker.${first}.${speaker.id}`]: 'organizer.programme.clash.speaker',
    });
  });
});
