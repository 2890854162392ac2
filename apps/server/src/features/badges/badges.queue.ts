import {
  BADGE_BATCH_MAX,
  BADGE_JOBS_LIST_LENGTH,
  type BadgeBatch,
  type BadgeJobs,
  type BadgePrintAnswer,
  type BadgePrintOutcome,
  type badgeBatchRequest,
  type badgeJobsQuery,
  type badgePrintRequest,
  type badgeRetryRequest,
  type PrinterTest,
  type PrintJob,
  RecordType,
  realtimeRoom,
} from '@foyer/contract';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { holdLock } from '../../db/advisory-locks';
import { unlessUniqueViolation } from '../../db/errors';
import type { DB } from '../../db/schema';
import type { Bus } from '../../events/bus';
import { AppError } from '../../http/errors';
import * as jobs from './badges.jobs.repository';
import { presentJob } from './badges.present';
import { PrintError, sendRaw } from './badges.printer';
import {
  badgeFields,
  chooseTemplate,
  designOf,
  qrText,
  renderTxt,
  testLabelTxt,
  testLabelZpl,
  zplFor,
} from './badges.render';
import * as repo from './badges.repository';
import {
  badgeContext,
  type Publisher,
  requireBadgeAdmin,
  requireBadgeStaff,
  templateNotFound,
} from './badges.service';

/**
 * The print queue (E4.72–E4.76, E5.58, E7.62, E8.16–E8.19). A print request writes its job and
 * emits `badge.print` in one transaction; after the commit the badges processor sends the job
 * (badges.processor.ts) and a sweep every few seconds retries what failed or was left behind by a
 * process that died (`sweepPrintJobs`). Each attempt claims its job (SKIP LOCKED + a lease), so a
 * job is sent by one process at a time, at least once; a crash between the send and the "printed"
 * mark sends it again (a printer cannot tell, so that badge prints twice: the price of at least once).
 * Jobs are claimed a few at a time and sent in turn, so each attempt renews its job's lease as it
 * starts: one that waited past the lease behind a slow printer was taken over by the sweep, and is
 * left to it rather than sent a second time.
 *
 * Print types (E9.56): `printQueue` retries after RETRY_DELAYS_MS, then fails; `directly` makes one
 * attempt; `none` refuses. A PDF printer's job is recorded printed at once: the browser prints it.
 * An attempt ends within the printer timeout (badges.printer.ts: the printer must take the job and
 * close the connection), so a printer that does not answer, or answers and never reads, fails the
 * attempt with the reason as the job's `lastError`. In the console an organizer retries a failed
 * job (`retryJob`: the same job, queued again, for instance once its printer's address is fixed)
 * and sends a printer a test label (`testPrint`).
 */

/** Waits before the retries after attempt 1, 2, …; after the last, the job has failed. */
export const RETRY_DELAYS_MS = [2_000, 5_000, 15_000, 30_000] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
/** How long a claimed job stays its claimer's (the send's timeout and grace, with slack). */
const LEASE_MS = 30_000;
/** The sweep leaves new jobs this long to the processor that was woken for them. */
const FRESH_GRACE_MS = 10_000;
const SWEEP_BATCH = 20;

export interface QueueDeps {
  bus: Pick<Bus, 'emit'>;
  realtime: Publisher;
}

const room = realtimeRoom.eventBadges;

async function publishJob(
  realtime: Publisher,
  trx: Transaction<DB>,
  jobId: number,
): Promise<PrintJob | null> {
  const row = await jobs.findJob(trx, jobId);
  if (!row) return null;
  const job = presentJob(row);
  await realtime.publish(room(row.event_id), RecordType.BadgePrint, { job }, trx);
  return job;
}

function answer(outcome: BadgePrintOutcome, job: PrintJob | null, printedAt: Date | null): BadgePrintAnswer {
  return {
    outcome,
    success: outcome === 'queued' || outcome === 'printed',
    isPrinting: outcome === 'alreadyPrinting',
    job,
    printedAt: printedAt ? printedAt.toISOString() : null,
  };
}

/** E7.62 POST /event/participant/badge/printQueue: queue one badge on a printer. */
export async function requestPrint(
  ctx: AppContext,
  deps: QueueDeps,
  userId: number,
  input: z.output<typeof badgePrintRequest>,
): Promise<BadgePrintAnswer> {
  const { me } = await requireBadgeStaff(ctx, input.eventId, userId);
  const b = await badgeContext(ctx, input.eventId, input, { printerId: input.printerId });
  const printer = b.printer;
  if (!printer) throw AppError.notFound('Printer not found');
  if (printer.print_type === 'none') {
    throw AppError.badRequest('printerId: this printer does not print badges', {
      printerId: 'checkIn.print.off',
    });
  }
  // E8.05: a TXT printer needs the template's text.
  if (printer.kind === 'txt' && renderTxt(b.template, b.fields, b.qr, false) === null) {
    throw templateNotFound('Default TXT template not found');
  }
  const pdf = printer.kind === 'pdf';
  const now = ctx.now();
  const personId = b.person.id;
  return ctx.db.transaction().execute(async (trx) => {
    // One badge's requests queue here, so "printed?" and "printing?" are answered one at a time.
    await holdLock(trx, 'badge', personId);
    const printedAt = await repo.printedAt(trx, personId);
    const inFlight = await jobs.findJobInFlight(trx, personId);
    if (inFlight) return answer('alreadyPrinting', presentJob(inFlight), printedAt); // E8.17
    if (printedAt && !input.force) return answer('alreadyPrinted', null, printedAt); // E8.16, E5.58
    const id = await jobs.insertJob(trx, {
      eventId: input.eventId,
      participantId: personId,
      printerId: printer.id,
      force: input.force,
      fast: input.scanType === 'fast',
      status: pdf ? 'printed' : 'queued',
      createdBy: me.id,
      now,
    });
    if (id === null) {
      const other = await jobs.findJobInFlight(trx, personId);
      return answer('alreadyPrinting', other ? presentJob(other) : null, printedAt);
    }
    if (pdf) await repo.recordPrint(trx, personId, me.id, now);
    else
      await deps.bus.emit({ type: 'badge.print', eventId: input.eventId, jobIds: [id], batchId: null }, trx);
    const job = await publishJob(deps.realtime, trx, id);
    return answer(pdf ? 'printed' : 'queued', job, pdf ? now : printedAt);
  });
}

/** A job's state (the desk's fallback when the live push is late). */
export async function getJob(
  ctx: AppContext,
  userId: number,
  eventId: number,
  jobId: number,
): Promise<PrintJob> {
  await requireBadgeStaff(ctx, eventId, userId);
  const row = await jobs.findJob(ctx.db, jobId);
  if (!row || row.event_id !== eventId) throw AppError.notFound('Print job not found');
  return presentJob(row);
}

// ---------------------------------------------------------------- sending

/** What the printer gets for a job: ZPL, or a TXT template's text; a PrintError when it cannot print. */
async function contentFor(
  ctx: AppContext,
  job: jobs.JobRow,
  printer: repo.PrinterRow,
): Promise<string | PrintError> {
  const person = await repo.findBadgePerson(ctx.db, job.event_id, { participantId: job.participant_id });
  if (!person) return new PrintError('ticketNotFound', 'Ticket not found');
  const template = chooseTemplate(await repo.listTemplates(ctx.db, job.event_id), printer, person.type_id);
  if (template === undefined)
    return new PrintError('templateNotFound', 'Badge template not found (MST-00061)');
  const fields = badgeFields(person);
  const qr = qrText(ctx.config.publicUrl, person);
  if (printer.kind === 'zpl') return zplFor(designOf(template), fields, qr, printer.dpi);
  return (
    renderTxt(template, fields, qr, job.fast) ??
    new PrintError('templateNotFound', 'Default TXT template not found (MST-00061)')
  );
}

/** A failed send as a PrintError (anything else thrown is a network error, its message kept). */
const printErrorOf = (e: unknown) =>
  e instanceof PrintError ? e : new PrintError('network', e instanceof Error ? e.message : String(e));

/** One attempt at a claimed job: send, then record printed / retry later / failed, and push the state. */
async function attempt(ctx: AppContext, realtime: Publisher, jobId: number, claim: Date): Promise<boolean> {
  // The claim may have run out while earlier jobs of it were sent (a slow printer): the sweep has
  // then taken this job over, and sending it here too would print the badge twice.
  const lease = await jobs.renewLease(ctx.db, jobId, claim, new Date(ctx.now().getTime() + LEASE_MS));
  if (!lease) return false;
  const job = await jobs.findJob(ctx.db, jobId);
  if (!job) return false;
  const printer =
    job.printer_id === null ? undefined : await repo.findPrinter(ctx.db, job.event_id, job.printer_id);
  let error: PrintError | null = null;
  let final = false;
  // Printed meanwhile another way (the desk's own printer, a job of a newer request): this one is
  // not sent, or the person would get two badges. A forced job is a reprint asked for.
  const printedAt = job.force ? null : await repo.printedAt(ctx.db, job.participant_id);
  const printedMeanwhile = printedAt !== null && printedAt >= job.created_at;
  if (printedMeanwhile) {
    // Nothing to send: the job ends as printed, by the print already recorded.
  } else if (!printer?.host || printer.kind === 'pdf') {
    error = new PrintError('printerNotFound', 'Printer not found');
    final = true;
  } else if (printer.print_type === 'none') {
    // E9.56: switched off since the job was queued (a printer that misprints, say): nothing is sent.
    error = new PrintError('printerOff', 'The printer is set not to print badges');
    final = true;
  } else {
    const content = await contentFor(ctx, job, printer);
    if (content instanceof PrintError) {
      error = content;
      final = true;
    } else {
      error = await sendRaw(printer.host, printer.port, content, {
        allowLoopback: ctx.config.printerLoopback,
      }).then(() => null, printErrorOf);
    }
  }
  const at = ctx.now();
  const delay = RETRY_DELAYS_MS[job.attempts];
  const giveUp = final || printer?.print_type === 'directly' || delay === undefined;
  return ctx.db.transaction().execute(async (trx) => {
    const mine = await jobs.finishAttempt(
      trx,
      jobId,
      lease,
      error === null
        ? { status: 'printed', at }
        : giveUp
          ? { status: 'failed', at, error: error.message, code: error.code }
          : {
              status: 'queued',
              at,
              error: error.message,
              code: error.code,
              nextAttemptAt: new Date(at.getTime() + delay),
            },
    );
    // The lease ran out meanwhile and another process took the job: its attempt decides.
    if (!mine) return false;
    if (error === null && !printedMeanwhile)
      await repo.recordPrint(trx, job.participant_id, job.created_by, at);
    await publishJob(realtime, trx, jobId);
    return error === null;
  });
}

/** Claims the jobs (or, `null`, every due one) and attempts each in turn; how many were claimed. */
export async function sendJobs(ctx: AppContext, realtime: Publisher, ids: number[] | null): Promise<number> {
  const claimed = await jobs.claimJobs(ctx.db, {
    ids,
    now: ctx.now(),
    leaseMs: LEASE_MS,
    limit: ids === null ? SWEEP_BATCH : ids.length,
    freshGraceMs: FRESH_GRACE_MS,
  });
  if (claimed.length === 0) return 0;
  // E4.76 "sent to print": the desks see the job leave the queue.
  await ctx.db.transaction().execute(async (trx) => {
    for (const c of claimed) await publishJob(realtime, trx, c.id);
  });
  for (const c of claimed) await attempt(ctx, realtime, c.id, c.lease_until);
  return claimed.length;
}

/**
 * The processor's work for one `badge.print`: the named jobs, or a batch's waiting jobs a few at a
 * time (stopping at a failure: the sweep retries the rest, so a printer that is down is not hammered).
 */
export async function sendQueued(
  ctx: AppContext,
  realtime: Publisher,
  event: { jobIds: number[]; batchId: number | null },
): Promise<void> {
  if (event.jobIds.length > 0) await sendJobs(ctx, realtime, event.jobIds);
  if (event.batchId === null) return;
  for (;;) {
    const ids = await jobs.waitingJobIdsOfBatch(ctx.db, event.batchId, 10);
    if (ids.length === 0) return;
    if ((await sendJobs(ctx, realtime, ids)) === 0) return;
    const sent = await jobs.findJobs(ctx.db, ids);
    if (sent.some((j) => j.status !== 'printed')) return;
  }
}

/** The sweep (scheduler job `badge-prints`): retries that are due and jobs a dead process left. */
export async function sweepPrintJobs(ctx: AppContext, realtime: Publisher): Promise<number> {
  return sendJobs(ctx, realtime, null);
}

// ---------------------------------------------------------------- the console

/** POST /organizer/event/:eventId/badges/batch: a job per matching person, then sent in the background. */
export async function startBatch(
  ctx: AppContext,
  deps: QueueDeps,
  userId: number,
  eventId: number,
  input: z.output<typeof badgeBatchRequest>,
): Promise<BadgeBatch> {
  const { me } = await requireBadgeAdmin(ctx, eventId, userId);
  const printer = await repo.findPrinter(ctx.db, eventId, input.printerId);
  if (!printer) throw AppError.notFound('Printer not found');
  if (printer.kind === 'pdf' || printer.print_type === 'none') {
    throw AppError.badRequest('printerId: a batch prints on a network printer', {
      printerId: 'badges.error.batchPrinter',
    });
  }
  const typeIds = [...new Set(input.typeIds)];
  if ((await repo.knownTypeIds(ctx.db, eventId, typeIds)).length !== typeIds.length) {
    throw AppError.badRequest('typeIds: unknown participant type', { typeIds: 'validation.error.option' });
  }
  const now = ctx.now();
  const batch = await ctx.db.transaction().execute(async (trx) => {
    const made = await jobs.insertBatch(trx, {
      eventId,
      printerId: printer.id,
      filter: { typeIds, checkedIn: input.checkedIn, notPrinted: input.notPrinted },
      createdBy: me.id,
      now,
      limit: BADGE_BATCH_MAX,
    });
    if (made.total > 0)
      await deps.bus.emit({ type: 'badge.print', eventId, jobIds: [], batchId: made.id }, trx);
    return made;
  });
  return getBatch(ctx, userId, eventId, batch.id);
}

export async function getBatch(
  ctx: AppContext,
  userId: number,
  eventId: number,
  batchId: number,
): Promise<BadgeBatch> {
  await requireBadgeAdmin(ctx, eventId, userId);
  const row = await jobs.findBatch(ctx.db, eventId, batchId);
  if (!row) throw AppError.notFound('Batch not found');
  return {
    id: row.id,
    printerId: row.printer_id,
    total: row.total,
    skipped: row.skipped,
    counts: await jobs.jobCounts(ctx.db, { eventId, batchId }),
    createdAt: row.created_at.toISOString(),
  };
}

/** The console's queue: the latest jobs and how many are in each state. */
export async function listJobs(
  ctx: AppContext,
  userId: number,
  eventId: number,
  query: z.output<typeof badgeJobsQuery>,
): Promise<BadgeJobs> {
  await requireBadgeAdmin(ctx, eventId, userId);
  const [rows, counts] = await Promise.all([
    jobs.recentJobs(ctx.db, eventId, { ...query, limit: BADGE_JOBS_LIST_LENGTH }),
    jobs.jobCounts(ctx.db, { eventId, batchId: query.batchId }),
  ]);
  return { items: rows.map(presentJob), counts };
}

/**
 * POST /organizer/event/:eventId/badges/jobs/:jobId/retry (E4.76): a failed job queued again on its
 * printer, as it is now (its address may have been fixed meanwhile), with the printer's attempts
 * afresh. The badge's rules hold as for a new print (E8.16, E8.17): not while another job of that
 * badge is on its way, and not when the badge printed since the job was made, unless forced.
 */
export async function retryJob(
  ctx: AppContext,
  deps: QueueDeps,
  userId: number,
  eventId: number,
  jobId: number,
  input: z.output<typeof badgeRetryRequest>,
): Promise<BadgePrintAnswer> {
  await requireBadgeAdmin(ctx, eventId, userId);
  const job = await jobs.findJob(ctx.db, jobId);
  if (!job || job.event_id !== eventId) throw AppError.notFound('Print job not found');
  const printer =
    job.printer_id === null ? undefined : await repo.findPrinter(ctx.db, eventId, job.printer_id);
  if (!printer) throw AppError.notFound('Printer not found');
  if (printer.kind === 'pdf' || printer.print_type === 'none') {
    throw AppError.badRequest("printerId: the job's printer does not print badges from the queue", {
      printerId: 'badges.error.retryPrinter',
    });
  }
  const now = ctx.now();
  const personId = job.participant_id;
  return ctx.db.transaction().execute(async (trx) => {
    await holdLock(trx, 'badge', personId);
    const current = await jobs.findJob(trx, jobId);
    if (current?.status !== 'failed') {
      throw AppError.conflict('Only a failed print job can be retried');
    }
    const printedAt = await repo.printedAt(trx, personId);
    const inFlight = await jobs.findJobInFlight(trx, personId);
    if (inFlight) return answer('alreadyPrinting', presentJob(inFlight), printedAt);
    if (printedAt && printedAt >= current.created_at && !input.force) {
      return answer('alreadyPrinted', presentJob(current), printedAt);
    }
    // A batch's job for the badge may have come in since the check (a batch takes no badge lock):
    // the in-flight index refuses the second, and so does this answer.
    const requeued = await unlessUniqueViolation(trx, () =>
      jobs.requeueJob(trx, jobId, { now, force: input.force }),
    );
    if (!requeued) {
      const other = await jobs.findJobInFlight(trx, personId);
      return answer('alreadyPrinting', other ? presentJob(other) : null, printedAt);
    }
    await deps.bus.emit({ type: 'badge.print', eventId, jobIds: [jobId], batchId: null }, trx);
    const queued = await publishJob(deps.realtime, trx, jobId);
    return answer('queued', queued, printedAt);
  });
}

/**
 * POST /organizer/event/:eventId/badges/printers/:printerId/test: a small test label (ZPL for a
 * label printer, text for a TXT one) sent at once, not queued and not recorded; the answer says
 * whether the printer took it, or why not (within the printer timeout).
 */
export async function testPrint(
  ctx: AppContext,
  userId: number,
  eventId: number,
  printerId: number,
): Promise<PrinterTest> {
  await requireBadgeAdmin(ctx, eventId, userId);
  const printer = await repo.findPrinter(ctx.db, eventId, printerId);
  if (!printer) throw AppError.notFound('Printer not found');
  if (printer.kind === 'pdf' || !printer.host) {
    throw AppError.badRequest('printerId: a test print goes to a network printer', {
      printerId: 'badges.error.testPrinter',
    });
  }
  const format = printer.kind;
  const content = format === 'zpl' ? testLabelZpl(printer, ctx.now()) : testLabelTxt(printer, ctx.now());
  try {
    await sendRaw(printer.host, printer.port, content, { allowLoopback: ctx.config.printerLoopback });
    return { sent: true, format, error: null, errorCode: null };
  } catch (e) {
    const error = printErrorOf(e);
    return { sent: false, format, error: error.message, errorCode: error.code };
  }
}
