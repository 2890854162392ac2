import { z } from 'zod';
import { idSchema } from './common';
import { EVENT_FINISHED_AFTER_MS } from './constants';

export const eventTypes = ['normal', 'online', 'hybrid'] as const; // A1.08
export type EventType = (typeof eventTypes)[number];

/** A2.71: tabs allowed when the event says nothing. */
export const DEFAULT_ALLOWED_TABS = [
  'participant',
  'agenda',
  'venueMap',
  'speakers',
  'sponsor',
  'partner',
  'booth',
  'lobby',
] as const;
export type EventTab = (typeof DEFAULT_ALLOWED_TABS)[number];

export interface ParticipantType {
  id: number;
  name: string;
  priority: number;
  maxMeetingCount: number | null;
}

export interface EventImages {
  logo: string | null;
  banner: string | null;
  side_banner: string | null;
}

/** A3.13: the caller's own participant record. */
export interface EventMe {
  id: number;
  typeId: number | null;
  boothId: number | null;
  organizer: boolean;
  organizerRole: string | null;
  profilePhoto: string | null;
  checkInAdmin: boolean;
  rights: Record<string, boolean>;
}

/** A3.05–A3.11, the shell's view of an event. */
export interface EventSummary {
  id: number;
  name: string;
  description: string;
  eventType: EventType;
  defaultLanguage: string;
  timezone: string;
  domain: string | null;
  startDate: string;
  realSdt: string;
  realEdt: string;
  updatedAt: string;
  isFinished: boolean;
  images: EventImages;
  colors: Record<string, string>;
  me: EventMe | null;
}

export interface EventCategory {
  id: number;
  name: string;
  /** Null for a top-level group (e.g. Industry); set for its options (e.g. Fintech). */
  parentId: number | null;
}

export interface EventDetails extends EventSummary {
  pages: { login: string | null };
  categories: EventCategory[];
  categoriesForBooth: EventCategory[];
  participantTypes: ParticipantType[];
  tabs: string[];
  limitTabs: Record<string, string[]> | null;
  tabsConfig: { tabs?: string[] } | null;
  indexPagePath: string;
  /** A3.10: the event's own translations, keyed by locale. */
  translation: Record<string, unknown>;
}

/** A3.12. */
export interface DomainDetails {
  id: number;
  publicEvent: boolean;
  indexPagePath: string;
  useTicketIdForSignup: boolean;
}

/** A4.11: an event counts as finished one day after its real end (or when flagged finished). */
export function isEventFinished(
  event: { isFinished?: boolean; realEdt: string | Date },
  now: Date = new Date(),
): boolean {
  if (event.isFinished) return true;
  const end = typeof event.realEdt === 'string' ? Date.parse(event.realEdt) : event.realEdt.getTime();
  return now.getTime() > end + EVENT_FINISHED_AFTER_MS;
}

/** Registration takes people while the organizer keeps it open and the event is not finished. */
export function isRegistrationOpen(
  event: { registrationOpen: boolean; isFinished?: boolean; realEdt: string | Date },
  now: Date = new Date(),
): boolean {
  return event.registrationOpen && !isEventFinished(event, now);
}

/** A4.10, A1.05: split the event list into active and past. */
export function partitionEvents<T extends { isFinished?: boolean; realEdt: string | Date }>(
  events: readonly T[],
  now: Date = new Date(),
): { active: T[]; past: T[] } {
  const active: T[] = [];
  const past: T[] = [];
  for (const event of events) (isEventFinished(event, now) ? past : active).push(event);
  return { active, past };
}

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

/** A7.22: the first label of the page's host, e.g. `demo` for demo.foyer.example. */
export const domainLabelParams = z.strictObject({
  label: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/, 'validation.error.domain'),
});

/** A4.10, A4.11: the list once, and split by the same rule the client uses. */
export interface EventListResult {
  events: EventSummary[];
  active: EventSummary[];
  past: EventSummary[];
}

export const registrationFieldTypes = ['text', 'select', 'multiselect', 'checkbox'] as const;
export type RegistrationFieldType = (typeof registrationFieldTypes)[number];

/** A3.14: one dynamic field of an event's registration form. */
export interface RegistrationField {
  fieldName: string;
  /** What the form shows; the field name when absent. */
  label?: string;
  type: RegistrationFieldType;
  required: boolean;
  dataList?: string[];
  placeholder?: string;
}

/** What the public screens may know about an event before login (A1.12, A3.07, A3.14). */
export interface PublicEvent {
  id: number;
  name: string;
  description: string;
  eventType: EventType;
  images: EventImages;
  colors: Record<string, string>;
  pages: { login: string | null };
  realSdt: string;
  realEdt: string;
  timezone: string;
  defaultLanguage: string;
  registrationOpen: boolean;
  registrationForm: RegistrationField[];
}

/** GET /api/v1/event/domain/:label and GET /api/v1/event/:eventId/public. */
export interface DomainLookupResult {
  domain: DomainDetails;
  event: PublicEvent;
}

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
