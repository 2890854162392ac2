import type { AgendaItem, SessionSummary } from '@foyer/contract';
import { describe, expect, it } from 'vitest';
import { formatDay, formatTime, formatTimeRange } from '../../../lib/format-date';
import {
  agendaEvents,
  dayOf,
  defaultDay,
  filterAgenda,
  filterSessions,
  groupByTime,
  groupByTrack,
  pageOf,
  quarterHours,
  roomsOf,
  sessionDays,
  sessionFacets,
  splitAgenda,
} from './agenda-lib';

const track = (id: number, name: string) => ({ id, name, color: null });
const room = (id: number, name: string) => ({ id, name, capacity: 10, usedCapacity: 0 });

function session(id: number, sdt: string, edt: string, extra: Partial<SessionSummary> = {}): SessionSummary {
  return {
    id,
    eventId: 1,
    name: `Session ${id}`,
    type: 'talk',
    sdt,
    edt,
    duration: 60,
    track: null,
    location: null,
    capacity: null,
    usedCapacity: 0,
    isFull: false,
    hidden: false,
    restricted: false,
    allowedParticipants: [],
    externalLink: null,
    offlineLink: null,
    onSite: false,
    needsApproval: false,
    images: { top_banner: null },
    description: '',
    speakers: [],
    moderators: [],
    translators: [],
    subSessions: [],
    sessionCount: 0,
    rehearsalStarted: false,
    myStatus: null,
    myRoles: [],
    availableToMe: true,
    collision: false,
    clash: null,
    ...extra,
  };
}

function item(id: number, sdt: string, edt: string, extra: Partial<AgendaItem> = {}): AgendaItem {
  return {
    type: 'session',
    id,
    eid: 1,
    eventName: 'Summit',
    rsesId: id,
    sdefId: id,
    name: `Item ${id}`,
    sdt,
    edt,
    offType: null,
    isOffTime: false,
    buttonShow: true,
    status: 'joined',
    roles: [],
    onSite: false,
    location: null,
    participantId: 9,
    ...extra,
  };
}

describe('sessions list logic', () => {
  // 22:30 UTC on the 1st is already the 2nd in Istanbul (UTC+3).
  const late = session(1, '2026-12-01T22:30:00Z', '2026-12-01T23:30:00Z');
  const morning = session(2, '2026-12-02T07:00:00Z', '2026-12-02T08:00:00Z', {
    track: track(5, 'Fintech'),
    location: room(3, 'Hall B'),
    speakers: [
      { id: 4, name: 'Ada', surname: 'Lovelace', company: 'Engines', jobTitle: '', profilePhoto: null },
    ],
  });
  const keynote = session(3, '2026-12-03T09:00:00Z', '2026-12-03T10:00:00Z', {
    track: track(2, 'Keynotes'),
    type: 'keynote',
  });

  it('E2.13 groups by the day in the user time zone, not UTC', () => {
    expect(dayOf(late.sdt, 'UTC')).toBe('2026-12-01');
    expect(dayOf(late.sdt, 'Europe/Istanbul')).toBe('2026-12-02');
    expect(sessionDays([keynote, late, morning], 'Europe/Istanbul')).toEqual(['2026-12-02', '2026-12-03']);
    expect(sessionDays([keynote, late, morning], 'UTC')).toEqual(['2026-12-01', '2026-12-02', '2026-12-03']);
  });

  it('picks today or the next day with sessions, else the last one', () => {
    const days = ['2026-12-02', '2026-12-03'];
    expect(defaultDay(days, 'UTC', '2026-11-20T10:00:00Z')).toBe('2026-12-02');
    expect(defaultDay(days, 'UTC', '2026-12-03T10:00:00Z')).toBe('2026-12-03');
    expect(defaultDay(days, 'UTC', '2027-01-01T10:00:00Z')).toBe('2026-12-03');
    expect(defaultDay([], 'UTC', 0)).toBeNull();
  });

  it('E2.13 filters by day, search (speaker names too), track, room, type and live now', () => {
    const all = [late, morning, keynote];
    const base = { zone: 'Europe/Istanbul', now: '2026-11-01T00:00:00Z' };
    expect(filterSessions(all, { ...base, day: '2026-12-02' }).map((s) => s.id)).toEqual([1, 2]);
    expect(filterSessions(all, { ...base, q: 'lovelace' }).map((s) => s.id)).toEqual([2]);
    expect(filterSessions(all, { ...base, q: 'hall fintech' }).map((s) => s.id)).toEqual([2]);
    expect(filterSessions(all, { ...base, q: 'nothing' })).toEqual([]);
    expect(filterSessions(all, { ...base, trackId: 2 }).map((s) => s.id)).toEqual([3]);
    expect(filterSessions(all, { ...base, locationId: 3 }).map((s) => s.id)).toEqual([2]);
    expect(filterSessions(all, { ...base, type: 'keynote' }).map((s) => s.id)).toEqual([3]);
    // Live now ignores the day: what runs at this moment, whatever day is selected.
    const now = '2026-12-03T09:30:00Z';
    expect(filterSessions(all, { ...base, now, day: '2026-12-02', liveNow: true }).map((s) => s.id)).toEqual([
      3,
    ]);
  });

  it('groups by track in order of first session, sessions without a track last', () => {
    const groups = groupByTrack([keynote, late, morning]);
    expect(groups.map((g) => g.track?.name ?? null)).toEqual(['Fintech', 'Keynotes', null]);
    expect(groups[2]!.sessions.map((s) => s.id)).toEqual([1]);
  });

  it('offers each track, room and type once', () => {
    const f = sessionFacets([late, morning, keynote, morning]);
    expect(f.tracks.map((t) => t.name)).toEqual(['Fintech', 'Keynotes']);
    expect(f.locations).toEqual([{ id: 3, name: 'Hall B' }]);
    expect(f.types).toEqual(['keynote', 'talk']);
  });
});

describe('the time view (issue 15)', () => {
  const hall = { id: 1, name: 'Hall', capacity: null, usedCapacity: 0 };
  const atrium = { id: 2, name: 'Atrium', capacity: null, usedCapacity: 0 };
  const a = session(1, '2030-05-01T09:00:00Z', '2030-05-01T10:00:00Z', { name: 'Zeta', location: hall });
  const b = session(2, '2030-05-01T09:00:00Z', '2030-05-01T10:00:00Z', { name: 'Alpha', location: atrium });
  const c = session(3, '2030-05-01T08:00:00Z', '2030-05-01T09:00:00Z', { name: 'Early', location: null });
  const d = session(4, '2030-05-01T09:00:00Z', '2030-05-01T09:30:00Z', { name: 'Beta', location: hall });

  it('groups by start time in order; within a time by room, then name', () => {
    const groups = groupByTime([a, b, c, d]);
    expect(groups.map((g) => g.sdt)).toEqual(['2030-05-01T08:00:00Z', '2030-05-01T09:00:00Z']);
    expect(groups[1]!.sessions.map((s) => s.name)).toEqual(['Alpha', 'Beta', 'Zeta']);
  });

  it('the columns are the rooms by name, with "no room" last when a session has none', () => {
    expect(roomsOf([a, b, c, d])).toEqual([
      { id: 2, name: 'Atrium' },
      { id: 1, name: 'Hall' },
      { id: null, name: '' },
    ]);
    expect(roomsOf([a, b]).map((r) => r.id)).toEqual([2, 1]);
  });
});

describe('personal agenda logic', () => {
  const now = '2026-12-02T10:00:00Z';
  const past1 = item(1, '2026-12-01T08:00:00Z', '2026-12-01T09:00:00Z');
  const past2 = item(2, '2026-12-01T10:00:00Z', '2026-12-01T11:00:00Z', { eid: 2, eventName: 'Forum' });
  const live = item(3, '2026-12-02T09:30:00Z', '2026-12-02T10:30:00Z');
  const next = item(4, '2026-12-02T12:00:00Z', '2026-12-02T12:30:00Z', {
    type: 'offTime',
    isOffTime: true,
    name: 'Break',
    offType: 'break',
    status: null,
  });
  const declined = item(5, '2026-12-02T14:00:00Z', '2026-12-02T15:00:00Z', { status: 'declined' });

  it('E2.31 E4.36 splits live and upcoming (by start) from past (newest first), without declined requests', () => {
    const { upcoming, past } = splitAgenda([next, past1, declined, live, past2], now);
    expect(upcoming.map((i) => i.id)).toEqual([3, 4]);
    expect(past.map((i) => i.id)).toEqual([2, 1]);
  });

  it('E2.29 searches and filters by event and kind', () => {
    const all = [past1, past2, live, next];
    expect(filterAgenda(all, { q: 'forum' }).map((i) => i.id)).toEqual([2]);
    expect(filterAgenda(all, { eventId: 1 }).map((i) => i.id)).toEqual([1, 3, 4]);
    expect(filterAgenda(all, { kind: 'breaks' }).map((i) => i.id)).toEqual([4]);
    expect(filterAgenda(all, { kind: 'sessions' }).map((i) => i.id)).toEqual([1, 2, 3]);
    // Issue 15: meetings have their own filter, and are not sessions.
    const meeting = item(6, '2026-12-02T16:00:00Z', '2026-12-02T16:30:00Z', {
      type: 'meeting',
      name: '1:1 meeting with Ben',
      meeting: { kind: 'meeting', withName: 'Ben', withParticipantId: 9, table: 2 },
    });
    expect(filterAgenda([...all, meeting], { kind: 'meetings' }).map((i) => i.id)).toEqual([6]);
    expect(filterAgenda([...all, meeting], { kind: 'sessions' }).map((i) => i.id)).toEqual([1, 2, 3]);
    expect(agendaEvents(all)).toEqual([
      { id: 2, name: 'Forum' },
      { id: 1, name: 'Summit' },
    ]);
  });

  it('E9.13 A9.48 E9.12 pages past items in steps of 5 with the remaining count', () => {
    const items = Array.from({ length: 12 }, (_, i) => i);
    const first = pageOf(items, 0);
    expect(first.visible).toHaveLength(5);
    expect(first.remaining).toBe(7);
    const second = pageOf(items, first.next);
    expect(second.visible).toHaveLength(10);
    expect(second.remaining).toBe(2);
    const third = pageOf(items, second.next);
    expect(third.visible).toHaveLength(12);
    expect(third.remaining).toBe(0);
    expect(pageOf([1, 2], 0).remaining).toBe(0);
  });

  it('E5.10 the break form offers 15-minute steps', () => {
    const times = quarterHours();
    expect(times).toHaveLength(96);
    expect(times.slice(0, 3)).toEqual(['00:00', '00:15', '00:30']);
    expect(times.at(-1)).toBe('23:45');
  });
});

describe('time formatting', () => {
  it('shows times in the user zone', () => {
    expect(formatTime('2026-12-01T22:30:00Z', 'Europe/Istanbul', 'en')).toBe('01:30');
    expect(formatTimeRange('2026-12-01T07:00:00Z', '2026-12-01T08:00:00Z', 'UTC', 'en')).toBe(
      '07:00 – 08:00',
    );
    expect(formatDay('2026-12-02', 'en-GB')).toBe('Wed 2 Dec');
  });
});
