import {
  type AttendeeStatus,
  type SessionLocation,
  type SessionPerson,
  type SessionRole,
  type SessionSummary,
  type SubSession,
  timesOverlap,
} from '@foyer/contract';
import { type BusyInterval, isSameSession } from './agenda-sources';
import type { SessionRow } from './sessions.repository';
import type { Viewer } from './sessions.visibility';

/** Rows to the contract's shapes: the API never sends a database row as is. */

const seatsFull = (capacity: number | null, used: number) => capacity !== null && used >= capacity;

function location(
  id: number | null,
  name: string | null,
  capacity: number | null,
  used: number | null,
): SessionLocation | null {
  return id === null ? null : { id, name: name ?? '', capacity, usedCapacity: used ?? 0 };
}

function person(p: SessionRow['people'][number]): SessionPerson {
  return {
    id: p.id,
    name: p.name,
    surname: p.surname,
    company: p.company,
    jobTitle: p.job_title,
    profilePhoto: p.profile_photo,
  };
}

/** Start and end in ms, compared against the agenda without parsing dates again. */
interface Span {
  id: number;
  parentId: number | null;
  sdt: number;
  edt: number;
}

/** Overlaps something of the viewer's agenda other than this very session. */
function clashOf(busy: readonly BusyInterval[], session: Span): BusyInterval | undefined {
  return busy.find((b) => !isSameSession(b, session.id, session.parentId) && timesOverlap(b, session));
}
function collides(busy: readonly BusyInterval[], session: Span) {
  return clashOf(busy, session) !== undefined;
}

type Clash = SessionSummary['clash'];
const CLASH_KINDS = new Set(['session', 'meeting', 'offTime']);
function toClash(b: BusyInterval | undefined): Clash {
  if (!b) return null;
  const kind = (CLASH_KINDS.has(b.kind) ? b.kind : 'other') as NonNullable<Clash>['kind'];
  return { kind, name: b.name, sdt: b.sdt.toISOString(), sessionId: b.sessionId };
}

/**
 * The viewer's own status and the current seat counts, read apart from rows that viewers share
 * (sessions.cache.ts); they take the place of the rows' my_status and used_capacity.
 */
export interface LiveState {
  statuses: ReadonlyMap<number, string>;
  /** Seats taken by session id; a session missing here keeps its row's count. */
  seats: ReadonlyMap<number, number>;
}

type SlotRow = SessionRow['children'][number];

/** What a card shows the same to everyone, worked out once per row (rows of cached pages are shared). */
interface Fixed {
  span: Span;
  sdt: string;
  edt: string;
  duration: number;
  capacity: number | null;
  track: SessionSummary['track'];
  location: SessionLocation | null;
  images: SessionSummary['images'];
  speakers: SessionPerson[];
  moderators: SessionPerson[];
  translators: SessionPerson[];
  slots: {
    row: SlotRow;
    span: Span;
    sdt: string;
    edt: string;
    capacity: number | null;
    location: SessionLocation | null;
  }[];
  /** The last few JSON copies of the card (sessionSummaryJson), by what varied. */
  json: (CardJson & { key: string })[];
  jsonNext: number;
}

// Shared objects end up in several responses; nothing changes a response after it is built.
const fixedParts = new WeakMap<SessionRow, Fixed>();

function fixedOf(row: SessionRow): Fixed {
  const known = fixedParts.get(row);
  if (known) return known;
  const sdt = new Date(row.sdt);
  const edt = new Date(row.edt);
  const byRole = (role: SessionRole) => row.people.filter((p) => p.role === role).map(person);
  const fixed: Fixed = {
    span: { id: row.id, parentId: row.parent_id, sdt: sdt.getTime(), edt: edt.getTime() },
    sdt: sdt.toISOString(),
    edt: edt.toISOString(),
    duration: Math.round((edt.getTime() - sdt.getTime()) / 60_000),
    capacity: row.own_capacity ?? row.location_capacity,
    track:
      row.track_id === null ? null : { id: row.track_id, name: row.track_name ?? '', color: row.track_color },
    location: location(row.location_id, row.location_name, row.location_capacity, row.location_used_capacity),
    images: { top_banner: row.images.top_banner ?? null },
    speakers: byRole('speaker'),
    moderators: byRole('moderator'),
    translators: byRole('translator'),
    slots: row.children.map((c) => {
      const cs = new Date(c.sdt);
      const ce = new Date(c.edt);
      return {
        row: c,
        span: { id: c.id, parentId: row.id, sdt: cs.getTime(), edt: ce.getTime() },
        sdt: cs.toISOString(),
        edt: ce.toISOString(),
        capacity: c.own_capacity ?? c.location_capacity,
        location: location(c.location_id, c.location_name, c.location_capacity, c.location_used_capacity),
      };
    }),
    json: [],
    jsonNext: 0,
  };
  fixedParts.set(row, fixed);
  return fixed;
}

const statusOf = (live: LiveState | undefined, id: number, own: string | null) =>
  ((live ? live.statuses.get(id) : own) ?? null) as AttendeeStatus | null;
const usedOf = (live: LiveState | undefined, id: number, own: number) => live?.seats.get(id) ?? own;

/** What a card shows that depends on the viewer, the clock or the seats taken. */
interface Varying {
  used: number;
  insider: boolean;
  myStatus: AttendeeStatus | null;
  myRoles: SessionRole[];
  availableToMe: boolean;
  collision: boolean;
  clash: Clash;
  slots: { used: number; status: AttendeeStatus | null; available: boolean }[];
}

function varyingOf(
  row: SessionRow,
  fixed: Fixed,
  viewer: Viewer,
  busy: readonly BusyInterval[],
  now: Date,
  live: LiveState | undefined,
): Varying {
  const nowMs = now.getTime();
  const myStatus = statusOf(live, row.id, row.my_status);
  const myRoles: SessionRole[] = [];
  for (const p of row.people) if (p.id === viewer.participantId) myRoles.push(p.role as SessionRole);
  const past = fixed.span.edt <= nowMs; // isSessionPast
  const typeAllowed =
    !row.restricted || (viewer.typeId !== null && row.allowed_type_ids.includes(viewer.typeId));
  return {
    used: usedOf(live, row.id, row.used_capacity),
    insider: viewer.organizer || myRoles.length > 0 || myStatus === 'joined',
    myStatus,
    myRoles,
    availableToMe: !past && myStatus !== 'declined' && (viewer.organizer || (!row.hidden && typeAllowed)),
    ...(() => {
      const clash = myStatus === null && myRoles.length === 0 ? clashOf(busy, fixed.span) : undefined;
      return { collision: clash !== undefined, clash: toClash(clash) };
    })(),
    slots: fixed.slots.map((slot) => {
      const used = usedOf(live, slot.row.id, slot.row.used_capacity);
      const status = statusOf(live, slot.row.id, slot.row.my_status);
      const collision = status === null && collides(busy, slot.span);
      const full = seatsFull(slot.capacity, used);
      // E3.09
      return { used, status, available: status === null && !full && !collision && !(slot.span.edt <= nowMs) };
    }),
  };
}

function assemble(row: SessionRow, fixed: Fixed, v: Varying): SessionSummary {
  const subSessions: SubSession[] = fixed.slots.map((slot, i) => {
    const { used, status, available } = v.slots[i]!;
    return {
      id: slot.row.id,
      name: slot.row.name,
      sdt: slot.sdt,
      edt: slot.edt,
      capacity: slot.capacity,
      usedCapacity: used,
      isFull: seatsFull(slot.capacity, used),
      available,
      myStatus: status,
      location: slot.location,
    };
  });
  return {
    id: row.id,
    eventId: row.event_id,
    name: row.name,
    type: row.type,
    sdt: fixed.sdt,
    edt: fixed.edt,
    duration: fixed.duration,
    track: fixed.track,
    location: fixed.location,
    capacity: fixed.capacity,
    usedCapacity: v.used,
    isFull: seatsFull(fixed.capacity, v.used),
    hidden: row.hidden,
    restricted: row.restricted,
    allowedParticipants: row.allowed_type_ids,
    // The stream link is the way in: only for those who hold a seat, present or organize.
    externalLink: v.insider ? row.external_link : null,
    offlineLink: row.offline_link,
    onSite: row.on_site,
    needsApproval: row.needs_approval,
    images: fixed.images,
    description: row.description,
    speakers: fixed.speakers,
    moderators: fixed.moderators,
    translators: fixed.translators,
    subSessions,
    sessionCount: subSessions.length,
    rehearsalStarted: row.rehearsal_started_at !== null,
    myStatus: v.myStatus,
    myRoles: v.myRoles,
    availableToMe: v.availableToMe,
    collision: v.collision,
    clash: v.clash,
  };
}

export function toSessionSummary(
  row: SessionRow,
  viewer: Viewer,
  busy: readonly BusyInterval[],
  now: Date,
  live?: LiveState,
): SessionSummary {
  const fixed = fixedOf(row);
  return assemble(row, fixed, varyingOf(row, fixed, viewer, busy, now, live));
}

/**
 * A card as JSON. `serial` names these exact bytes for the life of the process: no other copy of any
 * card has it, so a page's serials name the page's bytes (its compressed copies are kept by them).
 */
export interface CardJson {
  json: string;
  serial: number;
}

let lastSerial = 0;

/** How many differently shown copies of a card a row keeps (viewers with and without a clash...). */
const JSON_COPIES = 4;

/**
 * The card as JSON, exactly JSON.stringify(toSessionSummary(...)): built once per row and state
 * (seats, own status and roles, availability, clash) and then reused, since rows of cached pages are
 * shared by everyone who opens the list and most of them see a card the same way.
 */
export function sessionSummaryJson(
  row: SessionRow,
  viewer: Viewer,
  busy: readonly BusyInterval[],
  now: Date,
  live?: LiveState,
): CardJson {
  const fixed = fixedOf(row);
  const v = varyingOf(row, fixed, viewer, busy, now, live);
  const clash = v.clash ? `${v.clash.kind}:${v.clash.sessionId}:${v.clash.sdt}:${v.clash.name}` : '';
  let key = `${v.used},${v.insider},${v.myStatus},${v.myRoles.join('+')},${v.availableToMe},${clash}`;
  for (const slot of v.slots) key += `;${slot.used},${slot.status},${slot.available}`;
  const known = fixed.json.find((copy) => copy.key === key);
  if (known) return known;
  const copy = { key, json: JSON.stringify(assemble(row, fixed, v)), serial: ++lastSerial };
  fixed.json[fixed.jsonNext] = copy;
  fixed.jsonNext = (fixed.jsonNext + 1) % JSON_COPIES;
  return copy;
}
