import { z } from 'zod';
import { daySchema } from './agenda';
import { sessionRoleSchema } from './agenda-rules';
import { idSchema, intSchema, isoDateTimeSchema, optionalText, requiredText } from './common';
import { MEETING_SLOT_SESSION_TYPE } from './meetings';
import { hexColorSchema } from './organizer';

/**
 * The console's programme (issue 12, part 2): rooms, tracks, sessions with their speakers, breaks
 * and meeting slots, and the clash rule the console shows before saving and the server enforces.
 * Times are ISO instants; the console enters them in the event's time zone.
 */

/** Error codes of the programme area (the MST-007xx range). */
export const ProgrammeErrorCode = {
  /** The session overlaps another in its room, or a speaker's other session; `fields` lists them. */
  Clash: 'MST-00701',
  /** A room still used by sessions cannot be deleted. */
  RoomInUse: 'MST-00702',
  /**
   * Another room (or track) of the event has this name, compared without case and with white space
   * runs as one space and none around; `fields.name` is the message key.
   */
  NameTaken: 'MST-00703',
} as const;

/** Session kinds the console creates: talks, breaks (everyone's pause) and bookable meeting slots. */
export const programmeSessionTypes = ['session', 'break', MEETING_SLOT_SESSION_TYPE] as const;
export const programmeSessionTypeSchema = z.enum(programmeSessionTypes, { error: 'validation.error.option' });
export type ProgrammeSessionType = z.infer<typeof programmeSessionTypeSchema>;

export const PROGRAMME_MAX_CAPACITY = 100_000;
/** A capacity: 1 to 100 000 places, or null for unlimited. */
export const programmeCapacitySchema = intSchema(1, PROGRAMME_MAX_CAPACITY).nullable();

/** True for an absolute http(s) address. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** A video or recording link: an http(s) address, or null/empty for none. */
export const videoUrlSchema = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
  z
    .string({ error: 'organizer.programme.error.url' })
    .trim()
    .max(2000, 'validation.error.maxLength')
    .refine(isHttpUrl, 'organizer.programme.error.url')
    .nullable(),
);

export const programmeRoomRequest = z.strictObject({
  name: requiredText(200),
  capacity: programmeCapacitySchema.default(null),
});
export type ProgrammeRoomRequest = z.input<typeof programmeRoomRequest>;

export const programmeTrackRequest = z.strictObject({
  name: requiredText(100),
  color: hexColorSchema.nullable().default(null),
});
export type ProgrammeTrackRequest = z.input<typeof programmeTrackRequest>;

/** A person on a session's stage. */
export const sessionPersonInputSchema = z.strictObject({
  participantId: idSchema,
  role: sessionRoleSchema,
});
export type SessionPersonInput = z.infer<typeof sessionPersonInputSchema>;

const uniquePeople = (people: SessionPersonInput[]) =>
  new Set(people.map((p) => `${p.participantId}:${p.role}`)).size === people.length;

/** The people on a session's stage, as the session body assigns them (one row per person and role). */
export const speakersSchema = z
  .array(sessionPersonInputSchema)
  .max(50, 'validation.error.maxItems')
  .refine(uniquePeople, 'organizer.programme.error.duplicateSpeaker');

const endsAfterStart = (value: { sdt: string; edt: string }) => Date.parse(value.edt) > Date.parse(value.sdt);

/**
 * POST and PUT /organizer/event/:eventId/sessions[/:sessionId]: the whole session (PUT replaces it).
 * `allowClash` saves despite clashes the console has shown.
 */
export const programmeSessionRequest = z
  .strictObject({
    name: requiredText(200),
    type: programmeSessionTypeSchema.default('session'),
    description: optionalText(20_000),
    sdt: isoDateTimeSchema,
    edt: isoDateTimeSchema,
    locationId: idSchema.nullable().default(null),
    trackId: idSchema.nullable().default(null),
    capacity: programmeCapacitySchema.default(null),
    hidden: z.boolean().default(false),
    restricted: z.boolean().default(false),
    allowedTypeIds: z.array(idSchema).max(100, 'validation.error.maxItems').default([]),
    /** The live stream or video call. */
    externalLink: videoUrlSchema.default(null),
    /** The recording, once there is one. */
    offlineLink: videoUrlSchema.default(null),
    onSite: z.boolean().default(false),
    needsApproval: z.boolean().default(false),
    speakers: speakersSchema.default([]),
    allowClash: z.boolean().default(false),
  })
  .refine(endsAfterStart, { message: 'validation.error.endBeforeStart', path: ['edt'] });
export type ProgrammeSessionRequest = z.input<typeof programmeSessionRequest>;
export type ProgrammeSessionInput = z.output<typeof programmeSessionRequest>;

const timeOfDay = z
  .string({ error: 'validation.error.required' })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'validation.error.time');

/** POST /organizer/event/:eventId/meeting-slots: back-to-back slots on each day, in the event's zone. */
export const meetingSlotsRequest = z
  .strictObject({
    days: z.array(daySchema).min(1, 'validation.error.required').max(31, 'validation.error.maxItems'),
    from: timeOfDay,
    to: timeOfDay,
    minutes: intSchema(5, 480),
    /** The meeting area (its capacity: how many tables); null for none. */
    locationId: idSchema.nullable().default(null),
    name: optionalText(200),
  })
  .refine((v) => v.from < v.to, { message: 'validation.error.endBeforeStart', path: ['to'] });
export type MeetingSlotsRequest = z.input<typeof meetingSlotsRequest>;

export const programmeParams = z.strictObject({ eventId: idSchema });
export const roomParams = z.strictObject({ eventId: idSchema, roomId: idSchema });
export const trackParams = z.strictObject({ eventId: idSchema, trackId: idSchema });
export const programmeSessionParams = z.strictObject({ eventId: idSchema, sessionId: idSchema });

export const programmeRoomSchema = z.object({
  id: z.number(),
  name: z.string(),
  capacity: z.number().nullable(),
  sessionCount: z.number(),
});
export type ProgrammeRoom = z.infer<typeof programmeRoomSchema>;

export const programmeTrackSchema = z.object({
  id: z.number(),
  name: z.string(),
  color: z.string().nullable(),
  sessionCount: z.number(),
});
export type ProgrammeTrack = z.infer<typeof programmeTrackSchema>;

export const programmeSpeakerSchema = z.object({
  participantId: z.number(),
  role: sessionRoleSchema,
  name: z.string(),
  surname: z.string(),
  company: z.string(),
});
export type ProgrammeSpeaker = z.infer<typeof programmeSpeakerSchema>;

export const programmeSessionSchema = z.object({
  id: z.number(),
  parentId: z.number().nullable(),
  name: z.string(),
  type: z.string(),
  description: z.string(),
  sdt: z.string(),
  edt: z.string(),
  locationId: z.number().nullable(),
  trackId: z.number().nullable(),
  capacity: z.number().nullable(),
  /** Seats held (joined and waiting for approval). */
  usedCapacity: z.number(),
  /** People who joined. */
  joined: z.number(),
  hidden: z.boolean(),
  restricted: z.boolean(),
  allowedTypeIds: z.array(z.number()),
  externalLink: z.string().nullable(),
  offlineLink: z.string().nullable(),
  onSite: z.boolean(),
  needsApproval: z.boolean(),
  speakers: z.array(programmeSpeakerSchema),
});
export type ProgrammeSession = z.infer<typeof programmeSessionSchema>;

export const clashSchema = z.object({
  kind: z.enum(['room', 'speaker']),
  /** The two sessions, lower id first. */
  sessionIds: z.tuple([z.number(), z.number()]),
  /** The shared room (kind room) or person (kind speaker). */
  locationId: z.number().nullable(),
  participantId: z.number().nullable(),
});
export type Clash = z.infer<typeof clashSchema>;

export const programmeSchema = z.object({
  timezone: z.string(),
  eventSdt: z.string(),
  eventEdt: z.string(),
  rooms: z.array(programmeRoomSchema),
  tracks: z.array(programmeTrackSchema),
  sessions: z.array(programmeSessionSchema),
  clashes: z.array(clashSchema),
});
export type Programme = z.infer<typeof programmeSchema>;

export const meetingSlotsResultSchema = z.object({
  created: z.number(),
  /** Slots that already existed at those times and were left alone. */
  skipped: z.number(),
});
export type MeetingSlotsResult = z.infer<typeof meetingSlotsResultSchema>;

export const programmeDeletedSchema = z.object({ id: z.number() });

/** What the clash rule needs of a session. */
export interface ClashCandidate {
  id: number;
  parentId?: number | null;
  sdt: string | Date;
  edt: string | Date;
  locationId: number | null;
  speakers: readonly { participantId: number }[];
}

const ms = (value: string | Date) => (value instanceof Date ? value.getTime() : Date.parse(value));

/**
 * Pure: every pair of overlapping sessions that share a room, or a person on stage. Touching ends
 * (one ends at 10:00, the next starts at 10:00) do not clash; a session and its own time slots
 * (parent and child) do not either.
 */
export function findClashes(sessions: readonly ClashCandidate[]): Clash[] {
  const items = sessions
    .filter((s) => s.locationId !== null || s.speakers.length > 0)
    .map((s) => ({ s, start: ms(s.sdt), end: ms(s.edt) }))
    .sort((a, b) => a.start - b.start || a.s.id - b.s.id);
  const clashes: Clash[] = [];
  for (let i = 0; i < items.length; i++) {
    const a = items[i]!;
    for (let j = i + 1; j < items.length; j++) {
      const b = items[j]!;
      if (b.start >= a.end) break;
      if (a.s.parentId === b.s.id || b.s.parentId === a.s.id) continue;
      const pair: [number, number] = a.s.id < b.s.id ? [a.s.id, b.s.id] : [b.s.id, a.s.id];
      if (a.s.locationId !== null && a.s.locationId === b.s.locationId) {
        clashes.push({ kind: 'room', sessionIds: pair, locationId: a.s.locationId, participantId: null });
      }
      const onA = new Set(a.s.speakers.map((p) => p.participantId));
      const shared = new Set(b.s.speakers.map((p) => p.participantId).filter((id) => onA.has(id)));
      for (const participantId of [...shared].sort((x, y) => x - y)) {
        clashes.push({ kind: 'speaker', sessionIds: pair, locationId: null, participantId });
      }
    }
  }
  return clashes;
}

/** The clashes that involve one session. */
export const clashesOf = (clashes: readonly Clash[], sessionId: number): Clash[] =>
  clashes.filter((c) => c.sessionIds.includes(sessionId));
