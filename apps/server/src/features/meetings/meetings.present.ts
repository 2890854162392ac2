import {
  formatInZone,
  type Invitation,
  isInStartWindow,
  type Meeting,
  type MeetingDetails,
  type PersonSummary,
  upcomingState,
} from '@foyer/contract';
import type { Executor } from '../../db/executor';
import type { InvitationRow, MeetingRow } from './meetings.repository';
import * as repo from './meetings.repository';
import {
  eventZones,
  invitationIdsOf,
  latestBetweenPairs,
  meetingsByIds,
  pairKey,
  people,
  slotLocations,
  slotsByIds,
} from './present.repository';

const iso = (d: Date | string) => new Date(d).toISOString();
type PersonRow = Awaited<ReturnType<typeof people>>[number];

export function toPerson(p: PersonRow | undefined): PersonSummary | null {
  // E3.04: a deleted person is shown as a placeholder by the client.
  if (!p || p.state === 'deleted') return null;
  return {
    id: p.id,
    name: p.name,
    surname: p.surname,
    fullName: `${p.name} ${p.surname}`.trim(),
    jobTitle: p.job_title,
    company: p.company,
    profilePhoto: p.profile_photo,
    boothId: p.booth_role === 'not_confirmed' ? null : p.booth_id,
  };
}

function toMeetingDetails(m: MeetingRow): MeetingDetails {
  return {
    id: m.id,
    status: m.status,
    executorId: m.executor_id,
    createdAt: iso(m.created_at),
    message: m.message,
    sessionId: m.slot_session_id,
    sdt: iso(m.sdt),
    edt: iso(m.edt),
  };
}

/** Invitations from the viewer's point of view, with the other person and the meeting. */
export async function presentInvitations(
  db: Executor,
  rows: readonly InvitationRow[],
  viewerId: number,
): Promise<Invitation[]> {
  const meetingIds = [...new Set(rows.map((r) => r.meeting_id).filter((id): id is number => id !== null))];
  const [persons, meetings, suggested, latest] = await Promise.all([
    people(
      db,
      rows.flatMap((r) => [r.from_participant_id, r.to_participant_id]),
    ),
    meetingIds.length ? meetingsByIds(db, meetingIds) : Promise.resolve([]),
    slotsByIds(
      db,
      rows.flatMap((r) => r.suggested_session_ids ?? []),
    ),
    latestBetweenPairs(
      db,
      rows.map((r) => ({ eventId: r.event_id, a: r.from_participant_id, b: r.to_participant_id })),
    ),
  ]);
  const byId = new Map(persons.map((p) => [p.id, p]));
  const meetingById = new Map(meetings.map((m) => [m.id, m]));
  return rows.map((r) => {
    const mine = r.from_participant_id === viewerId;
    const oppId = mine ? r.to_participant_id : r.from_participant_id;
    const meeting = r.meeting_id ? meetingById.get(r.meeting_id) : undefined;
    const edt = r.type === 'reschedule' ? (r.proposed_edt ?? meeting?.edt) : meeting?.edt;
    const last = latest.get(pairKey(r.from_participant_id, r.to_participant_id)) ?? r;
    return {
      id: r.id,
      eid: r.event_id,
      type: r.type,
      state: r.state,
      fpid: r.from_participant_id,
      tpid: r.to_participant_id,
      oppId,
      sessionId: r.session_id,
      csid: meeting && meeting.status !== 'cancelled' ? meeting.slot_session_id : null,
      cdt: iso(r.created_at),
      edt: edt ? iso(edt) : null,
      sent: iso(r.updated_at),
      message: r.message,
      responseMessage: r.response_message,
      toBoothId: r.to_booth_id,
      me: mine,
      myDetails: toPerson(byId.get(viewerId)),
      opponentParticipant: toPerson(byId.get(oppId)),
      lastInvitationDetails: {
        id: last.id,
        eid: last.event_id,
        type: last.type,
        message: last.message,
        sent: iso(last.updated_at),
        me: last.from_participant_id === viewerId,
      },
      meetingDetails: meeting ? toMeetingDetails(meeting) : null,
      proposedSdt: r.proposed_sdt ? iso(r.proposed_sdt) : null,
      proposedEdt: r.proposed_edt ? iso(r.proposed_edt) : null,
      suggestedSlots: suggested
        .filter((slot) => (r.suggested_session_ids ?? []).includes(slot.id))
        .map((slot) => ({ sessionId: slot.id, sdt: iso(slot.sdt), edt: iso(slot.edt) })),
    };
  });
}

export async function presentMeetings(
  db: Executor,
  meetings: readonly MeetingRow[],
  viewerId: number,
  now: Date,
  videoUrlTemplate: string,
): Promise<Meeting[]> {
  const ids = meetings.map((m) => m.id);
  const slotIds = meetings.flatMap((m) =>
    m.table_number !== null && m.slot_session_id !== null ? [m.slot_session_id] : [],
  );
  const [rows, invitations, places, zones] = await Promise.all([
    repo.meetingPeople(db, ids),
    invitationIdsOf(db, ids),
    slotLocations(db, slotIds),
    eventZones(
      db,
      meetings.map((m) => m.event_id),
    ),
  ]);
  const persons = new Map(
    (
      await people(
        db,
        rows.map((r) => r.participant_id),
      )
    ).map((p) => [p.id, p]),
  );
  return meetings.map((m) => {
    const mine = rows.filter((r) => r.meeting_id === m.id && (r.active || m.status === 'cancelled'));
    const me = mine.find((r) => r.participant_id === viewerId);
    const state = upcomingState(m.sdt, m.edt, now);
    const open = m.status !== 'cancelled' && isInStartWindow(m.sdt, m.edt, now);
    const zone = zones.get(m.event_id) ?? 'UTC';
    return {
      id: m.id,
      eventId: m.event_id,
      kind: m.kind,
      startsAt: iso(m.sdt),
      sdt: iso(m.sdt),
      edt: iso(m.edt),
      status: m.status,
      upcomingState: state,
      started: state === 'started',
      expired: state === 'expired',
      preBooked: m.pre_booked,
      guest: me?.role === 'guest',
      onSite: m.table_number !== null,
      sdts: formatInZone(iso(m.sdt), zone),
      edts: formatInZone(iso(m.edt), zone),
      sdtsReal: iso(m.sdt),
      edtsReal: iso(m.edt),
      capacity: m.capacity,
      participants: mine.flatMap((r) => {
        const person = toPerson(persons.get(r.participant_id));
        return person ? [{ ...person, role: r.role, checkedIn: r.checked_in_at !== null }] : [];
      }),
      invitationId: invitations.get(m.id) ?? null,
      place:
        m.table_number === null
          ? null
          : { table: m.table_number, location: (m.slot_session_id && places.get(m.slot_session_id)) || null },
      videoUrl: open ? videoUrlTemplate.replace('{room}', encodeURIComponent(m.video_room)) : null,
    };
  });
}
