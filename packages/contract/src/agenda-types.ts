import { z } from 'zod';
import { attendeeStatusSchema, sessionRoleSchema } from './agenda-rules';
import { eventTypeSchema } from './event';

/** Response shapes of the agenda feature. Times are ISO 8601 strings in UTC. */

/** A speaker, moderator or translator as a session card shows them (E3.07). */
export const sessionPersonSchema = z.object({
  /** Participant id: the attendee profile route takes it (E2.05). */
  id: z.number(),
  name: z.string(),
  surname: z.string(),
  company: z.string(),
  jobTitle: z.string(),
  profilePhoto: z.string().nullable(),
});
export type SessionPerson = z.infer<typeof sessionPersonSchema>;

export const sessionTrackSchema = z.object({
  id: z.number(),
  name: z.string(),
  color: z.string().nullable(),
});
export type SessionTrack = z.infer<typeof sessionTrackSchema>;

/** E3.09 locs: the room with its capacity. */
export const sessionLocationSchema = z.object({
  id: z.number(),
  name: z.string(),
  capacity: z.number().nullable(),
  usedCapacity: z.number(),
});
export type SessionLocation = z.infer<typeof sessionLocationSchema>;

/** E3.09 ses: a bookable time slot of a session. */
export const subSessionSchema = z.object({
  id: z.number(),
  name: z.string(),
  sdt: z.string(),
  edt: z.string(),
  capacity: z.number().nullable(),
  usedCapacity: z.number(),
  isFull: z.boolean(),
  /** Bookable by the caller now: not over, not full, no collision, not already in it. */
  available: z.boolean(),
  myStatus: attendeeStatusSchema.nullable(),
  location: sessionLocationSchema.nullable(),
});
export type SubSession = z.infer<typeof subSessionSchema>;

/** One card of the sessions list (E3.07). */
export const sessionSummarySchema = z.object({
  id: z.number(),
  eventId: z.number(),
  name: z.string(),
  type: z.string(),
  sdt: z.string(),
  edt: z.string(),
  /** Minutes. */
  duration: z.number(),
  track: sessionTrackSchema.nullable(),
  location: sessionLocationSchema.nullable(),
  /** Effective capacity: the session's own, else its room's; null is unlimited. */
  capacity: z.number().nullable(),
  usedCapacity: z.number(),
  isFull: z.boolean(),
  hidden: z.boolean(),
  restricted: z.boolean(),
  /** Participant type ids allowed into a restricted session (E6.16). */
  allowedParticipants: z.array(z.number()),
  /** Streaming link; only for those who are in the session, present it or organize. */
  externalLink: z.string().nullable(),
  /** The recording link (E4.41 View recorded video). */
  offlineLink: z.string().nullable(),
  onSite: z.boolean(),
  /** Joining asks the organizers first (Waiting Confirmation, Request declined). */
  needsApproval: z.boolean(),
  images: z.object({ top_banner: z.string().nullable() }),
  description: z.string(),
  speakers: z.array(sessionPersonSchema),
  moderators: z.array(sessionPersonSchema),
  translators: z.array(sessionPersonSchema),
  subSessions: z.array(subSessionSchema),
  sessionCount: z.number(),
  rehearsalStarted: z.boolean(),
  myStatus: attendeeStatusSchema.nullable(),
  myRoles: z.array(sessionRoleSchema),
  availableToMe: z.boolean(),
  /** Overlaps an item of the caller's agenda (and the caller is not in it). */
  collision: z.boolean(),
  /**
   * What it overlaps (issue 15: "You are busy" names it): a session (its id, to swap), a meeting or
   * a break of the caller's agenda. Null without a collision.
   */
  clash: z
    .object({
      kind: z.enum(['session', 'meeting', 'offTime', 'other']),
      name: z.string(),
      sdt: z.string(),
      sessionId: z.number().nullable(),
    })
    .nullable(),
});
export type SessionSummary = z.infer<typeof sessionSummarySchema>;

export const sessionsPageSchema = z.object({
  sessions: z.array(sessionSummarySchema),
  /** Pass as `after` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type SessionsPage = z.infer<typeof sessionsPageSchema>;

export const sessionFacetsSchema = z.object({
  /** Event days that have sessions, yyyy-LL-dd in the event's time zone. */
  days: z.array(z.string()),
  tracks: z.array(sessionTrackSchema),
  timezone: z.string(),
});
export type SessionFacets = z.infer<typeof sessionFacetsSchema>;

export const sessionDetailSchema = sessionSummarySchema.extend({
  /** People in the session (joined), not counting pending requests. */
  attendeeCount: z.number(),
  /** Pending approval requests; organizers only, else 0. */
  waitingCount: z.number(),
  eventType: eventTypeSchema,
  eventFinished: z.boolean(),
});
export type SessionDetail = z.infer<typeof sessionDetailSchema>;

export const joinSessionResultSchema = z.object({
  sessionId: z.number(),
  status: attendeeStatusSchema,
  /** True when the caller was already in the session (join is idempotent). */
  alreadyJoined: z.boolean(),
  capacity: z.number().nullable(),
  usedCapacity: z.number(),
  isFull: z.boolean(),
  /**
   * The video room to open in a new window (E1.18): set when the caller is in the session, its
   * start window is open (E4.33) and it is not in-person only (E4.52).
   */
  videoUrl: z.string().nullable(),
});
export type JoinSessionResult = z.infer<typeof joinSessionResultSchema>;

export const leaveSessionResultSchema = z.object({
  sessionId: z.number(),
  capacity: z.number().nullable(),
  usedCapacity: z.number(),
  isFull: z.boolean(),
});
export type LeaveSessionResult = z.infer<typeof leaveSessionResultSchema>;

export const sessionRoomSchema = z.object({
  url: z.string(),
  as: z.enum(['attendee', 'moderator', 'speaker', 'rehearsal']),
});
export type SessionRoom = z.infer<typeof sessionRoomSchema>;

export const pingResultSchema = z.object({
  sessionId: z.number(),
  pingedAt: z.string(),
});
export type PingResult = z.infer<typeof pingResultSchema>;

export const sessionCheckInResultSchema = z.object({
  sessionId: z.number(),
  checkedInAt: z.string(),
  alreadyCheckedIn: z.boolean(),
});
export type SessionCheckInResult = z.infer<typeof sessionCheckInResultSchema>;

export const sessionRequestResultSchema = z.object({
  sessionId: z.number(),
  participantId: z.number(),
  status: attendeeStatusSchema,
  capacity: z.number().nullable(),
  usedCapacity: z.number(),
});
export type SessionRequestResult = z.infer<typeof sessionRequestResultSchema>;

/** A pending request as the organizer sees it. */
export const sessionRequestSchema = z.object({
  participant: sessionPersonSchema,
  message: z.string().nullable(),
  requestedAt: z.string(),
});
export type SessionRequest = z.infer<typeof sessionRequestSchema>;

export const offTypeSchema = z.enum(['break', 'speaker', 'translator', 'moderator', 'sessionPlaceholder']);
export type OffType = z.infer<typeof offTypeSchema>;

/** E3.10: one item of the personal agenda. */
export const agendaItemSchema = z.object({
  type: z.enum(['session', 'offTime', 'meeting']),
  id: z.number(),
  eid: z.number(),
  eventName: z.string(),
  /** The booked slot (or the session itself); sdefId is the session it belongs to (E2.08). */
  rsesId: z.number().nullable(),
  sdefId: z.number().nullable(),
  name: z.string(),
  sdt: z.string(),
  edt: z.string(),
  offType: offTypeSchema.nullable(),
  isOffTime: z.boolean(),
  /** Show the session buttons on the card (sessions yes, breaks no). */
  buttonShow: z.boolean(),
  status: attendeeStatusSchema.nullable(),
  roles: z.array(sessionRoleSchema),
  onSite: z.boolean(),
  location: z.string().nullable(),
  /** The participant the item belongs to (differs from the caller when acting on behalf). */
  participantId: z.number(),
  /** A booked 1:1 meeting or reserved table (type 'meeting'): with whom. */
  meeting: z
    .object({
      kind: z.enum(['meeting', 'table']),
      withName: z.string().nullable(),
      withParticipantId: z.number().nullable(),
      /** The table at the meeting point (issue 15); null online and for popup tables. */
      table: z.number().nullable(),
    })
    .optional(),
});
export type AgendaItem = z.infer<typeof agendaItemSchema>;

export const agendaResultSchema = z.object({
  items: z.array(agendaItemSchema),
});
export type AgendaResult = z.infer<typeof agendaResultSchema>;

export const calendarLinkSchema = z.object({
  /** Subscribable ICS feed; holds a secret, treat it like a password. */
  url: z.string(),
});
export type CalendarLink = z.infer<typeof calendarLinkSchema>;

/** E3.24. */
export const speakerSchema = z.object({
  id: z.number(),
  name: z.string(),
  surname: z.string(),
  company: z.string(),
  jobTitle: z.string(),
  profilePhoto: z.string().nullable(),
  biography: z.string(),
  showSpeaker: z.boolean(),
});
export type Speaker = z.infer<typeof speakerSchema>;

export const speakerSessionSchema = z.object({
  id: z.number(),
  name: z.string(),
  sdt: z.string(),
  edt: z.string(),
  role: sessionRoleSchema,
  track: sessionTrackSchema.nullable(),
  location: z.string().nullable(),
});
export type SpeakerSession = z.infer<typeof speakerSessionSchema>;

export const speakerDetailSchema = speakerSchema.extend({
  sessions: z.array(speakerSessionSchema),
});
export type SpeakerDetail = z.infer<typeof speakerDetailSchema>;

/** Payload of a session.changed record: enough to patch a cached card without a refetch. */
export const sessionChangedPayloadSchema = z.object({
  eventId: z.number(),
  sessionId: z.number(),
  capacity: z.number().nullable(),
  usedCapacity: z.number(),
  isFull: z.boolean(),
  /** What happened and to whom, so that person's other tabs can refresh their agenda. */
  change: z.enum(['joined', 'waiting', 'left', 'declined', 'approved', 'checkedIn']),
  participantId: z.number(),
});
export type SessionChangedPayload = z.infer<typeof sessionChangedPayloadSchema>;

export const sessionPingPayloadSchema = z.object({
  eventId: z.number(),
  sessionId: z.number(),
  participantId: z.number(),
  pingedAt: z.string(),
});
export type SessionPingPayload = z.infer<typeof sessionPingPayloadSchema>;

/** POST /event/agenda/export: where the agenda went and how many items it held. */
export const agendaExportResultSchema = z.object({
  sentTo: z.string(),
  items: z.number(),
});
export type AgendaExportResult = z.infer<typeof agendaExportResultSchema>;
