import {
  type AgendaItem,
  isSessionLive,
  isSessionPast,
  localDayIn,
  OFF_TIME_STEP_MINUTES,
  PAST_EVENTS_STEP,
  type SessionSummary,
  type SessionTrack,
  type TimeLike,
} from '@foyer/contract';

/** Pure helpers of the sessions list and the personal agenda (no DOM, no React). */

const ms = (t: TimeLike) => (t instanceof Date ? t.getTime() : new Date(t).getTime());

/** The local day (`yyyy-LL-dd`) a session starts on in the user's zone. */
export function dayOf(iso: string, zone: string): string {
  return localDayIn(zone, ms(iso));
}

/** The days that have sessions, in order (the day selector). */
export function sessionDays(sessions: readonly { sdt: string }[], zone: string): string[] {
  return [...new Set(sessions.map((s) => dayOf(s.sdt, zone)))].sort();
}

/** The day to select first: today when it has sessions, else the first day still to come, else the last. */
export function defaultDay(days: readonly string[], zone: string, now: TimeLike): string | null {
  if (days.length === 0) return null;
  const today = localDayIn(zone, ms(now));
  return days.find((d) => d >= today) ?? days[days.length - 1]!;
}

export interface SessionFilter {
  day?: string | null;
  zone: string;
  q?: string;
  trackId?: number | null;
  locationId?: number | null;
  type?: string | null;
  liveNow?: boolean;
  now: TimeLike;
}

const norm = (s: string) => s.toLocaleLowerCase().normalize('NFKD');

/** Text the search looks in: name, description, track, room and people. */
function haystack(s: SessionSummary): string {
  const people = [...s.speakers, ...s.moderators, ...s.translators].map(
    (p) => `${p.name} ${p.surname} ${p.company}`,
  );
  return norm([s.name, s.description, s.track?.name ?? '', s.location?.name ?? '', ...people].join(' '));
}

/** E2.13: the sessions matching the day, search, track, room, type and live-now choices. */
export function filterSessions<T extends SessionSummary>(sessions: readonly T[], f: SessionFilter): T[] {
  const words = norm(f.q ?? '')
    .split(/\s+/)
    .filter(Boolean);
  return sessions.filter((s) => {
    if (f.liveNow) {
      if (!isSessionLive(s, f.now)) return false;
    } else if (f.day && dayOf(s.sdt, f.zone) !== f.day) return false;
    if (f.trackId && s.track?.id !== f.trackId) return false;
    if (f.locationId && s.location?.id !== f.locationId) return false;
    if (f.type && s.type !== f.type) return false;
    if (words.length > 0) {
      const text = haystack(s);
      if (!words.every((w) => text.includes(w))) return false;
    }
    return true;
  });
}

export interface TrackGroup<T> {
  track: SessionTrack | null;
  sessions: T[];
}

/** Sessions by track, tracks in order of their first session; sessions without a track last. */
export function groupByTrack<T extends { track: SessionTrack | null; sdt: string; id: number }>(
  sessions: readonly T[],
): TrackGroup<T>[] {
  const sorted = [...sessions].sort((a, b) => ms(a.sdt) - ms(b.sdt) || a.id - b.id);
  const groups = new Map<number | 'none', TrackGroup<T>>();
  for (const s of sorted) {
    const key = s.track?.id ?? 'none';
    let group = groups.get(key);
    if (!group) {
      group = { track: s.track, sessions: [] };
      groups.set(key, group);
    }
    group.sessions.push(s);
  }
  const all = [...groups.values()];
  return [...all.filter((g) => g.track), ...all.filter((g) => !g.track)];
}

/** A start time of the time view and the sessions starting then. */
export interface TimeGroup<T> {
  sdt: string;
  sessions: T[];
}

/** Issue 15, the time view: sessions by start time, each time in order, sessions by room then name. */
export function groupByTime<
  T extends { sdt: string; id: number; name: string; location: { name: string } | null },
>(sessions: readonly T[]): TimeGroup<T>[] {
  const groups = new Map<number, TimeGroup<T>>();
  for (const s of sessions) {
    const key = ms(s.sdt);
    let group = groups.get(key);
    if (!group) {
      group = { sdt: s.sdt, sessions: [] };
      groups.set(key, group);
    }
    group.sessions.push(s);
  }
  const byRoom = (a: T, b: T) =>
    (a.location?.name ?? '\uffff').localeCompare(b.location?.name ?? '\uffff') ||
    a.name.localeCompare(b.name) ||
    a.id - b.id;
  return [...groups.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, group]) => ({ ...group, sessions: group.sessions.sort(byRoom) }));
}

/** The rooms of the time view's columns, by name; `null` (no room) last when some session has none. */
export function roomsOf(sessions: readonly { location: { id: number; name: string } | null }[]) {
  const rooms = new Map<number, string>();
  let none = false;
  for (const s of sessions) {
    if (s.location) rooms.set(s.location.id, s.location.name);
    else none = true;
  }
  const named = [...rooms.entries()]
    .sort(([, a], [, b]) => a.localeCompare(b))
    .map(([id, name]) => ({ id: id as number | null, name }));
  return none ? [...named, { id: null, name: '' }] : named;
}

/** The filter choices the loaded sessions offer (tracks, rooms, types), each once, by name. */
export function sessionFacets(sessions: readonly SessionSummary[]) {
  const tracks = new Map<number, SessionTrack>();
  const locations = new Map<number, string>();
  const types = new Set<string>();
  for (const s of sessions) {
    if (s.track) tracks.set(s.track.id, s.track);
    if (s.location) locations.set(s.location.id, s.location.name);
    if (s.type) types.add(s.type);
  }
  const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
  return {
    tracks: [...tracks.values()].sort(byName),
    locations: [...locations].map(([id, name]) => ({ id, name })).sort(byName),
    types: [...types].sort(),
  };
}

export interface AgendaFilter {
  q?: string;
  eventId?: number | null;
  kind?: 'all' | 'sessions' | 'meetings' | 'breaks';
}

/** E2.29: search (name, event, room) and filter (event; sessions, meetings or breaks) of the personal agenda. */
export function filterAgenda<T extends AgendaItem>(items: readonly T[], f: AgendaFilter): T[] {
  const words = norm(f.q ?? '')
    .split(/\s+/)
    .filter(Boolean);
  return items.filter((item) => {
    if (f.eventId && item.eid !== f.eventId) return false;
    if (f.kind === 'sessions' && (item.isOffTime || item.type === 'meeting')) return false;
    if (f.kind === 'meetings' && item.type !== 'meeting') return false; // issue 15
    if (f.kind === 'breaks' && !item.isOffTime) return false;
    if (words.length > 0) {
      const text = norm(`${item.name} ${item.eventName} ${item.location ?? ''}`);
      if (!words.every((w) => text.includes(w))) return false;
    }
    return true;
  });
}

/**
 * E2.31: live and upcoming items by start; past ones newest first. Declined requests stay out of
 * both (they are not part of the agenda any more).
 */
export function splitAgenda<T extends AgendaItem>(items: readonly T[], now: TimeLike) {
  const kept = items.filter((i) => !(i.status === 'declined' && i.roles.length === 0));
  const upcoming = kept
    .filter((i) => !isSessionPast(i, now))
    .sort((a, b) => ms(a.sdt) - ms(b.sdt) || a.id - b.id);
  const past = kept.filter((i) => isSessionPast(i, now)).sort((a, b) => ms(b.sdt) - ms(a.sdt) || b.id - a.id);
  return { upcoming, past };
}

/** E9.13, A9.48: a list shown in steps of 5; `remaining` is what the load-more button announces. */
export function pageOf<T>(items: readonly T[], shown: number, step = PAST_EVENTS_STEP) {
  const count = Math.max(step, shown);
  const visible = items.slice(0, count);
  return { visible, remaining: items.length - visible.length, next: count + step };
}

/** E5.10: the times of the break form, every 15 minutes of a day. */
export function quarterHours(): string[] {
  const out: string[] = [];
  for (let m = 0; m < 24 * 60; m += OFF_TIME_STEP_MINUTES) {
    out.push(`${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`);
  }
  return out;
}

/** The events an agenda covers, each once, by name (the export and filter choices). */
export function agendaEvents(
  items: readonly { eid: number; eventName: string }[],
): { id: number; name: string }[] {
  const events = new Map<number, string>();
  for (const i of items) events.set(i.eid, i.eventName);
  return [...events].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
}
