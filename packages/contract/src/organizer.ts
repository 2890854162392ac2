import { z } from 'zod';
import { idSchema, isoDateTimeSchema, optionalText, requiredText, timezoneSchema } from './common';
import { EVENT_WORD_MAX_LENGTH, EVENT_WORDS_MAX, LOCALES } from './constants';
import {
  eventTabSchema,
  eventTypeSchema,
  registrationFieldSchema,
  registrationFieldTypeSchema,
} from './event';
import { perLanguage } from './locale';
import { venueMapSchema } from './venue-map';

/**
 * The organizer console (issue 12): who may do what, and the event set-up the console edits.
 * Programme, people and import live in organizer-programme.ts, organizer-people.ts and
 * organizer-import.ts; this file holds what they all share.
 */

/**
 * An organizer's role in one event. `owner` may do everything, including archiving the event and
 * naming other organizers; `admin` sets up and runs the event; `checkin` staff only check people in
 * at the door (they are `check_in_admin` participants, not organizers).
 */
export const organizerRoles = ['owner', 'admin', 'checkin'] as const;
export const organizerRoleSchema = z.enum(organizerRoles);
export type OrganizerRole = z.infer<typeof organizerRoleSchema>;

/** What each console area needs: a role ranks above the roles listed after it. */
export const consoleAreas = [
  'event',
  'programme',
  'people',
  'import',
  'exhibitors',
  'checkin',
  'dashboard',
  'integrations',
] as const;
export type ConsoleArea = (typeof consoleAreas)[number];

/** Pure rule shared by the server (authorization) and the web (which links to show). */
export function canUseConsoleArea(role: OrganizerRole | null, area: ConsoleArea): boolean {
  // API keys and webhooks reach every attendee's data: the owner alone hands them out.
  if (area === 'integrations') return role === 'owner';
  if (role === 'owner' || role === 'admin') return true;
  if (role === 'checkin') return area === 'checkin';
  return false;
}

/** Only an owner archives an event or changes who organizes it. */
export function canOwnEvent(role: OrganizerRole | null): boolean {
  return role === 'owner';
}

/** A domain label: the first label of the host name an event is served on (`demo` in demo.example.org). */
export const domainLabelSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/, 'validation.error.domain');

/** Labels the platform keeps for itself. */
export const RESERVED_DOMAIN_LABELS = ['www', 'api', 'app', 'admin', 'mail', 'localhost'] as const;

/** A CSS colour as #rgb or #rrggbb. */
export const hexColorSchema = z
  .string()
  .trim()
  .regex(/^#(?:[0-9a-fA-F]{3}){1,2}$/, 'validation.error.color');

/**
 * The event's colours (A1.11). Any colour is accepted: the app darkens the primary shade until white
 * text on it passes WCAG AA (`darkenUntilReadable` in shell.ts), and the console shows the organizer
 * the contrast and the shade that will be used before saving.
 */
export const eventColorsSchema = z.strictObject({
  primary: hexColorSchema,
  secondary: hexColorSchema.optional(),
});
export type EventColors = z.infer<typeof eventColorsSchema>;

const languageChoice = z.enum(LOCALES, { error: 'validation.error.language' });

/** Per-language texts an organizer may override: the event's name and description (A1.10). */
export const eventTranslationSchema = perLanguage(
  z.strictObject({
    name: optionalText(200),
    description: optionalText(20_000),
  }),
);

/** A text's key as the app's catalogues name it (`attendees.title`, `chat.rooms.unread_other`). */
export const wordKeySchema = z
  .string()
  .max(120, 'validation.error.wordKey')
  .regex(/^[A-Za-z][A-Za-z0-9_-]*(\.[A-Za-z0-9_-]+)+$/, 'validation.error.wordKey');

/**
 * A7.27: the app's texts an event words its own way ("Delegates" for "Attendees"), per language,
 * by the catalogue's key. Served to the app as messagesForEvent/{eventId}.json.
 */
export const eventWordsSchema = perLanguage(
  z
    // A bad key by its message key (zod would say "Invalid key in record" in English).
    .record(wordKeySchema, requiredText(EVENT_WORD_MAX_LENGTH), {
      error: (issue) => (issue.code === 'invalid_key' ? 'validation.error.wordKey' : undefined),
    })
    .refine((texts) => Object.keys(texts).length <= EVENT_WORDS_MAX, 'validation.error.tooManyWords'),
);
export type EventWords = z.infer<typeof eventWordsSchema>;

/** A field of the registration form as the form builder edits it. */
export const registrationFieldInputSchema = registrationFieldSchema.extend({
  fieldName: z
    .string()
    .trim()
    .regex(/^[a-zA-Z][a-zA-Z0-9_]{0,39}$/, 'validation.error.fieldName'),
  label: optionalText(100),
  type: registrationFieldTypeSchema,
  dataList: z.array(requiredText(100)).max(100).optional(),
  placeholder: optionalText(100),
});

/** Times as ISO instants; the console shows and enters them in the event's time zone. */
const eventTimesShape = {
  sdt: isoDateTimeSchema,
  edt: isoDateTimeSchema,
};

const endsAfterStart = (value: { sdt?: string; edt?: string }) =>
  value.sdt === undefined || value.edt === undefined || Date.parse(value.edt) > Date.parse(value.sdt);

/** POST /organizer/event: a new event; the caller becomes its owner. */
export const createEventRequest = z
  .strictObject({
    name: requiredText(200),
    description: optionalText(20_000),
    eventType: eventTypeSchema,
    timezone: timezoneSchema,
    defaultLanguage: languageChoice.default('en'),
    ...eventTimesShape,
    domain: domainLabelSchema.optional(),
    publicEvent: z.boolean().default(true),
  })
  .refine(endsAfterStart, { message: 'validation.error.endBeforeStart', path: ['edt'] });
export type CreateEventRequest = z.input<typeof createEventRequest>;

/** PUT /organizer/event/:eventId: any subset of the event's settings. */
export const updateEventRequest = z
  .strictObject({
    name: requiredText(200).optional(),
    description: optionalText(20_000),
    eventType: eventTypeSchema.optional(),
    timezone: timezoneSchema.optional(),
    defaultLanguage: languageChoice.optional(),
    languages: z.array(languageChoice).min(1).max(LOCALES.length).optional(),
    sdt: isoDateTimeSchema.optional(),
    edt: isoDateTimeSchema.optional(),
    domain: domainLabelSchema.nullable().optional(),
    publicEvent: z.boolean().optional(),
    registrationOpen: z.boolean().optional(),
    useTicketIdForSignup: z.boolean().optional(),
    /** E9.58: 1:1 meetings on or off for this event. */
    meetingsEnabled: z.boolean().optional(),
    restricted: z.boolean().optional(),
    registrationForm: z.array(registrationFieldInputSchema).max(30).optional(),
    colors: eventColorsSchema.optional(),
    tabs: z.array(eventTabSchema).max(20).optional(),
    indexPagePath: eventTabSchema.optional(),
    pages: z
      .strictObject({
        privacy: optionalText(50_000).nullable(),
        terms: optionalText(50_000).nullable(),
      })
      .partial()
      .optional(),
    translation: eventTranslationSchema.optional(),
    /** A7.27: replaces the event's own words as a whole; `{}` removes them all. */
    words: eventWordsSchema.optional(),
  })
  .refine(endsAfterStart, { message: 'validation.error.endBeforeStart', path: ['edt'] });
export type UpdateEventRequest = z.input<typeof updateEventRequest>;

/** POST /organizer/event/:eventId/image: a logo or banner as a data URL (PNG, JPEG or WebP). */
export const eventImageRequest = z.strictObject({
  kind: z.enum(['logo', 'banner']),
  dataUrl: z
    .string()
    .max(8_000_000, 'validation.error.fileTooLarge')
    .regex(/^data:image\/(png|jpeg);base64,[A-Za-z0-9+/=]+$/, 'validation.error.image'),
});

/** POST /organizer/event/:eventId/duplicate: a copy of the set-up (not the people) at new dates. */
export const duplicateEventRequest = z.strictObject({
  name: requiredText(200),
  sdt: isoDateTimeSchema,
  domain: domainLabelSchema.optional(),
});

export const consoleEventParams = z.strictObject({ eventId: idSchema });

/** One event in the organizer's list. */
export const consoleEventSchema = z.object({
  id: z.number(),
  name: z.string(),
  eventType: eventTypeSchema,
  timezone: z.string(),
  domain: z.string().nullable(),
  realSdt: z.string(),
  realEdt: z.string(),
  archived: z.boolean(),
  isFinished: z.boolean(),
  participantCount: z.number(),
  role: organizerRoleSchema,
});
export type ConsoleEvent = z.infer<typeof consoleEventSchema>;

/** Everything the console's event settings form edits. */
export const consoleEventDetailsSchema = consoleEventSchema.extend({
  description: z.string(),
  defaultLanguage: z.string(),
  languages: z.array(z.string()),
  publicEvent: z.boolean(),
  registrationOpen: z.boolean(),
  useTicketIdForSignup: z.boolean(),
  meetingsEnabled: z.boolean(),
  restricted: z.boolean(),
  registrationForm: z.array(registrationFieldSchema),
  colors: z.record(z.string(), z.string()),
  images: z.record(z.string(), z.string().nullable()),
  tabs: z.array(z.string()),
  indexPagePath: z.string(),
  pages: z.record(z.string(), z.string().nullable()),
  translation: z.record(z.string(), z.unknown()),
  /** A7.27: the app's texts this event words its own way, per language, by key. */
  words: z.record(z.string(), z.record(z.string(), z.string())),
  /** A2.71: the venue map the console edits; null when none was uploaded. */
  venueMap: venueMapSchema.nullable(),
});
export type ConsoleEventDetails = z.infer<typeof consoleEventDetailsSchema>;

/** The dashboard's figures (GET /organizer/event/:eventId/dashboard). Counts only, never rows. */
export const dashboardSchema = z.object({
  generatedAt: z.string(),
  /** The event's time zone: days and hours below are local to it. */
  timezone: z.string(),
  participants: z.object({
    /** Everyone but deleted records. */
    total: z.number(),
    active: z.number(),
    invited: z.number(),
    /** `name` is empty for participants without a type. */
    byType: z.array(z.object({ typeId: z.number().nullable(), name: z.string(), count: z.number() })),
  }),
  /** Registrations per day in the event's time zone (yyyy-LL-dd). */
  registrationsByDay: z.array(z.object({ day: z.string(), count: z.number() })),
  /** Participants who confirmed their presence since midnight in the event's time zone. */
  activeToday: z.number(),
  /** requested: meeting requests sent; accepted: meetings confirmed; held: confirmed and already over. */
  meetings: z.object({ requested: z.number(), accepted: z.number(), held: z.number() }),
  /** Session fill: joined places against capacity (null: unlimited). */
  sessions: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      sdt: z.string(),
      capacity: z.number().nullable(),
      joined: z.number(),
    }),
  ),
  checkins: z.object({
    /** People inside at least one area now. */
    inside: z.number(),
    /** People ever checked in. */
    total: z.number(),
    /** Check-in areas: the whole event (empty name), a location or a session. */
    areas: z.array(
      z.object({
        id: z.number(),
        kind: z.enum(['event', 'location', 'session']),
        name: z.string(),
        inside: z.number(),
        total: z.number(),
      }),
    ),
    /** Check-ins per hour (yyyy-LL-dd HH:00 in the event's time zone) and area. */
    byHour: z.array(z.object({ hour: z.string(), areaId: z.number(), count: z.number() })),
  }),
  /** Per booth: contacts its team collected at the event, and meetings held at it. */
  boothVisits: z.array(
    z.object({ boothId: z.number(), name: z.string(), contacts: z.number(), meetings: z.number() }),
  ),
  /** Poll participation: published or closed polls, ballots, distinct voters. */
  polls: z.object({
    polls: z.number(),
    votes: z.number(),
    voters: z.number(),
    byPoll: z.array(
      z.object({
        id: z.number(),
        question: z.string(),
        status: z.enum(['published', 'closed']),
        votes: z.number(),
      }),
    ),
  }),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/** The figures a dashboard CSV export may be asked for. */
export const dashboardFigures = [
  'registrationsByDay',
  'participantsByType',
  'meetings',
  'sessions',
  'checkinsByHour',
  'boothVisits',
  'polls',
] as const;
export type DashboardFigure = (typeof dashboardFigures)[number];
export const dashboardExportQuery = z.strictObject({
  figure: z.enum(dashboardFigures, { error: 'validation.error.option' }),
});

/** GET /event/discover: the public events anyone may open (issue 12, discovery). */
export const discoverQuery = z.strictObject({
  /** Part of the event's name. */
  query: z.string().trim().max(200, 'validation.error.maxLength').optional(),
});
/**
 * One public event: upcoming or running, not archived. `joined` says the caller already takes part
 * (false without a token); `registrationOpen` whether joining it now works.
 */
export const discoverEventSchema = z.object({
  id: z.number(),
  name: z.string(),
  eventType: eventTypeSchema,
  domain: z.string().nullable(),
  realSdt: z.string(),
  realEdt: z.string(),
  timezone: z.string(),
  logo: z.string().nullable(),
  banner: z.string().nullable(),
  colors: z.record(z.string(), z.string()),
  registrationOpen: z.boolean(),
  joined: z.boolean(),
});
export type DiscoverEvent = z.infer<typeof discoverEventSchema>;

/** GET /event/code/:code: opens an event by its domain label or number, as typed by a newcomer. */
export const eventCodeParams = z.strictObject({
  code: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9-]{1,63}$/, 'validation.error.eventCode'),
});
/** The answer of GET /event/code/:code: the event to open. */
export const eventCodeResultSchema = z.object({ id: z.number() });
export type EventCodeResult = z.infer<typeof eventCodeResultSchema>;
