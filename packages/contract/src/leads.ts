import { z } from 'zod';
import { idSchema, intSchema, optionalText, requiredText } from './common';
import { CONTACT_NOTE_MAX_LENGTH } from './contacts';

/**
 * Booth leads (E1.11 for exhibitors, E9.53, E9.54): a badge or card scanned by any member of a
 * booth's team is the booth's lead, seen by the whole team and nobody else. The team rates it,
 * answers the qualification questions the booth's owner or admins set, and writes notes; the booth
 * report (leads, visitors, meetings) downloads as CSV or XLSX.
 */

export const LEAD_RATING_MAX = 5;
export const LEAD_QUESTIONS_MAX = 20;
export const LEAD_OPTIONS_MAX = 20;
export const LEAD_ANSWER_MAX_LENGTH = 500;
/**
 * The most notes one lead holds (no spec names one: a generous cap against a member filling the
 * store); each note is at most CONTACT_NOTE_MAX_LENGTH characters.
 */
export const LEAD_NOTES_MAX = 200;
/** Message key when a lead already holds LEAD_NOTES_MAX notes (web catalogue contacts.json, server messages.ts). */
export const LEAD_NOTES_FULL = 'contacts.leads.error.notes';
/** Message key when a choice's options repeat one another (ignoring case and spacing). */
export const LEAD_OPTION_DUPLICATE = 'contacts.leads.error.duplicateOption';

/** E9.53's naming, for the booth's files. */
export const BOOTH_REPORT_FILES = {
  leads: 'booth_leads.csv',
  visitors: 'booth_visitors.csv',
  meetings: 'booth_meetings.csv',
  xlsx: 'booth_report.xlsx',
} as const;
export const boothReportParts = ['leads', 'visitors', 'meetings'] as const;
export type BoothReportPart = (typeof boothReportParts)[number];

export const leadQuestionKinds = ['text', 'choice'] as const;
export type LeadQuestionKind = (typeof leadQuestionKinds)[number];

export const leadQuestionSchema = z.object({
  id: z.number(),
  label: z.string(),
  kind: z.enum(leadQuestionKinds),
  /** The choices of a single-choice question (empty for short text). */
  options: z.array(z.string()),
});
export type LeadQuestion = z.infer<typeof leadQuestionSchema>;

export const leadNoteSchema = z.object({
  id: z.number(),
  note: z.string(),
  author: z.string(),
  createdAt: z.string(),
});
export type LeadNote = z.infer<typeof leadNoteSchema>;

export const leadSources = ['badge', 'vcard', 'mecard'] as const;

export const leadSchema = z.object({
  id: z.number(),
  boothId: z.number(),
  /** The participant scanned (a badge, or a card matched by e-mail or phone). */
  participantId: z.number().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  emails: z.array(z.string()),
  phones: z.array(z.string()),
  company: z.string(),
  jobTitle: z.string(),
  website: z.string(),
  profilePhoto: z.string().nullable(),
  /** 1 (cold) to 5 (hot); null until someone rates it. */
  rating: z.number().nullable(),
  /** Answers by question id (as a string key). */
  answers: z.record(z.string(), z.string()),
  notes: z.array(leadNoteSchema),
  source: z.enum(leadSources),
  scannedBy: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Lead = z.infer<typeof leadSchema>;

export const leadListSchema = z.object({
  boothId: z.number(),
  boothName: z.string(),
  /** The caller may change the questions (the booth's owner or an admin). */
  canEditQuestions: z.boolean(),
  /** The caller may remove leads (the booth's owner or an admin). */
  canRemoveLeads: z.boolean(),
  questions: z.array(leadQuestionSchema),
  leads: z.array(leadSchema),
});
export type LeadList = z.infer<typeof leadListSchema>;

export const leadListQuery = z.strictObject({ eventId: idSchema });
export const leadParams = z.strictObject({ id: idSchema });

const ratingSchema = intSchema(1, LEAD_RATING_MAX).nullable();
const answersSchema = z
  .record(
    z.string().regex(/^\d{1,10}$/, 'validation.error.option'),
    z.string().trim().max(LEAD_ANSWER_MAX_LENGTH, 'validation.error.maxLength'),
  )
  .refine((a) => Object.keys(a).length <= LEAD_QUESTIONS_MAX, 'validation.error.option');

/** A scanned code (badge link or id, vCard, MECARD) becomes the booth's lead; a second scan updates it. */
export const scanLeadRequest = z.strictObject({
  eventId: idSchema,
  code: z
    .string({ error: 'validation.error.required' })
    .min(1, 'validation.error.required')
    .max(4096, 'validation.error.maxLength'),
  note: optionalText(CONTACT_NOTE_MAX_LENGTH),
  rating: ratingSchema.optional(),
  answers: answersSchema.optional(),
});
export type ScanLeadRequest = z.input<typeof scanLeadRequest>;

/** Rating and answers; a field left out stays as it is. */
export const updateLeadRequest = z.strictObject({
  eventId: idSchema,
  rating: ratingSchema.optional(),
  answers: answersSchema.optional(),
});
export type UpdateLeadRequest = z.input<typeof updateLeadRequest>;

export const leadNoteRequest = z.strictObject({
  eventId: idSchema,
  note: requiredText(CONTACT_NOTE_MAX_LENGTH),
});

/** What makes two options of a choice the same to a reader: case, width and spacing aside. */
export const leadOptionKey = (option: string) =>
  option.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();

export const leadQuestionInput = z
  .strictObject({
    /** An existing question keeps its id (and its answers). */
    id: idSchema.optional(),
    label: requiredText(200),
    kind: z.enum(leadQuestionKinds, { error: 'validation.error.option' }),
    options: z.array(requiredText(100)).max(LEAD_OPTIONS_MAX, 'validation.error.maxItems').default([]),
  })
  .refine((q) => q.kind === 'text' || new Set(q.options).size >= 2, {
    message: 'contacts.leads.error.options',
    path: ['options'],
  })
  .refine((q) => q.kind === 'text' || new Set(q.options.map(leadOptionKey)).size === q.options.length, {
    message: LEAD_OPTION_DUPLICATE,
    path: ['options'],
  });

/** The booth's questions, in order: questions left out are removed with their answers. */
export const saveLeadQuestionsRequest = z.strictObject({
  eventId: idSchema,
  questions: z.array(leadQuestionInput).max(LEAD_QUESTIONS_MAX, 'validation.error.maxItems'),
});
export type SaveLeadQuestionsRequest = z.input<typeof saveLeadQuestionsRequest>;

export const boothReportQuery = z.strictObject({
  eventId: idSchema,
  format: z.enum(['csv', 'xlsx'], { error: 'validation.error.option' }).default('csv'),
  /** Which table the CSV holds (the XLSX holds all three, one sheet each). */
  part: z.enum(boothReportParts, { error: 'validation.error.option' }).default('leads'),
});

/**
 * The realtime record (RecordType.BoothLead) each team member gets when the booth's leads change:
 * a lead scanned or edited (`saved`, the lead as GET /event/lead shows it), a lead removed
 * (`removed`), or the qualification questions changed (`questions`). Every kind carries the
 * booth's questions as they are now (a lead's answers refer to them).
 */
export type LeadChangedPayload = {
  eventId: number;
  boothId: number;
  questions: LeadQuestion[];
} & ({ change: 'saved'; lead: Lead } | { change: 'removed'; leadId: number } | { change: 'questions' });
