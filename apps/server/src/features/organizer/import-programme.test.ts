import {
  AgendaRecordType,
  type ImportJob,
  type ImportPreview,
  type ImportValidation,
  realtimeRoom,
} from '@foyer/contract';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { makeEvent, makePerson, type Person } from '../../../test/factories';
import { useHeldTransactions } from '../../../test/held-transactions';
import { call } from '../../../test/helper';
import { waitFor } from '../../../test/smtp';
import { importFile, importStep } from './import.fixtures';
import { programmeTestApp } from './programme.fixtures';

const app = programmeTestApp();
const db = () => app.get().ctx.db;

type Who = Pick<Person, 'headers'>;
const post = <T>(who: Who, eventId: number, step: string, payload: Record<string, unknown>) =>
  importStep<T>(app.get().app, who, eventId, step, payload);
const file = importFile;

/** An event in Berlin over the spring change to summer time (2030-03-31, 02:00 → 03:00). */
async function berlinEvent() {
  const event = await makeEvent(app.get().ctx, {
    timezone: 'Europe/Berlin',
    start: new Date('2030-03-30T06:00:00Z'),
    days: 3,
  });
  const owner = await makePerson(app.get().ctx, event.id, { organizer: true, organizerRole: 'owner' });
  return { event, owner };
}

const SESSIONS_HEADER = 'ID,Title,Start,End,Room,Track,Capacity,Description,Type,Video';
const SESSIONS_MAPPING = [
  'externalId',
  'name',
  'start',
  'end',
  'room',
  'track',
  'capacity',
  'description',
  'type',
  'videoUrl',
];
const SESSIONS_CSV = [
  SESSIONS_HEADER,
  'S1,Opening,2030-03-30 09:00,2030-03-30 10:00,Hall A,Main,100,Welcome,,https://v.test/1',
  'S2,Keynote,2030-03-31 09:00,2030-03-31 10:30,hall a,main,,,session,',
  'S3,Coffee,2030-03-31T10:30:00Z,2030-03-31T11:00:00Z,Foyer,,,,Break,',
].join('\n');

const sessionsOf = (eventId: number) =>
  db()
    .selectFrom('sessions')
    .leftJoin('locations', 'locations.id', 'sessions.location_id')
    .leftJoin('tracks', 'tracks.id', 'sessions.track_id')
    .select([
      'sessions.id',
      'sessions.external_id',
      'sessions.name',
      'sessions.type',
      'sessions.sdt',
      'sessions.edt',
      'sessions.capacity',
      'sessions.description',
      'sessions.external_link',
      'locations.name as room',
      'tracks.name as track',
    ])
    .where('sessions.event_id', '=', eventId)
    .orderBy('sessions.external_id')
    .execute();

const iso = (value: Date | string) => new Date(value).toISOString();

async function importSessions(who: Who, eventId: number, text: string, mapping = SESSIONS_MAPPING) {
  const res = await post<ImportJob>(who, eventId, 'commit', { ...file('sessions', text), mapping });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data!;
}

describe('organizer console: import sessions and speakers', () => {
  it('suggests the sessions mapping, creates rooms and tracks once (any case), reads times in the event zone', async () => {
    const { event, owner } = await berlinEvent();
    await db().insertInto('locations').values({ event_id: event.id, name: 'HALL A' }).execute();
    const preview = await post<ImportPreview>(owner, event.id, 'preview', file('sessions', SESSIONS_CSV));
    expect(preview.body.data?.mapping).toEqual(SESSIONS_MAPPING);

    const job = await importSessions(owner, event.id, SESSIONS_CSV);
    expect(job).toMatchObject({ state: 'done', total: 3, inserted: 3, updated: 0, unchanged: 0, errors: 0 });
    const rows = await sessionsOf(event.id);
    expect(rows.map((r) => ({ ...r, id: 0, sdt: iso(r.sdt), edt: iso(r.edt) }))).toEqual([
      {
        id: 0,
        external_id: 'S1',
        name: 'Opening',
        type: 'session',
        // Winter time on the 30th (UTC+1), summer time from the 31st (UTC+2).
        sdt: '2030-03-30T08:00:00.000Z',
        edt: '2030-03-30T09:00:00.000Z',
        capacity: 100,
        description: 'Welcome',
        external_link: 'https://v.test/1',
        room: 'HALL A',
        track: 'Main',
      },
      {
        id: 0,
        external_id: 'S2',
        name: 'Keynote',
        type: 'session',
        sdt: '2030-03-31T07:00:00.000Z',
        edt: '2030-03-31T08:30:00.000Z',
        capacity: null,
        description: '',
        external_link: null,
        room: 'HALL A',
        track: 'Main',
      },
      {
        id: 0,
        external_id: 'S3',
        name: 'Coffee',
        type: 'break',
        sdt: '2030-03-31T10:30:00.000Z',
        edt: '2030-03-31T11:00:00.000Z',
        capacity: null,
        description: '',
        external_link: null,
        room: 'Foyer',
        track: null,
      },
    ]);
    const rooms = await db()
      .selectFrom('locations')
      .select('name')
      .where('event_id', '=', event.id)
      .execute();
    expect(rooms.map((r) => r.name).sort()).toEqual(['Foyer', 'HALL A']);
  });

  it('reads XLSX date cells as wall-clock times in the event zone', async () => {
    const { event, owner } = await berlinEvent();
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Programme');
    sheet.addRow(['Id', 'Name', 'Start', 'End']);
    sheet.addRow(['X1', 'Workshop', new Date('2030-04-01T14:00:00Z'), new Date('2030-04-01T15:30:00Z')]);
    const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
    const body = {
      ...file('sessions', buffer, 'programme.xlsx'),
      mapping: ['externalId', 'name', 'start', 'end'],
    };
    expect((await post<ImportJob>(owner, event.id, 'commit', body)).body.data?.inserted).toBe(1);
    const [row] = await sessionsOf(event.id);
    expect([iso(row!.sdt), iso(row!.edt)]).toEqual(['2030-04-01T12:00:00.000Z', '2030-04-01T13:30:00.000Z']);
  });

  it('lists per-row errors (time, order, capacity, key twice, skipped hour, type, link) and writes nothing', async () => {
    const { event, owner } = await berlinEvent();
    const text = [
      SESSIONS_HEADER,
      'A,Good,2030-03-30 09:00,2030-03-30 10:00,,,,,,',
      'B,Bad time,30/03/2030 9am,2030-03-30 10:00,,,,,,',
      'C,Backwards,2030-03-30 11:00,2030-03-30 10:00,,,,,,',
      'D,Capacity,2030-03-30 09:00,2030-03-30 10:00,,,lots,,,',
      'A,Again,2030-03-30 09:00,2030-03-30 10:00,,,,,,',
      'E,Gap,2030-03-31 02:30,2030-03-31 04:00,,,,,,',
      'F,Kind,2030-03-30 09:00,2030-03-30 10:00,,,0,,party,javascript:alert(1)',
      ',,2030-03-30 09:00,,,,,,,',
    ].join('\n');
    const res = await post<ImportValidation>(owner, event.id, 'validate', {
      ...file('sessions', text),
      mapping: SESSIONS_MAPPING,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ rowCount: 8, goodCount: 1, badCount: 7 });
    expect(res.body.data?.errors).toEqual([
      { row: 3, field: 'start', message: 'organizer.import.error.time' },
      { row: 4, field: 'end', message: 'organizer.import.error.endBeforeStart' },
      { row: 5, field: 'capacity', message: 'organizer.import.error.capacity' },
      { row: 6, field: 'externalId', message: 'organizer.import.error.duplicateId' },
      { row: 7, field: 'start', message: 'organizer.import.error.time' },
      { row: 8, field: 'capacity', message: 'organizer.import.error.capacity' },
      { row: 8, field: 'type', message: 'organizer.import.error.sessionType' },
      { row: 8, field: 'videoUrl', message: 'organizer.import.error.url' },
      { row: 9, field: 'externalId', message: 'organizer.import.error.required' },
      { row: 9, field: 'name', message: 'organizer.import.error.required' },
      { row: 9, field: 'end', message: 'organizer.import.error.required' },
    ]);
    expect(await sessionsOf(event.id)).toHaveLength(0);
  });

  it('refuses a sessions mapping without its required columns or with an attendee field', async () => {
    const { event, owner } = await berlinEvent();
    const body = file('sessions', 'id,name,start\nA,B,2030-03-30 09:00\n');
    const missing = await post(owner, event.id, 'validate', {
      ...body,
      mapping: ['externalId', 'name', 'start'],
    });
    expect(missing.status).toBe(400);
    expect(missing.body.error?.fields).toEqual({ mapping: 'organizer.import.error.mappingRequired' });
    const wrong = await post(owner, event.id, 'commit', {
      ...file('sessions', 'id,name,start,end,phone\nA,B,2030-03-30 09:00,2030-03-30 10:00,1\n'),
      mapping: ['externalId', 'name', 'start', 'end', 'phone'],
    });
    expect(wrong.body.error?.fields).toEqual({ mapping: 'organizer.import.error.mappingKind' });
    expect(await sessionsOf(event.id)).toHaveLength(0);
  });

  it('a re-import of the same file changes nothing; a new time tells the attendee who joined', async () => {
    const { event, owner } = await berlinEvent();
    await importSessions(owner, event.id, SESSIONS_CSV);
    const again = await importSessions(owner, event.id, SESSIONS_CSV);
    expect(again).toMatchObject({ inserted: 0, updated: 0, unchanged: 3 });
    expect(
      await db().selectFrom('locations').select('id').where('event_id', '=', event.id).execute(),
    ).toHaveLength(2);

    const attendee = await makePerson(app.get().ctx, event.id);
    const keynote = (await sessionsOf(event.id)).find((s) => s.external_id === 'S2')!;
    const join = await call(app.get().app, {
      method: 'POST',
      url: '/api/v1/event/schedule/join',
      headers: attendee.headers,
      payload: { eventId: event.id, toType: 'session', sessionId: keynote.id },
    });
    expect(join.status, JSON.stringify(join.body)).toBe(200);
    await app.get().app.bus.idle();
    const agendaRecords = async () =>
      (
        await db()
          .selectFrom('realtime_events')
          .select(['type', 'payload'])
          .where('room', '=', realtimeRoom.user(attendee.userId))
          .execute()
      ).filter((r) => r.type === AgendaRecordType.AgendaChanged);
    const before = (await agendaRecords()).length;

    const moved = await importSessions(
      owner,
      event.id,
      SESSIONS_CSV.replace('2030-03-31 09:00,2030-03-31 10:30', '2030-03-31 11:00,2030-03-31 12:00'),
    );
    expect(moved).toMatchObject({ inserted: 0, updated: 1, unchanged: 2 });
    const after = (await sessionsOf(event.id)).find((s) => s.external_id === 'S2')!;
    expect(iso(after.sdt)).toBe('2030-03-31T09:00:00.000Z');
    expect((await agendaRecords()).length).toBe(before + 1);
    await app.get().app.bus.idle();
    const notices = await db()
      .selectFrom('notifications')
      .select(['type', 'session_id'])
      .where('user_id', '=', attendee.userId)
      .execute();
    expect(notices).toContainEqual({ type: 'rescheduled_session', session_id: keynote.id });
  });

  it('imports speakers: upserted by e-mail, marked as speakers, linked to the sessions they name', async () => {
    const { event, owner } = await berlinEvent();
    await importSessions(owner, event.id, SESSIONS_CSV);
    const known = await makePerson(app.get().ctx, event.id, { name: 'Kim' });
    const text = [
      'Email,First name,Last name,Company,Sessions,Role',
      'ada@x.test,Ada,Lovelace,Engines,S1; S2,',
      `${known.email.toUpperCase()},,,,S2,Moderator`,
      'nobody@x.test,,,,S1,',
      'ghost@x.test,Ghost,,,S9,',
      'odd@x.test,Odd,,,S1,singer',
    ].join('\n');
    const mapping = ['email', 'name', 'surname', 'company', 'sessionExternalIds', 'role'];
    const preview = await post<ImportPreview>(owner, event.id, 'preview', file('speakers', text));
    expect(preview.body.data?.mapping).toEqual(mapping);
    const checked = await post<ImportValidation>(owner, event.id, 'validate', {
      ...file('speakers', text),
      mapping,
    });
    expect(checked.body.data?.errors).toEqual([
      { row: 4, field: 'name', message: 'organizer.import.error.required' },
      { row: 5, field: 'sessionExternalIds', message: 'organizer.import.error.unknownSession' },
      { row: 6, field: 'role', message: 'organizer.import.error.role' },
    ]);
    const job = await post<ImportJob>(owner, event.id, 'commit', { ...file('speakers', text), mapping });
    expect(job.body.data).toMatchObject({ state: 'done', total: 2, inserted: 1, updated: 1, errors: 3 });

    const links = await db()
      .selectFrom('session_people as sp')
      .innerJoin('sessions as s', 's.id', 'sp.session_id')
      .innerJoin('participants as p', 'p.id', 'sp.participant_id')
      .select(['s.external_id', 'p.email', 'p.name', 'p.is_speaker', 'sp.role'])
      .where('s.event_id', '=', event.id)
      .orderBy('p.email')
      .orderBy('s.external_id')
      .execute();
    expect(links).toEqual([
      { external_id: 'S1', email: 'ada@x.test', name: 'Ada', is_speaker: true, role: 'speaker' },
      { external_id: 'S2', email: 'ada@x.test', name: 'Ada', is_speaker: true, role: 'speaker' },
      { external_id: 'S2', email: known.email, name: 'Kim', is_speaker: true, role: 'moderator' },
    ]);
    const again = await post<ImportJob>(owner, event.id, 'commit', { ...file('speakers', text), mapping });
    expect(again.body.data).toMatchObject({ inserted: 0, updated: 0, unchanged: 2 });
  });

  it('refuses attendees, check-in staff and other events’ organizers (403) for every step', async () => {
    const { event } = await berlinEvent();
    const attendee = await makePerson(app.get().ctx, event.id);
    const checkin = await makePerson(app.get().ctx, event.id, { checkInAdmin: true });
    const other = await makeEvent(app.get().ctx);
    const foreign = await makePerson(app.get().ctx, other.id, { organizer: true, organizerRole: 'owner' });
    const speakersMapping = ['email', ...SESSIONS_MAPPING.slice(1).map(() => null)];
    for (const who of [attendee, checkin, foreign]) {
      for (const kind of ['sessions', 'speakers']) {
        const body = file(kind, SESSIONS_CSV);
        const mapping = kind === 'sessions' ? SESSIONS_MAPPING : speakersMapping;
        expect((await post(who, event.id, 'preview', body)).status).toBe(403);
        for (const step of ['validate', 'commit']) {
          expect((await post(who, event.id, step, { ...body, mapping })).status, `${kind} ${step}`).toBe(403);
        }
      }
    }
    expect(await sessionsOf(event.id)).toHaveLength(0);
  });
});

/** PGlite runs one transaction at a time: only PostgreSQL lets an import meet a console edit. */
describe.skipIf(!process.env.TEST_DATABASE_URL)('an import beside a console edit (PostgreSQL)', () => {
  const held = useHeldTransactions(db);

  it('a re-import keeps what an organizer wrote in the console meanwhile in the cells the file leaves empty', async () => {
    const { event, owner } = await berlinEvent();
    await importSessions(owner, event.id, SESSIONS_CSV);
    // The console's edit of the keynote's description is on its way (its row held, not committed).
    const note = '<p>Moved upstairs</p>';
    const { release, done } = await held.hold(async (trx) => {
      await trx
        .updateTable('sessions')
        .set({ description: note })
        .where('event_id', '=', event.id)
        .where('external_id', '=', 'S2')
        .execute();
    });
    const renamed = SESSIONS_CSV.replace('S2,Keynote,', 'S2,Keynote: the year ahead,');
    const importing = importSessions(owner, event.id, renamed);
    await waitFor(async () => (await held.lockWaiters()) > 0, 10_000, 'the import waiting on the keynote');
    release();
    await done;
    expect(await importing).toMatchObject({ updated: 1, unchanged: 2 });
    const keynote = (await sessionsOf(event.id)).find((s) => s.external_id === 'S2');
    expect(keynote).toMatchObject({ name: 'Keynote: the year ahead', description: note });
  });

  it('a capacity the file sets below the places taken since it was checked leaves the session’s capacity', async () => {
    const { event, owner } = await berlinEvent();
    await importSessions(owner, event.id, SESSIONS_CSV);
    const keynote = db()
      .updateTable('sessions')
      .where('event_id', '=', event.id)
      .where('external_id', '=', 'S2');
    await keynote.set({ used_capacity: 1 }).execute();
    // A second join is on its way when the file (capacity 1, enough for the one place) is checked.
    const { release, done } = await held.hold(async (trx) => {
      await trx
        .updateTable('sessions')
        .set({ used_capacity: 2 })
        .where('event_id', '=', event.id)
        .where('external_id', '=', 'S2')
        .execute();
    });
    const importing = importSessions(
      owner,
      event.id,
      SESSIONS_CSV.replace('hall a,main,,', 'hall a,main,1,'),
    );
    await waitFor(async () => (await held.lockWaiters()) > 0, 10_000, 'the import waiting on the keynote');
    release();
    await done;
    expect(await importing).toMatchObject({ unchanged: 3 });
    const row = await db()
      .selectFrom('sessions')
      .select(['capacity', 'used_capacity'])
      .where('event_id', '=', event.id)
      .where('external_id', '=', 'S2')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ capacity: null, used_capacity: 2 });
  });
});
