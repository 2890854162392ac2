import { z } from 'zod';
import { OFF_TIME_STEP_MINUTES, parseUtcDateTime, SESSIONS_PAGE_MAX } from './agenda-time';
import { idSchema, intSchema, isTimeZone, optionalText, timezoneSchema } from './common';
import { isIsoDay, localDayIn, parseUtcWallClock } from './time';

export * from './agenda-rules';
export * from './agenda-types';

/**
 * Agenda and sessions (E2, E3.07–E3.11, E3.24, E4, E5.08–E5.10, E6, E7 schedule calls): request
 * schemas and the error codes of the schedule calls. Response shapes are in agenda-types.ts, pure
 * rules in agenda-rules.ts.
 */

/** Schedule errors; texts are what the spec shows (E4.49, E4.50, E8.29). */
export const AgendaErrorCode = {
  FullyBooked: 'MST-00150',
  Busy: 'MST-00151',
  RequestDeclined: 'MST-00152',
  SessionOver: 'MST-00153',
  NotInAgenda: 'MST-00154',
  ChooseSlot: 'MST-00155',
  NotStarted: 'MST-00156',
  NoPendingRequest: 'MST-00157',
  OnSiteOnly: 'MST-00158',
  SwapNeedsApproval: 'MST-00159',
  NotImplemented: 'MST-00501',
} as const;
export type AgendaErrorCode = (typeof AgendaErrorCode)[keyof typeof AgendaErrorCode];

export const AgendaErrorText = {
  FullyBooked: 'Fully booked',
  Busy: 'You are busy',
  RequestDeclined: 'The event organizers declined your request.',
  SessionOver: 'Finished',
  NotInAgenda: 'This session is not in your agenda',
  ChooseSlot: 'Please choose a time slot of this session',
  NotStarted: 'The session room opens 15 minutes before the start',
  NoPendingRequest: 'There is no pending request for this session',
  OnSiteOnly:
    'This session is available only on-site. To take part in it, please proceed to the session location.',
  SwapNeedsApproval:
    'This session needs the organizers’ approval: a swap would give up your seat before they answer. Leave the other session first to request it.',
} as const;

const queryFlag = z
  .enum(['true', 'false', '1', '0'], { error: 'validation.error.type' })
  .transform((v) => v === 'true' || v === '1');

const message = optionalText(1000);

/** UTC date and time as the spec writes it (E7.25, A9.33: yyyy-LL-dd HH:mm). */
export const utcDateTimeSchema = z
  .string({ error: 'validation.error.required' })
  .regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/, 'validation.error.dateTime')
  .refine((v) => !Number.isNaN(parseUtcWallClock(v)), 'validation.error.dateTime')
  // As every instant of the platform (isoDateTimeSchema): years 1900 to 9999.
  .refine((v) => v >= '1900', 'validation.error.date');

/** A calendar day `yyyy-LL-dd`; as every instant of the platform (isoDateTimeSchema), of years 1900 to 9999. */
export const daySchema = z
  .string({ error: 'validation.error.required' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.error.date')
  .refine((v) => v >= '1900' && isIsoDay(v), 'validation.error.date');

const timeOfDaySchema = z
  .string({ error: 'validation.error.required' })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'validation.error.time');

const minuteOf = (hhmm: string) => Number(hhmm.slice(-2));

/** Longest off-time: a break is part of one day, not a leave of absence. */
export const OFF_TIME_MAX_MS = 24 * 60 * 60_000;

/**
 * E5.08–E5.10: the add-break form. Valid only with date, start and end, start before end, times in
 * 15-minute steps. Times are wall-clock times of the form's time zone.
 */
export const offTimeForm = z
  .strictObject({ date: daySchema, start: timeOfDaySchema, end: timeOfDaySchema })
  .superRefine((v, ctx) => {
    for (const key of ['start', 'end'] as const) {
      if (minuteOf(v[key]) % OFF_TIME_STEP_MINUTES !== 0) {
        ctx.addIssue({ code: 'custom', path: [key], message: 'validation.error.offTime.step' });
      }
    }
    if (v.start >= v.end)
      ctx.addIssue({ code: 'custom', path: ['end'], message: 'validation.error.offTime.order' });
  });
export type OffTimeForm = z.infer<typeof offTimeForm>;

/**
 * POST /event/schedule/participantOff (E3.11, E7.24). startTime/endTime are UTC; `date` is the
 * day the user picked in `timezone` and must be the local day of startTime there.
 */
export const participantOffRequest = z
  .strictObject({
    eventId: idSchema,
    startTime: utcDateTimeSchema,
    endTime: utcDateTimeSchema,
    date: daySchema,
    timezone: timezoneSchema,
    asParticipantId: idSchema.optional(),
  })
  .superRefine((v, ctx) => {
    for (const key of ['startTime', 'endTime'] as const) {
      if (minuteOf(v[key]) % OFF_TIME_STEP_MINUTES !== 0) {
        ctx.addIssue({ code: 'custom', path: [key], message: 'validation.error.offTime.step' }); // E5.10
      }
    }
    const start = parseUtcDateTime(v.startTime).getTime();
    const end = parseUtcDateTime(v.endTime).getTime();
    if (Number.isNaN(start) || Number.isNaN(end)) return; // already reported by the field schemas
    if (!(start < end)) {
      ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'validation.error.offTime.order' }); // E5.09
    } else if (end - start > OFF_TIME_MAX_MS) {
      ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'validation.error.offTime.tooLong' });
    }
    if (!isTimeZone(v.timezone)) return; // reported by timezoneSchema; Intl would throw below
    const localDay = localDayIn(v.timezone, start);
    if (localDay !== v.date) {
      ctx.addIssue({ code: 'custom', path: ['date'], message: 'validation.error.offTime.date' });
    }
  });
export type ParticipantOffRequest = z.infer<typeof participantOffRequest>;

/** DELETE /event/schedule/participantOff (E7.25), as query string or JSON body. */
export const participantOffDeleteRequest = z.strictObject({
  eventId: idSchema,
  id: idSchema,
  startTime: utcDateTimeSchema,
  asParticipantId: idSchema.optional(),
});
export type ParticipantOffDeleteRequest = z.infer<typeof participantOffDeleteRequest>;

/** POST /event/schedule/join, toType session (E7.10); toType participant is the meetings' sendInvitationRequest (E7.11). */
export const joinSessionRequest = z.strictObject({
  eventId: idSchema,
  toType: z.literal('session'),
  sessionId: idSchema,
  message,
  /**
   * Issue 15, swap: leave this session of the caller's agenda in the same step (it is what the new
   * one clashes with). Nothing changes unless the join succeeds.
   */
  replaceSessionId: idSchema.optional(),
});
export type JoinSessionRequest = z.infer<typeof joinSessionRequest>;

/** POST /event/schedule/leave (E7.08; invitationId cancels a meeting, E7.09). */
export const scheduleLeaveRequest = z
  .strictObject({
    eventId: idSchema,
    sessionId: idSchema.optional(),
    invitationId: idSchema.optional(),
    message,
  })
  .refine((v) => v.sessionId !== undefined || v.invitationId !== undefined, {
    path: ['sessionId'],
    message: 'validation.error.required',
  });
export type ScheduleLeaveRequest = z.infer<typeof scheduleLeaveRequest>;

/**
 * POST /event/schedule/addToSession (E7.15): puts `participantId` into a session (or one of its
 * slots). `behalfOf` names the participant the caller acts for; `block: false` adds the session
 * without occupying the participant's time (no collision check, not busy for later bookings).
 */
export const addToSessionRequest = z.strictObject({
  eventId: idSchema,
  sessionId: idSchema,
  participantId: idSchema,
  message,
  behalfOf: idSchema.optional(),
  block: z.boolean().optional(),
});
export type AddToSessionRequest = z.infer<typeof addToSessionRequest>;

/** POST /event/schedule/ping and /event/schedule/checkIn (E7.13, E7.14). */
export const sessionActionRequest = z.strictObject({ eventId: idSchema, sessionId: idSchema });
export type SessionActionRequest = z.infer<typeof sessionActionRequest>;

/** POST /event/schedule/sessionRequest: an organizer answers a request for a session that needs approval. */
export const sessionRequestDecision = z.strictObject({
  eventId: idSchema,
  sessionId: idSchema,
  participantId: idSchema,
  accept: z.boolean({ error: 'validation.error.required' }),
  message,
});
export type SessionRequestDecision = z.infer<typeof sessionRequestDecision>;

/** POST /event/participant/calendar (E7.16); rotate invalidates the previous link. */
export const calendarLinkRequest = z.strictObject({ eventId: idSchema, rotate: z.boolean().optional() });
export type CalendarLinkRequest = z.infer<typeof calendarLinkRequest>;

export const eventIdQuery = z.strictObject({ eventId: idSchema });

/**
 * GET /event/agenda: one event, or the caller's active events when eventId is absent. With
 * participantId (and eventId): that participant's agenda, for the onbehalfmeeting right (E6.10
 * show agenda).
 */
export const agendaQuery = z
  .strictObject({ eventId: idSchema.optional(), participantId: idSchema.optional() })
  .refine((v) => v.participantId === undefined || v.eventId !== undefined, {
    path: ['eventId'],
    message: 'validation.error.required',
  });

export const sessionParams = z.strictObject({ eventId: idSchema, sessionId: idSchema });
export const speakerParams = z.strictObject({ eventId: idSchema, speakerId: idSchema });
export const eventParams = z.strictObject({ eventId: idSchema });

export const SESSIONS_PAGE_SIZE = 50;

const SESSION_CURSOR_LATEST = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/** Opaque keyset cursor of the sessions list: `<start epoch ms>.<id>`. */
export const sessionCursorSchema = z
  .string()
  .regex(/^\d{1,15}\.\d{1,10}$/, 'validation.error.cursor')
  .refine((cursor) => {
    // The start must be a date the database holds, the id a PostgreSQL integer.
    const [ms, id] = cursor.split('.').map(Number) as [number, number];
    return ms <= SESSION_CURSOR_LATEST && id >= 1 && id <= 2_147_483_647;
  }, 'validation.error.cursor');

/** GET /event/:eventId/sessions (E2.13). `day` is a day in the event's time zone. */
export const sessionsListQuery = z.strictObject({
  day: daySchema.optional(),
  track: idSchema.optional(),
  q: z.string().trim().max(100, 'validation.error.maxLength').optional(),
  liveNow: queryFlag.optional(),
  limit: intSchema(1, SESSIONS_PAGE_MAX).optional(),
  after: sessionCursorSchema.optional(),
});
export type SessionsListQuery = z.infer<typeof sessionsListQuery>;

/** GET /event/:eventId/sessions/:sessionId/room: the video room for a role (E1.18, E4.42–E4.45). */
export const sessionRoomQuery = z.strictObject({
  as: z.enum(['attendee', 'moderator', 'speaker', 'rehearsal'], { error: 'validation.error.type' }),
});
export type SessionRoomQuery = z.infer<typeof sessionRoomQuery>;

/** POST /event/agenda/export (E1.07, E5.25): mail the caller's agenda of one event; the event is required. */
export const agendaExportRequest = z.strictObject({ eventId: idSchema });
export type AgendaExportRequest = z.infer<typeof agendaExportRequest>;
