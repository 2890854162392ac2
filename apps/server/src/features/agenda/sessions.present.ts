import {
  type AttendeeStatus,
  isSessionPast,
  type SessionLocation,
  type SessionPerson,
  type SessionRole,
  type SessionSummary,
  type SubSession,
  timesOverlap,
} from '@foyer/contract';
import { type BusyInterval, isSameSession } from './agenda-sources';
import type { SessionRow, Viewer } from './sessions.repository';

/** Rows to the contract's shapes: the API never sends a database row as is. */

const iso = (value: Date | string) => new Date(value).toISOString();

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

/** Overlaps something of the viewer's agenda other than this very session. */
function collides(
  busy: readonly BusyInterval[],
  session: { id: number; parentId: number | null; sdt: Date | string; edt: Date | string },
) {
  return busy.some((b) => !isSameSession(b, session.id, session.parentId) && timesOverlap(b, session));
}

export function toSessionSummary(
  row: SessionRow,
  viewer: Viewer,
  busy: readonly BusyInterval[],
  now: Date,
): SessionSummary {
  const capacity = row.own_capacity ?? row.location_capacity;
  const isFull = seatsFull(capacity, row.used_capacity);
  const myStatus = (row.my_status ?? null) as AttendeeStatus | null;
  const myRoles = row.people.filter((p) => p.id === viewer.participantId).map((p) => p.role as SessionRole);
  const byRole = (role: SessionRole) => row.people.filter((p) => p.role === role).map(person);
  const past = isSessionPast(row, now);
  const typeAllowed =
    !row.restricted || (viewer.typeId !== null && row.allowed_type_ids.includes(viewer.typeId));
  const insider = viewer.organizer || myRoles.length > 0 || myStatus === 'joined';

  const subSessions: SubSession[] = row.children.map((c) => {
    const childCapacity = c.own_capacity ?? c.location_capacity;
    const childFull = seatsFull(childCapacity, c.used_capacity);
    const childStatus = (c.my_status ?? null) as AttendeeStatus | null;
    const childCollision = childStatus === null && collides(busy, { ...c, parentId: row.id });
    return {
      id: c.id,
      name: c.name,
      sdt: iso(c.sdt),
      edt: iso(c.edt),
      capacity: childCapacity,
      usedCapacity: c.used_capacity,
      isFull: childFull,
      available: childStatus === null && !childFull && !childCollision && !isSessionPast(c, now), // E3.09
      myStatus: childStatus,
      location: location(c.location_id, c.location_name, c.location_capacity, c.location_used_capacity),
    };
  });

  return {
    id: row.id,
    eventId: row.event_id,
    name: row.name,
    type: row.type,
    sdt: iso(row.sdt),
    edt: iso(row.edt),
    duration: Math.round((new Date(row.edt).getTime() - new Date(row.sdt).getTime()) / 60_000),
    track:
      row.track_id === null ? null : { id: row.track_id, name: row.track_name ?? '', color: row.track_color },
    location: location(row.location_id, row.location_name, row.location_capacity, row.location_used_capacity),
    capacity,
    usedCapacity: row.used_capacity,
    isFull,
    hidden: row.hidden,
    restricted: row.restricted,
    allowedParticipants: row.allowed_type_ids,
    // The stream link is the way in: only for those who hold a seat, present or organize.
    externalLink: insider ? row.external_link : null,
    offlineLink: row.offline_link,
    onSite: row.on_site,
    needsApproval: row.needs_approval,
    images: { top_banner: row.images.top_banner ?? null },
    description: row.description,
    speakers: byRole('speaker'),
    moderators: byRole('moderator'),
    translators: byRole('translator'),
    subSessions,
    sessionCount: subSessions.length,
    rehearsalStarted: row.rehearsal_started_at !== null,
    myStatus,
    myRoles,
    availableToMe: !past && myStatus !== 'declined' && (viewer.organizer || (!row.hidden && typeAllowed)),
    collision:
      myStatus === null && myRoles.length === 0 && collides(busy, { ...row, parentId: row.parent_id }),
  };
}
