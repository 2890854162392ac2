import {
  type Clash,
  clashesOf,
  findClashes,
  MEETING_SLOT_SESSION_TYPE,
  type Programme,
  type ProgrammeSession,
} from '@foyer/contract';
import { DateTime } from 'luxon';

/** The calendar day (yyyy-LL-dd) of an instant in the event's zone. */
export const dayIn = (iso: string, zone: string) => DateTime.fromISO(iso, { zone }).toFormat('yyyy-LL-dd');

/** HH:mm of an instant in the event's zone. */
export const timeIn = (iso: string, zone: string) => DateTime.fromISO(iso, { zone }).toFormat('HH:mm');

/** Every day of the event, plus any day a session falls on outside it, in order. */
export function programmeDays(programme: Programme): string[] {
  const zone = programme.timezone;
  const days = new Set<string>();
  let day = DateTime.fromISO(programme.eventSdt, { zone }).startOf('day');
  const last = DateTime.fromISO(programme.eventEdt, { zone }).startOf('day');
  for (let i = 0; day <= last && i < 60; i++, day = day.plus({ days: 1 })) {
    days.add(day.toFormat('yyyy-LL-dd'));
  }
  for (const s of programme.sessions) days.add(dayIn(s.sdt, zone));
  return [...days].sort();
}

export const isMeetingSlot = (s: Pick<ProgrammeSession, 'type'>) => s.type === MEETING_SLOT_SESSION_TYPE;

/** Session ids that take part in at least one clash. */
export const clashingIds = (clashes: readonly Clash[]) => new Set(clashes.flatMap((c) => c.sessionIds));

/** The id a session not saved yet goes by in clash checks. */
export const DRAFT_ID = 0;

/** The clashes a draft would have with the saved programme (itself left out when editing). */
export function draftClashes(
  programme: Programme,
  draft: {
    id: number | null;
    sdt: string | null;
    edt: string | null;
    locationId: number | null;
    speakers: { participantId: number }[];
  },
): Clash[] {
  if (!draft.sdt || !draft.edt || Date.parse(draft.edt) <= Date.parse(draft.sdt)) return [];
  const id = draft.id ?? DRAFT_ID;
  const current = programme.sessions.find((s) => s.id === id);
  const others = programme.sessions.filter((s) => s.id !== id);
  return clashesOf(
    findClashes([
      {
        id,
        parentId: current?.parentId ?? null,
        sdt: draft.sdt,
        edt: draft.edt,
        locationId: draft.locationId,
        speakers: draft.speakers,
      },
      ...others,
    ]),
    id,
  );
}
