import type { ProgrammeRoom, ProgrammeSession, ProgrammeSpeaker, ProgrammeTrack } from '@foyer/contract';
import type { ProgrammeSessionRow, RoomRow, SessionPersonRow, TrackRow } from './programme.repository';

const iso = (value: Date | string) => new Date(value).toISOString();

export const toRoom = (row: Omit<RoomRow, 'session_count'> & { session_count?: unknown }): ProgrammeRoom => ({
  id: row.id,
  name: row.name,
  capacity: row.capacity,
  sessionCount: Number(row.session_count ?? 0),
});

export const toTrack = (
  row: Omit<TrackRow, 'session_count'> & { session_count?: unknown },
): ProgrammeTrack => ({
  id: row.id,
  name: row.name,
  color: row.color,
  sessionCount: Number(row.session_count ?? 0),
});

/** People rows grouped by session id. */
export function peopleBySession(rows: SessionPersonRow[]): Map<number, ProgrammeSpeaker[]> {
  const map = new Map<number, ProgrammeSpeaker[]>();
  for (const row of rows) {
    const list = map.get(row.session_id) ?? [];
    list.push({
      participantId: row.participant_id,
      role: row.role,
      name: row.name,
      surname: row.surname,
      company: row.company,
    });
    map.set(row.session_id, list);
  }
  return map;
}

export const toProgrammeSession = (
  row: ProgrammeSessionRow,
  speakers: ProgrammeSpeaker[],
): ProgrammeSession => ({
  id: row.id,
  parentId: row.parent_id,
  name: row.name,
  type: row.type,
  description: row.description,
  sdt: iso(row.sdt),
  edt: iso(row.edt),
  locationId: row.location_id,
  trackId: row.track_id,
  capacity: row.capacity,
  usedCapacity: row.used_capacity,
  joined: Number(row.joined ?? 0),
  hidden: row.hidden,
  restricted: row.restricted,
  allowedTypeIds: row.allowed_type_ids ?? [],
  externalLink: row.external_link,
  offlineLink: row.offline_link,
  onSite: row.on_site,
  needsApproval: row.needs_approval,
  speakers,
});
