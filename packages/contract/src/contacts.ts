import { z } from 'zod';
import { emailSchema, idSchema, intSchema, optionalText, requiredText } from './common';

/**
 * Collected contacts and their notes (E1.11–E1.13, E2.49, E2.50, E3.28, E3.29, E5.36–E5.40,
 * E7.50–E7.54, E8.41, E8.42, E9.53). A contact belongs to the person who collected it; `events`
 * says at which events (eventObjects).
 */

export const CONTACT_SEARCH_LENGTH = 10; // A9.19
export const CONTACT_NOTE_MAX_LENGTH = 2000;
export const CONTACT_EXPORT_FILE = 'scanned_contacts.csv'; // E9.53
/** E9.53: notes in the export are separated by a line of equals signs. */
export const CONTACT_NOTE_SEPARATOR = '='.repeat(20);
export const contactTypes = ['scan'] as const; // E3.29

export const contactNoteSchema = z.object({
  id: z.number(),
  note: z.string(),
  contactId: z.number(),
  contactType: z.enum(contactTypes),
  insertedAt: z.string(),
});
export type ContactNote = z.infer<typeof contactNoteSchema>;

/**
 * E4.62: a contact exchange between two Foyer users as one of them sees it. fresh: none yet; sent: I
 * asked (by scanning their badge or card); received: they asked me; accepted; rejected.
 */
export const contactExchangeStates = ['fresh', 'sent', 'received', 'accepted', 'rejected'] as const;
export type ContactExchangeState = (typeof contactExchangeStates)[number];

/** How the server keeps an exchange: who asked, and where it stands. */
export interface StoredExchange {
  requesterId: number;
  state: 'pending' | 'accepted' | 'rejected';
}

/** E4.62: the state as `viewerUserId` sees it. */
export function exchangeStateFor(
  viewerUserId: number,
  exchange: StoredExchange | null | undefined,
): ContactExchangeState {
  if (!exchange) return 'fresh';
  if (exchange.state === 'pending') return exchange.requesterId === viewerUserId ? 'sent' : 'received';
  return exchange.state;
}

/** Where a contact came from. */
export const contactSources = ['typed', 'badge', 'vcard', 'mecard', 'meeting', 'exchange'] as const;
export type ContactSource = (typeof contactSources)[number];

/** E3.28 */
export const contactSchema = z.object({
  id: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  ticketId: z.string().nullable(),
  emails: z.array(z.string()),
  phones: z.array(z.string()),
  company: z.string(),
  jobTitle: z.string(),
  website: z.string(),
  /** The first e-mail and phone, as the card shows them. */
  email: z.string(),
  phone: z.string(),
  profilePhotoPath: z.string().nullable(),
  /** The newest note's text ('' without notes). */
  note: z.string(),
  eventObjects: z.array(z.object({ id: z.number(), name: z.string() })),
  insertedAtStr: z.string(),
  /** The Foyer participant this contact is (a badge, a card that matched, a meeting partner). */
  participantId: z.number().nullable(),
  /** E4.62: the exchange with that person (null when the contact is no Foyer user). */
  exchange: z.enum(contactExchangeStates).nullable(),
  source: z.enum(contactSources),
});
export type Contact = z.infer<typeof contactSchema>;

export const contactDetailsSchema = contactSchema.extend({
  notes: z.array(contactNoteSchema),
});
export type ContactDetails = z.infer<typeof contactDetailsSchema>;

export const contactPageSchema = z.object({
  items: z.array(contactSchema),
  /** Pass as `after` for the next page; null at the end. */
  nextCursor: z.number().nullable(),
});
export type ContactPage = z.infer<typeof contactPageSchema>;

/**
 * E5.38: a scanned phone starting with plus is written with 00 instead (so matching works whatever
 * the vCard wrote); spaces, dashes, dots and brackets are dropped.
 */
export function normalizePhone(raw: string): string {
  const compact = raw.trim().replace(/[\s\-().]/g, '');
  return compact.startsWith('+') ? `00${compact.slice(1)}` : compact;
}

const phoneSchema = z
  .string()
  .trim()
  .max(40, 'validation.error.maxLength')
  .transform(normalizePhone)
  .refine((p) => p === '' || /^\d{3,20}$/.test(p), 'validation.error.phone');

/** E5.36–E5.38: first name and at least one e-mail are required; phones go as a list. */
export const saveContactRequest = z.strictObject({
  /** Present: update that contact (it must be mine). */
  id: idSchema.optional(),
  events: z.array(idSchema).max(50, 'validation.error.maxItems').default([]),
  firstName: requiredText(100),
  lastName: optionalText(100),
  emails: z
    .array(emailSchema)
    .min(1, 'validation.error.required')
    .max(10, 'validation.error.maxItems')
    .transform((list) => [...new Set(list)]),
  phones: z
    .array(phoneSchema)
    .max(10, 'validation.error.maxItems')
    .default([])
    .transform((list) => [...new Set(list.filter(Boolean))]),
  company: optionalText(200),
  jobTitle: optionalText(200),
  website: optionalText(300),
  ticketId: optionalText(100),
  /** A first note saved with the contact (optional). */
  note: optionalText(CONTACT_NOTE_MAX_LENGTH),
});
export type SaveContactRequest = z.input<typeof saveContactRequest>;

export const contactListQuery = z.strictObject({
  eventId: idSchema.optional(),
  search: z.string().trim().max(100, 'validation.error.maxLength').optional(),
  after: idSchema.optional(),
  length: intSchema(1, 100).default(CONTACT_SEARCH_LENGTH),
});

export const contactParams = z.strictObject({ id: idSchema });

/** E7.51: add (no id) or edit (id) a note; the note text is required. */
export const saveNoteRequest = z.strictObject({
  id: idSchema.optional(),
  contactId: idSchema,
  contactType: z.enum(contactTypes, { error: 'validation.error.option' }).default('scan'),
  note: requiredText(CONTACT_NOTE_MAX_LENGTH),
});

export const contactExportQuery = z.strictObject({ eventId: idSchema.optional() });

/** E5.40: a lookup code may not contain these characters. */
export const CONTACT_CODE_FORBIDDEN = /[#$[\]'"?]/;

/**
 * E5.40, E7.54: contact details by code (a ticket id, or a badge link whose path has
 * `tickets/{ticketId}`) and event id.
 */
export const contactLookupQuery = z.strictObject({
  eventId: idSchema,
  code: z
    .string({ error: 'validation.error.required' })
    .trim()
    .min(1, 'validation.error.required')
    .max(500, 'validation.error.maxLength')
    .refine((code) => !CONTACT_CODE_FORBIDDEN.test(code), 'contacts.error.code'),
});

/** The ticket id in a scanned code: a bare id, or the segment after `tickets/` in an http(s) link. */
export function ticketIdFromCode(code: string): string | null {
  const text = code.trim();
  if (!text) return null;
  if (/^https?:\/\//i.test(text)) {
    try {
      const parts = new URL(text).pathname.split('/').filter(Boolean);
      const at = parts.indexOf('tickets');
      return at >= 0 && parts[at + 1] ? decodeURIComponent(parts[at + 1] as string) : null;
    } catch {
      return null;
    }
  }
  return /^[\w-]{1,100}$/.test(text) ? text : null;
}

/** What a lookup found: the form's fields, prefilled (E4.64 foundContact). */
export const contactLookupSchema = z.object({
  ticketId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  emails: z.array(z.string()),
  phones: z.array(z.string()),
  company: z.string(),
  jobTitle: z.string(),
  website: z.string(),
  profilePhotoPath: z.string().nullable(),
  /** Already in my contacts: its id. */
  existingContactId: z.number().nullable(),
});
export type ContactLookup = z.infer<typeof contactLookupSchema>;

/**
 * A text cell a spreadsheet would run as a formula (it starts with = + - @, a tab or a CR) gets a
 * leading quote: in CSV and, as ASVS 1.2.10 asks, in XLSX too (Excel makes a formula of such a text
 * cell once someone edits it).
 */
export function defuseFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/**
 * E9.53: one CSV field, quoted when it must be (RFC 4180), formula-safe for spreadsheets. A ";" or a
 * tab is quoted too: Excel splits a CSV on the locale's list separator (";" in tr, ru, es), and an
 * unquoted "x;=1+2" would start a cell with a formula (OWASP, CSV injection).
 */
export function csvField(value: string): string {
  const safe = defuseFormula(value);
  return /[",;\t\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export const CONTACT_CSV_COLUMNS = [
  'First name',
  'Last name',
  'E-mails',
  'Phones',
  'Company',
  'Job title',
  'Website',
  'Ticket',
  'Events',
  'Added',
  'Notes',
] as const;

/** E1.13, E9.53: the export, one row per contact, notes joined by a line of equals signs. */
export function contactsToCsv(contacts: readonly ContactDetails[]): string {
  const rows = contacts.map((c) =>
    [
      c.firstName,
      c.lastName,
      c.emails.join('; '),
      c.phones.join('; '),
      c.company,
      c.jobTitle,
      c.website,
      c.ticketId ?? '',
      c.eventObjects.map((e) => e.name).join('; '),
      c.insertedAtStr,
      c.notes.map((n) => n.note).join(`\n${CONTACT_NOTE_SEPARATOR}\n`),
    ]
      .map(csvField)
      .join(','),
  );
  return `${[CONTACT_CSV_COLUMNS.join(','), ...rows].join('\r\n')}\r\n`;
}

// ---- scanning and exchanging (E1.11, E4.62, E4.64) ---------------------------------------------

/**
 * E1.11: a scanned code (badge link or id, vCard, MECARD) collected at an event. The text is
 * checked by `parseScannedCode` on the server; E5.43: the web sends nothing for empty text.
 */
export const scanContactRequest = z.strictObject({
  eventId: idSchema,
  code: z
    .string({ error: 'validation.error.required' })
    .min(1, 'validation.error.required')
    .max(4096, 'validation.error.maxLength'),
  note: optionalText(CONTACT_NOTE_MAX_LENGTH),
});
export type ScanContactRequest = z.input<typeof scanContactRequest>;

/** What a scan did: the contact as I now see it, and whether it is someone at the event (E4.64). */
export const scanContactResultSchema = z.object({
  contact: contactDetailsSchema,
  /** The scanned person is a participant of the event (a badge, or a card matched by e-mail or phone). */
  matched: z.boolean(),
  /** A new contact (false: one I had was updated). */
  created: z.boolean(),
});
export type ScanContactResult = z.infer<typeof scanContactResultSchema>;

/** The other person of an exchange, as their attendee card shows them (no e-mail, no phone). */
export const exchangePersonSchema = z.object({
  participantId: z.number().nullable(),
  name: z.string(),
  surname: z.string(),
  fullName: z.string(),
  company: z.string(),
  jobTitle: z.string(),
  profilePhoto: z.string().nullable(),
});

/** E4.62: one exchange as the viewer sees it. */
export const contactRequestSchema = z.object({
  id: z.number(),
  eventId: z.number(),
  state: z.enum(contactExchangeStates),
  person: exchangePersonSchema,
  /** My contact for that person, when I have one. */
  contactId: z.number().nullable(),
  updatedAt: z.string(),
});
export type ContactRequest = z.infer<typeof contactRequestSchema>;

export const contactRequestListSchema = z.object({
  /** Waiting for my answer. */
  received: z.array(contactRequestSchema),
  /** Waiting for theirs. */
  sent: z.array(contactRequestSchema),
});
export type ContactRequestList = z.infer<typeof contactRequestListSchema>;

export const contactRequestsQuery = z.strictObject({ eventId: idSchema.optional() });

/** E4.62: the person who received a request accepts or rejects it. */
export const answerContactRequest = z.strictObject({ accept: z.boolean() });

/** The realtime record (RecordType.ContactChanged) each side of an exchange gets when it changes. */
export interface ContactChangedPayload {
  request: ContactRequest;
  /** The viewer's contact for the other person, as GET /contact/:id shows it (null: none). */
  contact: Contact | null;
}
