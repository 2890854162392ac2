import { z } from 'zod';
import { idSchema } from './common';

/**
 * The organizer console's import area (issue 12, part 4): attendees from a CSV or XLSX file.
 * The web sends the file with every step (preview, validate, commit); the server keeps nothing
 * until the commit. Decision record: docs/decisions/016-import.md.
 */

/** The largest file the import takes, decoded (the base64 text is a third longer). */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
/** Base64 length of IMPORT_MAX_BYTES. */
export const IMPORT_MAX_BASE64 = Math.ceil(IMPORT_MAX_BYTES / 3) * 4;
/** Rows in one file. */
export const IMPORT_MAX_ROWS = 100_000;
/** Columns in one file. */
export const IMPORT_MAX_COLUMNS = 100;
/** Rows shown by the preview. */
export const IMPORT_PREVIEW_ROWS = 20;
/** Row errors listed by validate (the counts cover all of them). */
export const IMPORT_MAX_ERRORS = 500;
/** Up to this many good rows the commit answers when done; above, it answers a running job. */
export const IMPORT_SYNC_ROWS = 5_000;

export const importKinds = ['attendees'] as const;
export const importKindSchema = z.enum(importKinds, { error: 'validation.error.option' });
export type ImportKind = z.infer<typeof importKindSchema>;

/** Participant fields a column can fill. */
export const importFields = [
  'email',
  'name',
  'surname',
  'company',
  'jobTitle',
  'phone',
  'city',
  'website',
  'type',
] as const;
export const importFieldSchema = z.enum(importFields, { error: 'validation.error.option' });
export type ImportField = z.infer<typeof importFieldSchema>;
/** Columns an attendee file must map. */
export const IMPORT_REQUIRED_FIELDS: readonly ImportField[] = ['email', 'name'];

/** Header spellings recognised per field (compared lower-case, without spaces, dashes, dots and _). */
const HEADER_ALIASES: Record<ImportField, readonly string[]> = {
  email: ['email', 'e-mail', 'mail', 'emailaddress', 'correo', 'eposta', 'почта', 'электроннаяпочта'],
  name: ['name', 'firstname', 'givenname', 'forename', 'first', 'nombre', 'ad', 'isim', 'имя'],
  surname: [
    'surname',
    'lastname',
    'familyname',
    'last',
    'apellido',
    'apellidos',
    'soyad',
    'soyadı',
    'фамилия',
  ],
  company: ['company', 'organization', 'organisation', 'employer', 'empresa', 'şirket', 'sirket', 'компания'],
  jobTitle: ['jobtitle', 'title', 'position', 'role', 'job', 'cargo', 'puesto', 'unvan', 'должность'],
  phone: ['phone', 'telephone', 'mobile', 'phonenumber', 'tel', 'teléfono', 'telefono', 'telefon', 'телефон'],
  city: ['city', 'town', 'ciudad', 'şehir', 'sehir', 'город'],
  website: ['website', 'web', 'url', 'site', 'homepage', 'sitioweb', 'сайт'],
  type: ['type', 'participanttype', 'attendeetype', 'tickettype', 'ticket', 'category', 'tipo', 'tür', 'тип'],
};

const normaliseHeader = (header: string) =>
  header
    .trim()
    .toLowerCase()
    .replace(/[\s_.\-–]+/g, '');

/** The field a header most likely means, or null. Each field is suggested for one column at most. */
export function suggestImportMapping(headers: readonly string[]): (ImportField | null)[] {
  const taken = new Set<ImportField>();
  return headers.map((header) => {
    const key = normaliseHeader(header);
    const field = importFields.find(
      (f) => !taken.has(f) && HEADER_ALIASES[f].some((alias) => normaliseHeader(alias) === key),
    );
    if (!field) return null;
    taken.add(field);
    return field;
  });
}

const fileNameSchema = z
  .string({ error: 'validation.error.required' })
  .trim()
  .min(1, 'validation.error.required')
  .max(255, 'validation.error.maxLength');

export const importFileRequest = z.strictObject({
  kind: importKindSchema,
  fileName: fileNameSchema,
  contentBase64: z
    .string({ error: 'validation.error.required' })
    .min(1, 'organizer.import.error.empty')
    .max(IMPORT_MAX_BASE64, 'organizer.import.error.fileTooLarge'),
});
export type ImportFileRequest = z.input<typeof importFileRequest>;

/** One entry per column of the file, in order: the field it fills, or null to skip the column. */
export const importMappingSchema = z
  .array(importFieldSchema.nullable(), { error: 'validation.error.type' })
  .max(IMPORT_MAX_COLUMNS, 'validation.error.maxItems')
  .superRefine((mapping, ctx) => {
    const seen = new Set<ImportField>();
    for (const field of mapping) {
      if (field === null) continue;
      if (seen.has(field)) ctx.addIssue({ code: 'custom', message: 'organizer.import.error.mappingTwice' });
      seen.add(field);
    }
    for (const field of IMPORT_REQUIRED_FIELDS) {
      if (!seen.has(field))
        ctx.addIssue({ code: 'custom', message: 'organizer.import.error.mappingRequired' });
    }
  });
export type ImportMapping = z.infer<typeof importMappingSchema>;

export const importMappedRequest = importFileRequest.extend({ mapping: importMappingSchema });
export type ImportMappedRequest = z.input<typeof importMappedRequest>;

export const importFileTypeSchema = z.enum(['csv', 'xlsx']);

export const importPreviewSchema = z.object({
  fileType: importFileTypeSchema,
  headers: z.array(z.string()),
  mapping: z.array(importFieldSchema.nullable()),
  rowCount: z.number().int(),
  /** The first IMPORT_PREVIEW_ROWS data rows, cells as text. */
  rows: z.array(z.array(z.string())),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

/** Why a row is refused: a message key under organizer.import.error. */
export const importRowErrorSchema = z.object({
  /** 1-based line of the file, the header being row 1 (what a spreadsheet shows). */
  row: z.number().int(),
  field: importFieldSchema,
  message: z.string(),
});
export type ImportRowError = z.infer<typeof importRowErrorSchema>;

export const importValidationSchema = z.object({
  rowCount: z.number().int(),
  goodCount: z.number().int(),
  badCount: z.number().int(),
  /** The first IMPORT_MAX_ERRORS errors, by row. */
  errors: z.array(importRowErrorSchema),
  errorCount: z.number().int(),
});
export type ImportValidation = z.infer<typeof importValidationSchema>;

export const importJobStates = ['running', 'done', 'failed'] as const;

/** A commit: done at once for a small file, else a job the console polls. */
export const importJobSchema = z.object({
  id: z.number().int(),
  state: z.enum(importJobStates),
  fileName: z.string(),
  total: z.number().int(),
  processed: z.number().int(),
  inserted: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  /** Rows refused by validation (not imported). */
  errors: z.number().int(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ImportJob = z.infer<typeof importJobSchema>;

export const importJobParams = z.strictObject({ eventId: idSchema, jobId: idSchema });
