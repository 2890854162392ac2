import { z } from 'zod';
import { idSchema } from './common';
import { DEFAULT_ALLOWED_TABS, eventTypes } from './event-rules';
import { wallClockIn } from './time';
import { venueMapSchema } from './venue-map';

export const eventTypeSchema = z.enum(eventTypes);
export const eventTabSchema = z.enum(DEFAULT_ALLOWED_TABS);

export const participantTypeSchema = z.object({
  id: z.number(),
  name: z.string(),
  priority: z.number(),
  maxMeetingCount: z.number().nullable(),
  /** E6.31: people of this type add no guests to their meetings. */
  disableGuest: z.boolean(),
  /** E3.05: the name per language, where the organizer gave one. */
  texts: z.record(z.string(), z.string()),
});
export type ParticipantType = z.infer<typeof participantTypeSchema>;

/** A3.07: logo, banner and side_banner, and any other images the event names (each a link or null). */
export const eventImagesSchema = z
  .object({
    logo: z.string().nullable(),
    banner: z.string().nullable(),
    side_banner: z.string().nullable(),
  })
  .catchall(z.string().nullable());
export type EventImages = z.infer<typeof eventImagesSchema>;

/** A3.07: the images of a stored event: the three named ones always (null when unset), others as given. */
export function toEventImages(raw: Readonly<Record<string, unknown>> | null | undefined): EventImages {
  const others: Record<string, string | null> = {};
  for (const [key, value] of Object.entries(raw ?? {})) {
    if (key === '__proto__') continue;
    if (typeof value === 'string' || value === null) others[key] = value;
  }
  return {
    ...others,
    logo: others.logo ?? null,
    banner: others.banner ?? null,
    side_banner: others.side_banner ?? null,
  };
}

/** A3.06: an instant as `yyyy-LL-dd HH:mm` (A9.33) on the wall clock of `zone` (UTC when unknown). */
export function formatInZone(iso: string, zone: string): string {
  const ms = Date.parse(iso);
  if (!Number.isFinite(ms)) return '';
  const p = wallClockIn(zone, ms) ?? wallClockIn('UTC', ms);
  if (!p) return '';
  const pad = (n: number | undefined) => String(n ?? 0).padStart(2, '0');
  return `${p.year}-${pad(p.month)}-${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)}`;
}

/**
 * A3.06: the event's full date in the event's own time, e.g.
 * `2030-05-01 11:00 – 2030-05-03 11:00 (Europe/Istanbul)`, the same for every reader.
 */
export function fullDateStrInEventTime(event: {
  realSdt: string;
  realEdt: string;
  timezone: string;
}): string {
  const zone = wallClockIn(event.timezone, 0) ? event.timezone : 'UTC';
  return `${formatInZone(event.realSdt, zone)} – ${formatInZone(event.realEdt, zone)} (${zone})`;
}

/** A3.13: the caller's own participant record. */
export const eventMeSchema = z.object({
  id: z.number(),
  typeId: z.number().nullable(),
  boothId: z.number().nullable(),
  organizer: z.boolean(),
  organizerRole: z.string().nullable(),
  profilePhoto: z.string().nullable(),
  checkInAdmin: z.boolean(),
  rights: z.record(z.string(), z.boolean()),
  /** A4.43: the event-profile wizard was finished (on any device). */
  profileFilled: z.boolean(),
  /** E9.46: the profile already has the points of a complete one (e.g. imported or seeded). */
  profileComplete: z.boolean(),
});
export type EventMe = z.infer<typeof eventMeSchema>;

/** A3.05–A3.11, the shell's view of an event. */
export const eventSummarySchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  eventType: eventTypeSchema,
  defaultLanguage: z.string(),
  timezone: z.string(),
  domain: z.string().nullable(),
  startDate: z.string(),
  realSdt: z.string(),
  realEdt: z.string(),
  updatedAt: z.string(),
  /** A3.06: fullDateStrInEventTime(realSdt, realEdt, timezone). */
  fullDateStrInEventTime: z.string(),
  isFinished: z.boolean(),
  images: eventImagesSchema,
  colors: z.record(z.string(), z.string()),
  me: eventMeSchema.nullable(),
});
export type EventSummary = z.infer<typeof eventSummarySchema>;

export const eventCategorySchema = z.object({
  id: z.number(),
  name: z.string(),
  /** Null for a top-level group (e.g. Industry); set for its options (e.g. Fintech). */
  parentId: z.number().nullable(),
  /** E3.06: 'text' for a question answered in words (its answers are text, nobody is given it). */
  type: z.enum(['select', 'text']),
});
export type EventCategory = z.infer<typeof eventCategorySchema>;

export const eventDetailsSchema = eventSummarySchema.extend({
  pages: z.object({ login: z.string().nullable() }),
  categories: z.array(eventCategorySchema),
  categoriesForBooth: z.array(eventCategorySchema),
  participantTypes: z.array(participantTypeSchema),
  tabs: z.array(z.string()),
  limitTabs: z.record(z.string(), z.array(z.string())).nullable(),
  tabsConfig: z.object({ tabs: z.array(z.string()).optional() }).nullable(),
  indexPagePath: z.string(),
  /** A3.10: the event's own translations, keyed by locale. */
  translation: z.record(z.string(), z.unknown()),
  /**
   * A7.28: the languages in which this event words some of the app's texts its own way; the app
   * asks for messagesForEvent/{id}.json only when the language it shows is one of them.
   */
  ownWords: z.array(z.string()),
  /** E9.58: the organizer may switch 1:1 meetings off (no Meet button, no new requests). */
  meetingsEnabled: z.boolean(),
  /** A2.71: the venue map with its pins; null when the event has none (the tab is hidden). */
  venueMap: venueMapSchema.nullable(),
});
export type EventDetails = z.infer<typeof eventDetailsSchema>;

/** A3.12. */
export const domainDetailsSchema = z.object({
  id: z.number(),
  publicEvent: z.boolean(),
  indexPagePath: z.string(),
  useTicketIdForSignup: z.boolean(),
});
export type DomainDetails = z.infer<typeof domainDetailsSchema>;

export const eventIdParams = z.strictObject({
  eventId: idSchema,
});

/** GET /api/v1/event: query *:* lists everything (A7.20); other text filters by name. */
export const eventListQuery = z.strictObject({
  query: z.string().trim().max(200).optional(),
});

const queryFlag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** GET /api/v1/event/:eventId (A7.21). attendEvent (or join) adds the caller to a public event. */
export const eventDetailsQuery = z.strictObject({
  attendEvent: queryFlag.optional(),
  refresh: queryFlag.optional(),
  join: queryFlag.optional(),
});

/** One DNS label: letters, digits and inner dashes, at most 63 characters. */
const DOMAIN_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** A7.22: the first label of the page's host, e.g. `demo` for demo.foyer.example. */
export const domainLabelParams = z.strictObject({
  label: z.string().trim().toLowerCase().regex(DOMAIN_LABEL, 'validation.error.domain'),
});

/** A7.24: the public domain file is served at this path, `{label}.json` after it. */
export const DOMAIN_FILE_PATH = '/public/domain/';
/** A7.24: GET /public/domain/{label}.json; the parsed params hold the label. */
export const domainFileParams = z.strictObject({
  file: z
    .string()
    .toLowerCase()
    .regex(/^[^/]+\.json$/, 'validation.error.domain')
    .transform((file) => file.slice(0, -'.json'.length))
    .pipe(z.string().regex(DOMAIN_LABEL, 'validation.error.domain')),
});
/** A7.24: what the public domain file holds: the domain details (A3.12). */
export const domainFileSchema = domainDetailsSchema;
export type DomainFile = DomainDetails;

/** A7.47, E7.91: where clients load an event's banner from ({host}/public/event/images/{id}/banner.png). */
export function eventBannerPath(eventId: number): string {
  return `/public/event/images/${eventId}/banner.png`;
}

/** A4.10, A4.11: the list once, and split by the same rule the client uses. */
export const eventListResultSchema = z.object({
  events: z.array(eventSummarySchema),
  active: z.array(eventSummarySchema),
  past: z.array(eventSummarySchema),
});
export type EventListResult = z.infer<typeof eventListResultSchema>;

export const registrationFieldTypes = ['text', 'select', 'multiselect', 'checkbox'] as const;
export const registrationFieldTypeSchema = z.enum(registrationFieldTypes);
export type RegistrationFieldType = z.infer<typeof registrationFieldTypeSchema>;

/** A3.14: one dynamic field of an event's registration form. */
export const registrationFieldSchema = z.object({
  fieldName: z.string(),
  /** What the form shows; the field name when absent. */
  label: z.string().optional(),
  type: registrationFieldTypeSchema,
  required: z.boolean(),
  dataList: z.array(z.string()).optional(),
  placeholder: z.string().optional(),
  /** E5.02: the label says "(required)" or "(optional)" after it; absent means false. */
  requiredLabel: z.boolean().optional(),
});
export type RegistrationField = z.infer<typeof registrationFieldSchema>;

/** What the public screens may know about an event before login (A1.12, A3.07, A3.14). */
export const publicEventSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  eventType: eventTypeSchema,
  images: eventImagesSchema,
  colors: z.record(z.string(), z.string()),
  pages: z.object({ login: z.string().nullable() }),
  realSdt: z.string(),
  realEdt: z.string(),
  timezone: z.string(),
  defaultLanguage: z.string(),
  registrationOpen: z.boolean(),
  registrationForm: z.array(registrationFieldSchema),
  /** A7.28: as the event details' `ownWords`, for the event's login and registration pages. */
  ownWords: z.array(z.string()),
});
export type PublicEvent = z.infer<typeof publicEventSchema>;

/** GET /api/v1/event/domain/:label and GET /api/v1/event/:eventId/public. */
export const domainLookupResultSchema = z.object({
  domain: domainDetailsSchema,
  event: publicEventSchema,
});
export type DomainLookupResult = z.infer<typeof domainLookupResultSchema>;

export type RegistrationFieldValue = string | string[] | undefined;

function isBlank(value: RegistrationFieldValue): boolean {
  if (value === undefined) return true;
  return Array.isArray(value) ? value.length === 0 : value.trim() === '';
}

/**
 * A5.13–A5.15: checks dynamic values against the form. Returns at most one message key per field
 * (keyed by fieldName); an empty object means the form is valid. Values for names the form does
 * not define are reported too, so a typo never disappears silently.
 */
export function validateRegistrationFields(
  form: readonly RegistrationField[],
  values: Readonly<Record<string, RegistrationFieldValue>>,
): Record<string, string> {
  const errors: Record<string, string> = {};
  const known = new Set(form.map((f) => f.fieldName));
  for (const field of form) {
    const value = values[field.fieldName];
    if (isBlank(value) || (field.type === 'checkbox' && !field.dataList && value === 'false')) {
      if (field.required) errors[field.fieldName] = 'validation.error.required';
      continue;
    }
    const options = field.dataList;
    const many = field.type === 'multiselect' || (field.type === 'checkbox' && options !== undefined);
    if (many) {
      const list = Array.isArray(value) ? value : [value as string];
      if (options && list.some((v) => !options.includes(v)))
        errors[field.fieldName] = 'validation.error.option';
    } else if (Array.isArray(value)) {
      errors[field.fieldName] = 'validation.error.type';
    } else if (field.type === 'select' && options && !options.includes(value as string)) {
      errors[field.fieldName] = 'validation.error.option';
    } else if (field.type === 'checkbox' && value !== 'true') {
      errors[field.fieldName] = 'validation.error.type';
    }
  }
  for (const name of Object.keys(values)) {
    if (!known.has(name) && values[name] !== undefined) errors[name] = 'validation.error.unknownField';
  }
  return errors;
}
