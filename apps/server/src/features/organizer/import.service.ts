import {
  IMPORT_PREVIEW_ROWS,
  IMPORT_SYNC_ROWS,
  type ImportJob,
  type ImportPreview,
  type ImportValidation,
  type importFileRequest,
  type importMappedRequest,
  suggestImportMapping,
} from '@foyer/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../http/errors';
import { decodeUpload, type ParsedFile, parseImportFile } from './import.parse';
import * as repo from './import.repository';
import { type ImportRecord, validateRows } from './import.validate';
import { type PreparedImport, prepareSessions, prepareSpeakers } from './import-programme.service';
import { type ConsoleAccess, requireConsole } from './organizer.access';
import { keepTypes } from './people.repository';
import type { ProgrammeDeps } from './programme-sessions.service';

/** Rows per INSERT … ON CONFLICT statement. */
export const IMPORT_BATCH = 1_000;

type FileInput = z.output<typeof importFileRequest>;
type MappedInput = z.output<typeof importMappedRequest>;

export interface ImportDeps {
  ctx: AppContext;
  log: FastifyBaseLogger;
  /** What a sessions import needs to tell attendees of a changed session. */
  programme: ProgrammeDeps;
}

/** A job still 'running' this long after it started, in no process, was cut off by a restart. */
const STALE_MS = 30 * 60_000;

/** Live progress of the jobs this process runs (the table has the start and the result). */
interface LiveJob {
  processed: number;
  promise: Promise<void>;
}
const live = new Map<number, LiveJob>();

async function readFile(input: FileInput): Promise<ParsedFile> {
  return parseImportFile(input.fileName, decodeUpload(input.contentBase64));
}

function checkMappingWidth(file: ParsedFile, input: MappedInput) {
  if (input.mapping.length !== file.headers.length) {
    throw AppError.badRequest('The mapping must have one entry per column of the file', {
      mapping: 'organizer.import.error.mappingWidth',
    });
  }
}

const TYPE_GONE =
  'A participant type the file names was deleted meanwhile. Nothing was imported: check the file and import again.';

/** Attendees: upserted by e-mail in statements of IMPORT_BATCH rows. */
function attendeesWriter(eventId: number, records: readonly ImportRecord[]): PreparedImport['write'] {
  return async (trx, _deps, progress) => {
    // The types the file names, kept to the commit: one deleted since the file was checked fails
    // the import in words, before anything is written.
    const typeIds = [...new Set(records.flatMap((r) => (r.typeId === null ? [] : [r.typeId])))];
    if ((await keepTypes(trx, eventId, typeIds)) !== typeIds.length) throw new Error(TYPE_GONE);
    let inserted = 0;
    let updated = 0;
    // In e-mail order, whatever the file's: each upsert locks its people's rows in the order it
    // writes them, so two imports naming the same people (two files at once, a double click) wait
    // for each other instead of deadlocking, which failed one of them (decision 030: rows of one
    // kind in one order). The order rows are written in changes nothing else.
    const sorted = repo.sortedByEmail(records);
    for (let at = 0; at < sorted.length; at += IMPORT_BATCH) {
      const batch = sorted.slice(at, at + IMPORT_BATCH);
      const done = await repo.upsertParticipants(trx, eventId, batch);
      inserted += done.inserted;
      updated += done.updated;
      progress(at + batch.length);
    }
    // New people without a type column get the type offered at registration, as if they registered.
    await repo.giveRegistrationType(trx, eventId);
    return { inserted, updated };
  };
}

/** Reads and checks the file for its kind: the summary, and how its good rows are written. */
async function prepareImport(
  ctx: AppContext,
  access: ConsoleAccess,
  input: MappedInput,
): Promise<PreparedImport> {
  const file = await readFile(input);
  checkMappingWidth(file, input);
  if (input.kind === 'sessions') return prepareSessions(ctx, access, file, input.mapping);
  if (input.kind === 'speakers') return prepareSpeakers(ctx, access, file, input.mapping);
  const types = await repo.participantTypesByName(ctx.db, access.event.id);
  const emails = repo.emailsOf(file.rows, input.mapping.indexOf('email'));
  const removed = await repo.removedEmails(ctx.db, access.event.id, emails);
  const { records, summary } = validateRows(file.rows, input.mapping, types, {
    rowNumbers: file.rowNumbers,
    removed,
  });
  return { summary, total: records.length, write: attendeesWriter(access.event.id, records) };
}

/** POST …/import/preview: headers, a suggested mapping, the row count and the first rows. */
export async function previewImport(
  ctx: AppContext,
  userId: number,
  eventId: number,
  input: FileInput,
): Promise<ImportPreview> {
  await requireConsole(ctx.db, eventId, userId, 'import');
  const file = await readFile(input);
  return {
    fileType: file.fileType,
    headers: file.headers,
    mapping: suggestImportMapping(file.headers, input.kind),
    rowCount: file.rows.length,
    rows: file.rows.slice(0, IMPORT_PREVIEW_ROWS),
  };
}

/** POST …/import/validate: every row checked, nothing written. */
export async function validateImport(
  ctx: AppContext,
  userId: number,
  eventId: number,
  input: MappedInput,
): Promise<ImportValidation> {
  const access = await requireConsole(ctx.db, eventId, userId, 'import');
  return (await prepareImport(ctx, access, input)).summary;
}

export function toImportJob(row: repo.ImportJobRow, processed = row.processed): ImportJob {
  return {
    id: row.id,
    state: row.state,
    fileName: row.file_name,
    total: row.total,
    processed,
    inserted: row.inserted,
    updated: row.updated,
    unchanged: row.unchanged,
    errors: row.errors,
    createdAt: row.created_at.toISOString(),
    finishedAt: row.finished_at ? row.finished_at.toISOString() : null,
  };
}

/**
 * Writes every good row in ONE transaction (attendees in batches of IMPORT_BATCH), then records the
 * result. A failure rolls everything back and marks the job failed: an import is all or nothing.
 */
async function runImport(
  deps: ImportDeps,
  job: repo.ImportJobRow,
  prepared: PreparedImport,
): Promise<repo.ImportJobRow> {
  const { ctx, log } = deps;
  const progress = live.get(job.id);
  const total = prepared.total;
  try {
    const counts = await ctx.db.transaction().execute((trx) =>
      prepared.write(trx, deps.programme, (processed) => {
        if (progress) progress.processed = processed;
      }),
    );
    // The attendee search needs no clearing here: its cache is keyed by the event's search version,
    // which the participants triggers of migration 0011 bumped in this very transaction.
    return await repo.updateJob(ctx.db, job.id, {
      state: 'done',
      processed: total,
      inserted: counts.inserted,
      updated: counts.updated,
      unchanged: total - counts.inserted - counts.updated,
      finished_at: ctx.now(),
    });
  } catch (error) {
    log.error({ err: error, jobId: job.id }, 'import failed');
    return repo.updateJob(ctx.db, job.id, {
      state: 'failed',
      processed: 0,
      failure: error instanceof Error ? error.message.slice(0, 500) : 'failed',
      finished_at: ctx.now(),
    });
  }
}

/**
 * POST …/import/commit: validates again (the file is the truth, not an earlier answer), then imports
 * the good rows. Up to IMPORT_SYNC_ROWS the answer is the finished job; above, the running job at
 * once, and the console polls GET …/import/:jobId.
 */
export async function commitImport(
  deps: ImportDeps,
  userId: number,
  eventId: number,
  input: MappedInput,
): Promise<ImportJob> {
  const { ctx } = deps;
  const access = await requireConsole(ctx.db, eventId, userId, 'import');
  const prepared = await prepareImport(ctx, access, input);
  const job = await repo.insertJob(ctx.db, {
    eventId,
    userId,
    kind: input.kind,
    fileName: input.fileName,
    total: prepared.total,
    errors: prepared.summary.badCount,
  });
  const entry: LiveJob = { processed: 0, promise: Promise.resolve() };
  live.set(job.id, entry);
  const run = runImport(deps, job, prepared).finally(() => live.delete(job.id));
  entry.promise = run.then(() => undefined);
  if (prepared.total <= IMPORT_SYNC_ROWS) return toImportJob(await run);
  return toImportJob(job, 0);
}

/** GET …/import/:jobId: the job's state; a running one in this process shows its live progress. */
export async function getImportJob(
  ctx: AppContext,
  userId: number,
  eventId: number,
  jobId: number,
): Promise<ImportJob> {
  await requireConsole(ctx.db, eventId, userId, 'import');
  const row = await repo.findJob(ctx.db, eventId, jobId);
  if (!row) throw AppError.notFound('No such import');
  const running = live.get(row.id);
  if (row.state === 'running' && !running && ctx.now().getTime() - row.created_at.getTime() > STALE_MS) {
    // Its server stopped mid-way: the transaction was rolled back, nothing was imported.
    return toImportJob(await repo.updateJob(ctx.db, row.id, { state: 'failed', finished_at: ctx.now() }), 0);
  }
  return toImportJob(row, row.state === 'running' ? (running?.processed ?? row.processed) : row.processed);
}

/** Waits for every import this process runs (tests, and a graceful close). */
export async function importsIdle(): Promise<void> {
  await Promise.all([...live.values()].map((job) => job.promise));
}
