import type { AttendeeStatus, SessionRole } from './agenda-rules';
import type { EventType } from './event';
import { RecordType } from './realtime';

/** Response shapes of the agenda feature. Times are ISO 8601 strings in UTC. */

/** A speaker, moderator or translator as a session card shows them (E3.07). */
export interface SessionPerson {
  /** Participant id: the attendee profile route takes it (E2.05). */
  id: number;
  name: string;
  surname: string;
  company: string;
  jobTitle: string;
  profilePhoto: string | null;
}

export interface SessionTrack {
  id: number;
  name: string;
  color: string | null;
}

/** E3.09 locs: the room with its capacity. */
export interface SessionLocation {
  id: number;
  name: string;
  capacity: number | null;
  usedCapacity: number;
}

/** E3.09 ses: a bookable time slot of a session. */
export interface SubSession {
  id: number;
  name: string;
  sdt: string;
  edt: string;
  capacity: number | null;
  usedCapacity: number;
  isFull: boolean;
  /** Bookable by the caller now: not over, not full, no collision, not already in it. */
  available: boolean;
  myStatus: AttendeeStatus | null;
  location: SessionLocation | null;
}

/** One card of the sessions list (E3.07). */
export interface SessionSummary {
  id: number;
  eventId: number;
  name: string;
  type: string;
  sdt: string;
  edt: string;
  /** Minutes. */
  duration: number;
  track: SessionTrack | null;
  location: SessionLocation | null;
  /** Effective capacity: the session's own, else its room's; null is unlimited. */
  capacity: number | null;
  usedCapacity: number;
  isFull: boolean;
  hidden: boolean;
  restricted: boolean;
  /** Participant type ids allowed into a restricted session (E6.16). */
  allowedParticipants: number[];
  /** Streaming link; only for those who are in the session, present it or organize. */
  externalLink: string | null;
  /** The recording link (E4.41 View recorded video). */
  offlineLink: string | null;
  onSite: boolean;
  /** Joining asks the organizers first (Waiting Confirmation, Request declined). */
  needsApproval: boolean;
  images: { top_banner: string | null };
  description: string;
  speakers: SessionPerson[];
  moderators: SessionPerson[];
  translators: SessionPerson[];
  subSessions: SubSession[];
  sessionCount: number;
  rehearsalStarted: boolean;
  myStatus: AttendeeStatus | null;
  myRoles: SessionRole[];
  availableToMe: boolean;
  /** Overlaps an item of the caller's agenda (and the caller is not in it). */
  collision: boolean;
}

export interface SessionsPage {
  sessions: SessionSummary[];
  /** Pass as `after` for the next page; null on the last page. */
  nextCursor: string | null;
}

export interface SessionFacets {
  /** Event days that have sessions, yyyy-LL-dd in the event's time zone. */
  days: string[];
  tracks: SessionTrack[];
  timezone: string;
}

export interface SessionDetail extends SessionSummary {
  /** People in the session (joined), not counting pending requests. */
  attendeeCount: number;
  /** Pending approval requests; organizers only, else 0. */
  waitingCount: number;
  eventType: EventType;
  eventFinished: boolean;
}

export interface JoinSessionResult {
  sessionId: number;
  status: AttendeeStatus;
  /** True when the caller was already in the session (join is idempotent). */
  alreadyJoined: boolean;
  capacity: number | null;
  usedCapacity: number;
  isFull: boolean;
  /**
   * The video room to open in a new window (E1.18): set when the caller is in the session, its
   * start window is open (E4.33) and it is not in-person only (E4.52).
   */
  videoUrl: string | null;
}

export interface LeaveSessionResult {
  sessionId: number;
  capacity: number | null;
  usedCapacity: number;
  isFull: boolean;
}

export interface SessionRoom {
  url: string;
  as: 'attendee' | 'moderator' | 'speaker' | 'rehearsal';
}

export interface PingResult {
  sessionId: number;
  pingedAt: string;
}

export interface SessionCheckInResult {
  sessionId: number;
  checkedInAt: string;
  alreadyCheckedIn: boolean;
}

export interface SessionRequestResult {
  sessionId: number;
  participantId: number;
  status: AttendeeStatus;
  capacity: number | null;
  usedCapacity: number;
}

/** A pending request as the organizer sees it. */
export interface SessionRequest {
  participant: SessionPerson;
  message: string | null;
  requestedAt: string;
}

export type OffType = 'break' | 'speaker' | 'translator' | 'moderator' | 'sessionPlaceholder';

/** E3.10: one item of the personal agenda. */
export interface AgendaItem {
  type: 'session' | 'offTime' | 'meeting';
  id: number;
  eid: number;
  eventName: string;
  /** The booked slot (or the session itself); sdefId is the session it belongs to (E2.08). */
  rsesId: number | null;
  sdefId: number | null;
  name: string;
  sdt: string;
  edt: string;
  offType: OffType | null;
  isOffTime: boolean;
  /** Show the session buttons on the card (sessions yes, breaks no). */
  buttonShow: boolean;
  status: AttendeeStatus | null;
  roles: SessionRole[];
  onSite: boolean;
  location: string | null;
  /** The participant the item belongs to (differs from the caller when acting on behalf). */
  participantId: number;
  /** A booked 1:1 meeting or reserved table (type 'meeting'): with whom. */
  meeting?: { kind: 'meeting' | 'table'; withName: string | null; withParticipantId: number | null };
}

export interface AgendaResult {
  items: AgendaItem[];
}

export interface CalendarLink {
  /** Subscribable ICS feed; holds a secret, treat it like a password. */
  url: string;
}

/** E3.24. */
export interface Speaker {
  id: number;
  name: string;
  surname: string;
  company: string;
  jobTitle: string;
  profilePhoto: string | null;
  biography: string;
  showSpeaker: boolean;
}

export interface SpeakerSession {
  id: number;
  name: string;
  sdt: string;
  edt: string;
  role: SessionRole;
  track: SessionTrack | null;
  location: string | null;
}

export interface SpeakerDetail extends Speaker {
  sessions: SpeakerSession[];
}

/** Realtime record types of this feature (room newEvents/{eventId}/public_sessions/{sessionId}). */
export const AgendaRecordType = {
  SessionChanged: RecordType.SessionChanged,
  SessionPing: 'session.ping',
  /** To userRooms/{userId}: that person's agenda changed (payload { eventId, participantId }). */
  AgendaChanged: 'agenda.changed',
} as const;

/** Payload of a session.changed record: enough to patch a cached card without a refetch. */
export interface SessionChangedPayload {
  eventId: number;
  sessionId: number;
  capacity: number | null;
  usedCapacity: number;
  isFull: boolean;
  /** What happened and to whom, so that person's other tabs can refresh their agenda. */
  change: 'joined' | 'waiting' | 'left' | 'declined' | 'approved' | 'checkedIn';
  participantId: number;
}

export interface SessionPingPayload {
  eventId: number;
  sessionId: number;
  participantId: number;
  pingedAt: string;
}

/** POST /event/agenda/export: where the agenda went and how many items it held. */
export interface AgendaExportResult {
  sentTo: string;
  items: number;
}
