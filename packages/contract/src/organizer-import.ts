import { z } from 'zod';
import { idSchema } from './common';

/**
 * The organizer console's import area (issue 12, part 4): attendees, sessions and speakers from a
 * CSV or XLSX file.
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

export const importKinds = ['attendees', 'sessions', 'speakers'] as const;
export const importKindSchema = z.enum(importKinds, { error: 'validation.error.option' });
export type ImportKind = z.infer<typeof importKindSchema>;

/** Every field a column can fill, whatever the kind (each kind takes the ones IMPORT_KIND_FIELDS lists). */
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
  'externalId',
  'start',
  'end',
  'room',
  'track',
  'capacity',
  'description',
  'videoUrl',
  'sessionExternalIds',
  'role',
] as const;
export const importFieldSchema = z.enum(importFields, { error: 'validation.error.option' });
export type ImportField = z.infer<typeof importFieldSchema>;

/**
 * The fields of each kind, in the order the console lists them. Attendees fill participants; sessions
 * fill the programme (`externalId` is the key a re-import matches on; times are wall-clock times in
 * the event's zone); speakers are participants linked to sessions by their external ids.
 */
export const IMPORT_KIND_FIELDS: Record<ImportKind, readonly ImportField[]> = {
  attendees: ['email', 'name', 'surname', 'company', 'jobTitle', 'phone', 'city', 'website', 'type'],
  sessions: [
    'externalId',
    'name',
    'start',
    'end',
    'room',
    'track',
    'capacity',
    'description',
    'type',
    'videoUrl',
  ],
  speakers: ['email', 'name', 'surname', 'company', 'jobTitle', 'sessionExternalIds', 'role'],
};

/** Columns a file of each kind must map. */
export const IMPORT_KIND_REQUIRED: Record<ImportKind, readonly ImportField[]> = {
  attendees: ['email', 'name'],
  sessions: ['externalId', 'name', 'start', 'end'],
  speakers: ['email'],
};
/** Columns an attendee file must map. */
export const IMPORT_REQUIRED_FIELDS: readonly ImportField[] = IMPORT_KIND_REQUIRED.attendees;

type Aliases = Partial<Record<ImportField, readonly string[]>>;

const EMAIL_ALIASES = [
  'email',
  'e-mail',
  'mail',
  'emailaddress',
  'correo',
  'eposta',
  'почта',
  'электроннаяпочта',
];
const SURNAME_ALIASES = [
  'surname',
  'lastname',
  'familyname',
  'last',
  'apellido',
  'apellidos',
  'soyad',
  'soyadı',
  'фамилия',
];
const COMPANY_ALIASES = [
  'company',
  'organization',
  'organisation',
  'employer',
  'empresa',
  'şirket',
  'sirket',
  'компания',
];
const JOB_ALIASES = ['jobtitle', 'title', 'position', 'job', 'cargo', 'puesto', 'unvan', 'должность'];

/** Header spellings recognised per kind and field (compared lower-case, without spaces, dashes, dots and _). */
const HEADER_ALIASES: Record<ImportKind, Aliases> = {
  attendees: {
    email: EMAIL_ALIASES,
    name: ['name', 'firstname', 'givenname', 'forename', 'first', 'nombre', 'ad', 'isim', 'имя'],
    surname: SURNAME_ALIASES,
    company: COMPANY_ALIASES,
    jobTitle: [...JOB_ALIASES, 'role'],
    phone: [
      'phone',
      'telephone',
      'mobile',
      'phonenumber',
      'tel',
      'teléfono',
      'telefono',
      'telefon',
      'телефон',
    ],
    city: ['city', 'town', 'ciudad', 'şehir', 'sehir', 'город'],
    website: ['website', 'web', 'url', 'site', 'homepage', 'sitioweb', 'сайт'],
    type: [
      'type',
      'participanttype',
      'attendeetype',
      'tickettype',
      'ticket',
      'category',
      'tipo',
      'tür',
      'тип',
    ],
  },
  sessions: {
    externalId: [
      'externalid',
      'id',
      'sessionid',
      'code',
      'key',
      'ref',
      'reference',
      'código',
      'codigo',
      'kod',
      'код',
    ],
    name: [
      'name',
      'title',
      'session',
      'sessionname',
      'talk',
      'nombre',
      'título',
      'titulo',
      'başlık',
      'baslik',
      'ad',
      'название',
    ],
    start: [
      'start',
      'starts',
      'starttime',
      'startdate',
      'begin',
      'from',
      'inicio',
      'başlangıç',
      'baslangic',
      'начало',
    ],
    end: ['end', 'ends', 'endtime', 'enddate', 'finish', 'to', 'fin', 'bitiş', 'bitis', 'конец', 'окончание'],
    room: ['room', 'location', 'venue', 'hall', 'stage', 'sala', 'salón', 'salon', 'oda', 'зал', 'аудитория'],
    track: ['track', 'stream', 'topic', 'pista', 'tema', 'konu', 'трек', 'направление'],
    capacity: ['capacity', 'seats', 'places', 'capacidad', 'aforo', 'kapasite', 'вместимость'],
    description: [
      'description',
      'abstract',
      'summary',
      'details',
      'descripción',
      'descripcion',
      'açıklama',
      'aciklama',
      'описание',
    ],
    type: ['type', 'sessiontype', 'kind', 'tipo', 'tür', 'tur', 'тип'],
    videoUrl: [
      'videourl',
      'video',
      'videolink',
      'streamurl',
      'link',
      'url',
      'enlace',
      'bağlantı',
      'baglanti',
      'видео',
      'ссылка',
    ],
  },
  speakers: {
    email: EMAIL_ALIASES,
    name: ['name', 'firstname', 'givenname', 'forename', 'first', 'speaker', 'nombre', 'ad', 'isim', 'имя'],
    surname: SURNAME_ALIASES,
    company: COMPANY_ALIASES,
    jobTitle: JOB_ALIASES,
    sessionExternalIds: [
      'sessions',
      'session',
      'sessionids',
      'sessionexternalids',
      'externalids',
      'talks',
      'sesiones',
      'sesión',
      'oturumlar',
      'oturum',
      'сессии',
      'доклады',
    ],
    role: ['role', 'rol', 'görev', 'gorev', 'роль'],
  },
};

const normaliseHeader = (header: string) =>
  header
    .trim()
    .toLowerCase()
    .replace(/[\s_.\-–]+/g, '');

/** The field a header most likely means, or null. Each field is suggested for one column at most. */
export function suggestImportMapping(
  headers: readonly string[],
  kind: ImportKind = 'attendees',
): (ImportField | null)[] {
  const taken = new Set<ImportField>();
  const aliases = HEADER_ALIASES[kind];
  return headers.map((header) => {
    const key = normaliseHeader(header);
    const field = IMPORT_KIND_FIELDS[kind].find(
      (f) => !taken.has(f) && (aliases[f] ?? []).some((alias) => normaliseHeader(alias) === key),
    );
    if (!field) return null;
    taken.add(field);
    return field;
  });
}

/** The mapping problems of a kind, as message keys: a field of another kind, one used twice, one missing. */
export function importMappingIssues(kind: ImportKind, mapping: readonly (ImportField | null)[]): string[] {
  const issues: string[] = [];
  const seen = new Set<ImportField>();
  const allowed = new Set(IMPORT_KIND_FIELDS[kind]);
  for (const field of mapping) {
    if (field === null) continue;
    if (!allowed.has(field)) issues.push('organizer.import.error.mappingKind');
    else if (seen.has(field)) issues.push('organizer.import.error.mappingTwice');
    seen.add(field);
  }
  if (IMPORT_KIND_REQUIRED[kind].some((field) => !seen.has(field))) {
    issues.push('organizer.import.error.mappingRequired');
  }
  return issues;
}

const rawMappingSchema = z
  .array(importFieldSchema.nullable(), { error: 'validation.error.type' })
  .max(IMPORT_MAX_COLUMNS, 'validation.error.maxItems');

/** One entry per column of a file of the kind, in order: the field it fills, or null to skip the column. */
export const importMappingFor = (kind: ImportKind) =>
  rawMappingSchema.superRefine((mapping, ctx) => {
    for (const message of importMappingIssues(kind, mapping)) ctx.addIssue({ code: 'custom', message });
  });

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

/** The mapping of an attendee file. */
export const importMappingSchema = importMappingFor('attendees');
export type ImportMapping = z.infer<typeof rawMappingSchema>;

export const importMappedRequest = importFileRequest
  .extend({ mapping: rawMappingSchema })
  .superRefine((value, ctx) => {
    for (const message of importMappingIssues(value.kind, value.mapping)) {
      ctx.addIssue({ code: 'custom', message, path: ['mapping'] });
    }
  });
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
