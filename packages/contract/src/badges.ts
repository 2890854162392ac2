import { z } from 'zod';
import { badgeLineSizes, badgeQrSizes, badgeSizeKeys } from './badges-layout';
import { idSchema, intSchema, requiredText } from './common';

/**
 * Badge printing (issue 14, part 3): printers (E3.36, E9.56), badge templates (E3.37, E3.38, E9.50),
 * the print queue (E4.72–E4.76, E5.58, E7.62, E8.16–E8.19) and its live states (E7.74, E7.75).
 *
 * A printer is one of three kinds: `zpl` (a label printer reached over raw TCP, port 9100 by
 * default), `txt` (a printer reached the same way that gets the template's text, E4.75) or `pdf`
 * (any other printer: the browser prints a PDF). Its print type (E9.56): `printQueue` (the server
 * queues the job and retries a printer that does not answer), `directly` (one attempt at once,
 * no retries) or `none` (badges are not printed there).
 */

export const printerKinds = ['zpl', 'txt', 'pdf'] as const;
export type PrinterKind = (typeof printerKinds)[number];
/** E9.56 */
export const printTypes = ['directly', 'printQueue', 'none'] as const;
export type PrintType = (typeof printTypes)[number];
export const zplDpis = [203, 300, 600] as const;

/** E4.76: queued (waiting), sending ("sent to print"), printed, failed (given up). */
export const printJobStatuses = ['queued', 'sending', 'printed', 'failed'] as const;
export type PrintJobStatus = (typeof printJobStatuses)[number];
/**
 * Why a print (a queued job's attempt, a test print) failed, as a stable code the console shows in
 * the user's language (`badges.printError.<code>`); the English detail (address, system error)
 * comes with it. `refused`: nothing listens there; `dropped`: a reset during the job; `closedEarly`:
 * the printer closed the connection before it took the job; `notAllowed`: an address printers may
 * not use; `unknownHost`; `unreachable`; `noConnection`: no answer within the timeout; `jobNotTaken`:
 * connected, the job not read in time; `notConfirmed`: the job sent, the printer did not close the
 * connection in time; `network`: another network error; `printerNotFound`, `printerOff` (set not to
 * print), `ticketNotFound`, `templateNotFound`: nothing was sent.
 */
export const printErrorCodes = [
  'refused',
  'dropped',
  'closedEarly',
  'notAllowed',
  'unknownHost',
  'unreachable',
  'noConnection',
  'jobNotTaken',
  'notConfirmed',
  'network',
  'printerNotFound',
  'printerOff',
  'ticketNotFound',
  'templateNotFound',
] as const;
export type PrintErrorCode = (typeof printErrorCodes)[number];

/** A job still on its way: a second one for that badge is "already printing" (E8.17). */
export const isPrintJobInFlight = (status: PrintJobStatus) => status === 'queued' || status === 'sending';

const hostSchema = z
  .string()
  .trim()
  .max(253, 'validation.error.maxLength')
  .regex(
    /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,62})(?:\.[A-Za-z0-9-]{1,63})*|[0-9a-fA-F:.]{2,45})$/,
    'badges.error.host',
  );

// ---- printers -------------------------------------------------------------------------------------

/** POST/PUT /organizer/event/:eventId/badges/printers(/:printerId). */
export const printerInput = z
  .strictObject({
    label: requiredText(60),
    kind: z.enum(printerKinds, { error: 'validation.error.option' }),
    host: hostSchema.nullable().default(null),
    port: intSchema(1, 65535).default(9100),
    printType: z.enum(printTypes, { error: 'validation.error.option' }).default('printQueue'),
    /** ZPL only: the printer's resolution (dots per inch). */
    dpi: z
      .union([z.literal(203), z.literal(300), z.literal(600)], { error: 'validation.error.option' })
      .default(203),
    /** The templates this printer prints (E3.36); empty: any of the event's. */
    templateIds: z.array(idSchema).max(50, 'validation.error.maxItems').default([]),
  })
  .refine((p) => p.kind === 'pdf' || (p.host !== null && p.host !== ''), {
    message: 'validation.error.required',
    path: ['host'],
  });
export type PrinterInput = z.input<typeof printerInput>;

export const printerSchema = z.object({
  id: z.number(),
  label: z.string(),
  kind: z.enum(printerKinds),
  host: z.string().nullable(),
  port: z.number(),
  printType: z.enum(printTypes),
  dpi: z.number(),
  templateIds: z.array(z.number()),
});
export type Printer = z.infer<typeof printerSchema>;

// ---- templates ------------------------------------------------------------------------------------

export const badgeLineSchema = z.strictObject({
  text: z.string().trim().max(200, 'validation.error.maxLength'),
  size: z.enum(badgeLineSizes, { error: 'validation.error.option' }).default('md'),
  bold: z.boolean().default(false),
});

/** POST/PUT /organizer/event/:eventId/badges/templates(/:templateId) (E3.37). */
export const badgeTemplateInput = z.strictObject({
  name: requiredText(80),
  size: z.enum(badgeSizeKeys, { error: 'validation.error.option' }),
  /** The participant type it is for; null: anyone without a template of their own. */
  participantTypeId: idSchema.nullable().default(null),
  /** The event's default badge (A3.11): one per event. */
  isDefault: z.boolean().default(false),
  lines: z.array(badgeLineSchema).max(12, 'validation.error.maxItems').default([]),
  qr: z.enum(badgeQrSizes, { error: 'validation.error.option' }).default('medium'),
  /** The text template TXT printers get (E4.75, E8.05: none → MST-00061). */
  text: z.string().max(4000, 'validation.error.maxLength').nullable().default(null),
});
export type BadgeTemplateInput = z.input<typeof badgeTemplateInput>;

export const badgeTemplateSchema = z.object({
  id: z.number(),
  name: z.string(),
  size: z.enum(badgeSizeKeys),
  participantTypeId: z.number().nullable(),
  isDefault: z.boolean(),
  lines: z.array(z.object({ text: z.string(), size: z.enum(badgeLineSizes), bold: z.boolean() })),
  qr: z.enum(badgeQrSizes),
  text: z.string().nullable(),
});
export type BadgeTemplate = z.infer<typeof badgeTemplateSchema>;

export const badgeConsoleSchema = z.object({
  printers: z.array(printerSchema),
  templates: z.array(badgeTemplateSchema),
});
export type BadgeConsole = z.infer<typeof badgeConsoleSchema>;

/** A3.11: what a desk needs: the event's printers and its default badge. */
export const badgeSetupQuery = z.strictObject({ eventId: idSchema });
export const badgeSetupSchema = z.object({
  printers: z.array(printerSchema.omit({ host: true, port: true, templateIds: true })),
  defaultBadge: z.object({ id: z.number(), name: z.string(), size: z.enum(badgeSizeKeys) }).nullable(),
});
export type BadgeSetup = z.infer<typeof badgeSetupSchema>;
export type DeskPrinter = BadgeSetup['printers'][number];

// ---- printing ------------------------------------------------------------------------------------

const ticketIdSchema = z
  .string()
  .trim()
  .min(1, 'checkIn.error.ticketNotFound')
  .max(100, 'checkIn.error.ticketNotFound')
  .regex(/^[\w-]+$/, 'checkIn.container.scan.data.error');

const onePerson = <T extends { ticketId?: string | undefined; participantId?: number | undefined }>(r: T) =>
  r.ticketId !== undefined || r.participantId !== undefined;
const onePersonError = { message: 'checkIn.error.noTicketId', path: ['ticketId'] };

/** E7.62 / E7.63 POST /event/participant/badge/printQueue. */
export const badgePrintRequest = z
  .strictObject({
    eventId: idSchema,
    ticketId: ticketIdSchema.optional(),
    participantId: idSchema.optional(),
    printerId: idSchema,
    /** printBadgeForced (E2.79, E5.58): print even though it was printed before. */
    force: z.boolean().default(false),
    /** E5.59: a fast scan's badge on a TXT printer carries CODE_128, not QR. */
    scanType: z.enum(['individual', 'fast']).optional(),
  })
  .refine(onePerson, onePersonError);
export type BadgePrintRequest = z.input<typeof badgePrintRequest>;

export const printJobSchema = z.object({
  id: z.number(),
  participantId: z.number(),
  ticketId: z.string().nullable(),
  fullName: z.string(),
  printerId: z.number().nullable(),
  printerLabel: z.string().nullable(),
  printerKind: z.enum(printerKinds).nullable(),
  status: z.enum(printJobStatuses),
  attempts: z.number(),
  /** Why its last attempt failed, in English (with the address and the system's error). */
  lastError: z.string().nullable(),
  /** The same as a code the console translates; null when it printed or on a job older than codes. */
  lastErrorCode: z.enum(printErrorCodes).nullable(),
  force: z.boolean(),
  batchId: z.number().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  printedAt: z.string().nullable(),
});
export type PrintJob = z.infer<typeof printJobSchema>;

/**
 * queued: on its way to a ZPL/TXT printer (E8.18); printed: recorded at once (a PDF printer, the
 * browser prints); alreadyPrinted (E8.16, E5.58: not forced); alreadyPrinting (E8.17).
 */
export const badgePrintOutcomes = ['queued', 'printed', 'alreadyPrinted', 'alreadyPrinting'] as const;
export type BadgePrintOutcome = (typeof badgePrintOutcomes)[number];

export const badgePrintAnswerSchema = z.object({
  outcome: z.enum(badgePrintOutcomes),
  /** E7.62: the call's two answers. */
  success: z.boolean(),
  isPrinting: z.boolean(),
  /** The job (new, or the one in flight); null when nothing was queued. */
  job: printJobSchema.nullable(),
  /** When it was last printed (null: never). */
  printedAt: z.string().nullable(),
});
export type BadgePrintAnswer = z.infer<typeof badgePrintAnswerSchema>;

export const printJobQuery = z.strictObject({ eventId: idSchema, jobId: idSchema });

/** E7.05 POST digest/template: the merged content of a badge. */
export const digestTemplateRequest = z
  .strictObject({
    eventId: idSchema,
    ticketId: ticketIdSchema.optional(),
    participantId: idSchema.optional(),
    templateId: idSchema.optional(),
    /** The printer it is for: its kind picks the content (ZPL, TXT; PDF: the lines as text). */
    printerId: idSchema.optional(),
    scanType: z.enum(['individual', 'fast']).optional(),
  })
  .refine(onePerson, onePersonError);
export const digestTemplateSchema = z.object({
  content: z.string(),
  format: z.enum(['zpl', 'txt', 'text']),
  templateId: z.number(),
});
export type DigestTemplate = z.infer<typeof digestTemplateSchema>;

/** E7.06 GET digest: the event's templates, or one (`id`). */
export const digestQuery = z.strictObject({ eventId: idSchema, id: idSchema.optional() });
export const digestListSchema = z.object({ templates: z.array(badgeTemplateSchema) });

/** GET /event/participant/badge/pdf: a badge as PDF for the browser to print. */
export const badgePdfQuery = z
  .strictObject({
    eventId: idSchema,
    ticketId: ticketIdSchema.optional(),
    participantId: idSchema.optional(),
    templateId: idSchema.optional(),
    printerId: idSchema.optional(),
  })
  .refine(onePerson, onePersonError);

// ---- the console's queue and batches --------------------------------------------------------------

export const badgeJobsQuery = z.strictObject({
  status: z.enum(printJobStatuses).optional(),
  batchId: idSchema.optional(),
});
export const printJobCountsSchema = z.object({
  queued: z.number(),
  sending: z.number(),
  printed: z.number(),
  failed: z.number(),
});
export type PrintJobCounts = z.infer<typeof printJobCountsSchema>;
export const BADGE_JOBS_LIST_LENGTH = 50;
export const badgeJobsSchema = z.object({
  items: z.array(printJobSchema),
  counts: printJobCountsSchema,
});
export type BadgeJobs = z.infer<typeof badgeJobsSchema>;

/** POST /organizer/event/:eventId/badges/batch: one job per matching person. */
export const badgeBatchRequest = z.strictObject({
  printerId: idSchema,
  /** Participant types (empty: all). */
  typeIds: z.array(idSchema).max(100, 'validation.error.maxItems').default([]),
  checkedIn: z.enum(['any', 'in', 'out'], { error: 'validation.error.option' }).default('any'),
  /** Only badges never printed; off: reprints (forced) too. */
  notPrinted: z.boolean().default(true),
});
export type BadgeBatchRequest = z.input<typeof badgeBatchRequest>;
export const BADGE_BATCH_MAX = 20_000;

export const badgeBatchSchema = z.object({
  id: z.number(),
  printerId: z.number().nullable(),
  total: z.number(),
  /** People left out because a job of theirs was already on its way. */
  skipped: z.number(),
  counts: printJobCountsSchema,
  createdAt: z.string(),
});
export type BadgeBatch = z.infer<typeof badgeBatchSchema>;

/**
 * POST /organizer/event/:eventId/badges/jobs/:jobId/retry (E4.76): a failed job queued again on its
 * printer. Answers as a print does (E7.62): queued, or (not queued) alreadyPrinting (E8.17) or
 * alreadyPrinted (E8.16: the badge printed since the job was made; `force` prints it again).
 */
export const badgeRetryRequest = z.strictObject({
  force: z.boolean().default(false),
});
export type BadgeRetryRequest = z.input<typeof badgeRetryRequest>;

/**
 * POST /organizer/event/:eventId/badges/printers/:printerId/test: a small test label sent to a
 * network printer at once (ZPL to a label printer, text to a TXT one), not queued.
 */
export const printerTestSchema = z.object({
  /** Whether the printer took the label (it read it and closed the connection in time). */
  sent: z.boolean(),
  format: z.enum(['zpl', 'txt']),
  /** Why not, when it did not: no answer, refused, did not take the job… */
  error: z.string().nullable(),
  /** The same as a code the console translates (`badges.printError.<code>`). */
  errorCode: z.enum(printErrorCodes).nullable(),
});
export type PrinterTest = z.infer<typeof printerTestSchema>;

// ---- live (E7.74, E7.75) ---------------------------------------------------------------------------

/** `badge.print` on newEvents/{eventId}/badges: a job's state changed. */
export interface BadgePrintRecord {
  job: PrintJob;
}
/** `badge.setup`: printers or templates changed: desks fetch the set-up again. */
export interface BadgeSetupRecord {
  changed: 'printers' | 'templates';
}

// ---- path parameters -------------------------------------------------------------------------------

export const badgeConsoleParams = z.strictObject({ eventId: idSchema });
export const printerParams = z.strictObject({ eventId: idSchema, printerId: idSchema });
export const badgeTemplateParams = z.strictObject({ eventId: idSchema, templateId: idSchema });
export const badgeBatchParams = z.strictObject({ eventId: idSchema, batchId: idSchema });
export const printJobParams = z.strictObject({ eventId: idSchema, jobId: idSchema });
