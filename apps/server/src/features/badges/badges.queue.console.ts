import {
  BADGE_BATCH_MAX,
  BADGE_JOBS_LIST_LENGTH,
  type BadgeBatch,
  type BadgeJobs,
  type BadgePrintAnswer,
  type badgeBatchRequest,
  type badgeJobsQuery,
  type badgeRetryRequest,
  type PrinterTest,
} from '@foyer/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { holdLock } from '../../db/advisory-locks';
import { unlessUniqueViolation } from '../../db/errors';
import { AppError } from '../../http/errors';
import * as jobs from './badges.jobs.repository';
import { presentJob } from './badges.present';
import { sendRaw } from './badges.printer';
import { answer, publishJob, type QueueDeps } from './badges.queue';
import { printErrorOf } from './badges.queue.sending';
import { testLabelTxt, testLabelZpl } from './badges.render';
import * as repo from './badges.repository';
import { requireBadgeAdmin } from './badges.service';

/** The print queue in the organizer's console (badges.queue.ts): batches, the job list, retries and test labels. */

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
