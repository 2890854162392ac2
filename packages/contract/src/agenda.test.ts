import { describe, expect, it } from 'vitest';
import {
  AGENDA_LIVE_MS,
  agendaExportRequest,
  closestMeeting,
  daySchema,
  formatUtcDateTime,
  isAgendaItemLive,
  isAllExpired,
  isSessionLive,
  isSessionPast,
  isSessionStartWindowOpen,
  meetingSlotsRequest,
  offTimeForm,
  participantOffRequest,
  SESSION_BANNER_HEIGHT,
  SESSION_RECOMPUTE_MS,
  SESSION_START_WINDOW_MS,
  SESSION_STARTING_MS,
  type SessionButtonInput,
  sessionButtons,
  sessionsListQuery,
  sessionUpcomingState,
  timesOverlap,
  toOffTimeRequest,
} from './index';

const sdt = new Date('2026-11-22T10:00:00Z');
const edt = new Date('2026-11-22T11:00:00Z');
const session = { sdt, edt };
const at = (offsetMs: number) => new Date(sdt.getTime() + offsetMs);
const MIN = 60_000;

describe('session detail layout', () => {
  it('E9.20 the session banner is 96 px high', () => {
    expect(SESSION_BANNER_HEIGHT).toBe(96);
  });

  it('E9.08 sessions are recomputed every 60 s', () => {
    expect(SESSION_RECOMPUTE_MS).toBe(60_000);
  });
});

describe('session upcoming state (E4.28–E4.31)', () => {
  it('E4.31 is notstarted at exactly 300000 ms before the start', () => {
    expect(SESSION_STARTING_MS).toBe(300_000);
    expect(sessionUpcomingState(session, at(-SESSION_STARTING_MS))).toBe('notstarted');
  });

  it('E4.30 E9.06 is starting under 300000 ms before the start', () => {
    expect(sessionUpcomingState(session, at(-SESSION_STARTING_MS + 1))).toBe('starting');
    expect(sessionUpcomingState(session, at(-1))).toBe('starting');
  });

  it('E4.29 is started from the start instant until the end', () => {
    expect(sessionUpcomingState(session, sdt)).toBe('started');
    expect(sessionUpcomingState(session, edt.getTime() - 1)).toBe('started');
  });

  it('E4.28 is expired from the end instant', () => {
    expect(sessionUpcomingState(session, edt)).toBe('expired');
    expect(
      sessionUpcomingState({ sdt: sdt.toISOString(), edt: edt.toISOString() }, '2026-11-23T00:00:00Z'),
    ).toBe('expired');
  });
});

describe('derived session flags (E4.32–E4.37)', () => {
  it('E4.33 the started flag opens exactly 15 minutes before the start and closes at the end', () => {
    expect(SESSION_START_WINDOW_MS).toBe(15 * MIN);
    expect(isSessionStartWindowOpen(session, at(-15 * MIN - 1))).toBe(false);
    expect(isSessionStartWindowOpen(session, at(-15 * MIN))).toBe(true);
    expect(isSessionStartWindowOpen(session, edt.getTime() - 1)).toBe(true);
    expect(isSessionStartWindowOpen(session, edt)).toBe(false);
  });

  it('E4.35 E4.36 live between start and end, past from the end', () => {
    expect(isSessionLive(session, at(-1))).toBe(false);
    expect(isSessionLive(session, sdt)).toBe(true);
    expect(isSessionLive(session, edt)).toBe(false);
    expect(isSessionPast(session, edt.getTime() - 1)).toBe(false);
    expect(isSessionPast(session, edt)).toBe(true);
  });

  it('E4.37 E9.07 an agenda item is live from 7 minutes before its start until its end', () => {
    expect(AGENDA_LIVE_MS).toBe(7 * MIN);
    expect(isAgendaItemLive(session, at(-7 * MIN - 1))).toBe(false);
    expect(isAgendaItemLive(session, at(-7 * MIN))).toBe(true);
    expect(isAgendaItemLive(session, edt.getTime() - 1)).toBe(true);
    expect(isAgendaItemLive(session, edt)).toBe(false);
  });

  it('E4.32 allExpired needs every sub-session over', () => {
    const early = { sdt: at(-2 * 60 * MIN), edt: at(-60 * MIN) };
    const late = { sdt: at(60 * MIN), edt: at(120 * MIN) };
    expect(isAllExpired({ ...session, subSessions: [early, late] }, at(0))).toBe(false);
    expect(isAllExpired({ ...session, subSessions: [early] }, at(0))).toBe(true);
    expect(isAllExpired(session, edt)).toBe(true);
  });

  it('E4.38 the closest meeting is the earliest that is neither over nor an off-time', () => {
    const items = [
      { id: 1, sdt: at(-120 * MIN), edt: at(-60 * MIN) },
      { id: 2, sdt: at(10 * MIN), edt: at(20 * MIN), isOffTime: true },
      { id: 3, sdt: at(30 * MIN), edt: at(40 * MIN) },
      { id: 4, sdt: at(20 * MIN), edt: at(90 * MIN) },
    ];
    expect(closestMeeting(items, sdt)?.id).toBe(4);
    expect(closestMeeting([items[0]!], sdt)).toBeNull();
  });

  it('touching intervals do not overlap, crossing ones do', () => {
    expect(timesOverlap(session, { sdt: edt, edt: at(120 * MIN) })).toBe(false);
    expect(timesOverlap(session, { sdt: at(59 * MIN), edt: at(120 * MIN) })).toBe(true);
  });
});

type Overrides = Omit<Partial<SessionButtonInput>, 'session'> & {
  session?: Partial<SessionButtonInput['session']>;
};

function input(overrides: Overrides) {
  const { session: s, ...rest } = overrides;
  return {
    session: {
      ...session,
      onSite: false,
      offlineLink: null,
      isFull: false,
      collision: false,
      rehearsalStarted: false,
      availableToMe: true,
      ...s,
    },
    eventType: 'online',
    eventFinished: false,
    myStatus: null,
    myRoles: [],
    organizer: false,
    now: at(-60 * MIN),
    ...rest,
  } satisfies SessionButtonInput;
}

describe('session buttons (E4.41–E4.52)', () => {
  it('E4.41 E4.51 an expired session is Finished and offers the recording when there is one', () => {
    expect(sessionButtons(input({ now: edt }))).toEqual({ buttons: [], notice: 'finished' });
    expect(sessionButtons(input({ now: edt, session: { offlineLink: 'https://v/1' } }))).toEqual({
      buttons: ['viewRecording'],
      notice: 'finished',
    });
    expect(sessionButtons(input({ eventFinished: true }))).toMatchObject({ notice: 'finished' });
  });

  it('E4.44 before the start window: Add to agenda, or Remove and add to calendar when in it', () => {
    expect(sessionButtons(input({ now: at(-15 * MIN - 1) }))).toEqual({
      buttons: ['addToAgenda'],
      notice: null,
    });
    expect(sessionButtons(input({ myStatus: 'joined' }))).toEqual({
      buttons: ['removeFromAgenda', 'addToCalendar'],
      notice: null,
    });
  });

  it('E4.42 in the start window a plain attendee gets Join now, in agenda or not', () => {
    expect(sessionButtons(input({ now: at(-15 * MIN) }))).toEqual({ buttons: ['joinNow'], notice: null });
    expect(sessionButtons(input({ now: sdt, myStatus: 'joined' }))).toEqual({
      buttons: ['joinNow'],
      notice: null,
    });
  });

  it('E4.43 E6.34 organizers and moderators get Join as attendee and Join as moderator', () => {
    expect(sessionButtons(input({ now: sdt, organizer: true })).buttons).toEqual([
      'joinAsAttendee',
      'joinAsModerator',
    ]);
    expect(sessionButtons(input({ now: sdt, myRoles: ['moderator'] })).buttons).toEqual([
      'joinAsAttendee',
      'joinAsModerator',
    ]);
    expect(sessionButtons(input({ now: sdt, organizer: true, session: { isFull: true } })).buttons).toEqual([
      'joinAsModerator',
    ]);
  });

  it('E4.45 E4.46 E6.34 speakers and translators get Start Streaming, and Join Rehearsal until it started', () => {
    expect(sessionButtons(input({ myRoles: ['speaker'] })).buttons).toEqual([
      'startStreaming',
      'joinRehearsal',
    ]);
    expect(
      sessionButtons(input({ myRoles: ['translator'], session: { rehearsalStarted: true } })).buttons,
    ).toEqual(['startStreaming']);
  });

  it('E4.47 E4.48 a pending request shows Waiting Confirmation with leave; a declined one Request declined', () => {
    expect(sessionButtons(input({ myStatus: 'waiting' }))).toEqual({
      buttons: ['leave'],
      notice: 'waitingConfirmation',
    });
    expect(sessionButtons(input({ myStatus: 'declined', now: sdt }))).toEqual({
      buttons: [],
      notice: 'requestDeclined',
    });
  });

  it('E4.49 E4.50 a collision shows You are busy, no seats Fully booked, before and in the window', () => {
    for (const now of [at(-60 * MIN), sdt]) {
      expect(sessionButtons(input({ now, session: { collision: true } }))).toEqual({
        buttons: [],
        notice: 'busy',
      });
      expect(sessionButtons(input({ now, session: { isFull: true } }))).toEqual({
        buttons: [],
        notice: 'fullyBooked',
      });
    }
    // Already in it: the seat is theirs.
    expect(
      sessionButtons(input({ now: sdt, myStatus: 'joined', session: { isFull: true } })).buttons,
    ).toEqual(['joinNow']);
  });

  it('E4.52 hybrid on-site sessions show the on-site hint instead of join', () => {
    const onSite = { onSite: true };
    expect(sessionButtons(input({ eventType: 'hybrid', now: sdt, session: onSite }))).toEqual({
      buttons: [],
      notice: 'onSiteOnly',
    });
    expect(sessionButtons(input({ eventType: 'hybrid', session: onSite })).buttons).toEqual(['addToAgenda']);
    expect(sessionButtons(input({ eventType: 'online', now: sdt, session: onSite })).buttons).toEqual([
      'joinNow',
    ]);
  });
});

describe('off-time validation (E5.08–E5.10)', () => {
  it('E5.08 date, start and end are required', () => {
    const result = offTimeForm.safeParse({ date: '2026-11-22' });
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['start', 'end']));
  });

  it('E5.09 start must be earlier than end', () => {
    expect(offTimeForm.safeParse({ date: '2026-11-22', start: '10:00', end: '10:00' }).success).toBe(false);
    expect(offTimeForm.safeParse({ date: '2026-11-22', start: '10:00', end: '10:15' }).success).toBe(true);
  });

  it('E5.10 times use 15-minute steps', () => {
    expect(offTimeForm.safeParse({ date: '2026-11-22', start: '10:05', end: '10:30' }).success).toBe(false);
    expect(offTimeForm.safeParse({ date: '2026-11-22', start: '10:45', end: '11:00' }).success).toBe(true);
  });

  it('E3.11 the form becomes a request in UTC yyyy-LL-dd HH:mm that the server schema accepts', () => {
    const form = offTimeForm.parse({ date: '2026-11-22', start: '09:00', end: '10:30' });
    const request = toOffTimeRequest(form, { eventId: 7, timezone: 'Europe/Istanbul' });
    expect(request).toMatchObject({ startTime: '2026-11-22 06:00', endTime: '2026-11-22 07:30' });
    expect(participantOffRequest.safeParse(request).success).toBe(true);
  });

  it('E7.25 server schema: UTC format, steps, order and the local day are checked', () => {
    const base = { eventId: 1, date: '2026-11-22', timezone: 'UTC' };
    const ok = { ...base, startTime: '2026-11-22 10:00', endTime: '2026-11-22 10:15' };
    expect(participantOffRequest.safeParse(ok).success).toBe(true);
    expect(participantOffRequest.safeParse({ ...ok, startTime: '2026-11-22T10:00' }).success).toBe(false);
    expect(participantOffRequest.safeParse({ ...ok, startTime: '2026-11-22 10:10' }).success).toBe(false);
    expect(participantOffRequest.safeParse({ ...ok, endTime: '2026-11-22 09:45' }).success).toBe(false);
    expect(participantOffRequest.safeParse({ ...ok, date: '2026-11-21' }).success).toBe(false);
    expect(participantOffRequest.safeParse({ ...ok, startTime: '2026-02-30 10:00' }).success).toBe(false);
    expect(participantOffRequest.safeParse({ ...ok, extra: 1 }).success).toBe(false);
    expect(formatUtcDateTime(new Date('2026-11-22T10:00:00Z'))).toBe('2026-11-22 10:00');
  });
});

describe('sessions list query', () => {
  it('coerces numbers and flags and rejects unknown fields', () => {
    expect(sessionsListQuery.parse({ track: '3', liveNow: 'true', limit: '20' })).toEqual({
      track: 3,
      liveNow: true,
      limit: 20,
    });
    expect(sessionsListQuery.safeParse({ limit: '1000' }).success).toBe(false);
    expect(sessionsListQuery.safeParse({ other: 'x' }).success).toBe(false);
  });
});

describe('agenda export request', () => {
  it('E5.25 the e-mail export needs the event', () => {
    expect(agendaExportRequest.safeParse({}).success).toBe(false);
    expect(agendaExportRequest.safeParse({ eventId: 'x' }).success).toBe(false);
    expect(agendaExportRequest.parse({ eventId: '7' })).toEqual({ eventId: 7 });
  });
});

describe('a day (daySchema) is one the platform holds: years 1900 to 9999', () => {
  it('E5.08 E2.13 E3.08 days before 1900 are refused as breaks are (validation.error.date); 1900–9999 pass', () => {
    for (const day of ['1900-01-01', '2026-11-22', '9999-12-31']) {
      expect(daySchema.safeParse(day).success, day).toBe(true);
    }
    for (const day of ['0100-01-01', '1000-06-15', '1899-12-31', '0000-01-01', '10000-01-01', '1900-02-29']) {
      const result = daySchema.safeParse(day);
      expect(result.success, day).toBe(false);
      expect([...new Set(result.error?.issues.map((i) => i.message))], day).toEqual([
        'validation.error.date',
      ]);
    }
    // Every schema built on it: the break form and request, the sessions list's day, meeting slots.
    const early = '1899-12-31';
    expect(offTimeForm.safeParse({ date: early, start: '10:00', end: '10:15' }).error?.issues).toEqual([
      expect.objectContaining({ path: ['date'], message: 'validation.error.date' }),
    ]);
    const breakRequest = participantOffRequest.safeParse({
      eventId: 1,
      date: early,
      startTime: '1900-01-01 01:00',
      endTime: '1900-01-01 01:15',
      timezone: 'America/New_York',
    });
    expect(breakRequest.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['date', 'validation.error.date'],
    ]);
    expect(sessionsListQuery.safeParse({ day: early }).error?.issues[0]?.message).toBe(
      'validation.error.date',
    );
    expect(
      meetingSlotsRequest.safeParse({ days: ['2030-05-01', early], from: '10:00', to: '11:00', minutes: 30 })
        .error?.issues,
    ).toEqual([expect.objectContaining({ path: ['days', 1], message: 'validation.error.date' })]);
  });
});
