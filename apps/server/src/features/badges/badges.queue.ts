import {
  type BadgePrintAnswer,
  type BadgePrintOutcome,
  type badgePrintRequest,
  type PrintJob,
  RecordType,
  realtimeRoom,
} from '@foyer/contract';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { holdLock } from '../../db/advisory-locks';
import type { DB } from '../../db/schema';
import type { Bus } from '../../events/bus';
import { AppError } from '../../http/errors';
import * as jobs from './badges.jobs.repository';
import { presentJob } from './badges.present';
import { renderTxt } from './badges.render';
import * as repo from './badges.repository';
import { badgeContext, type Publisher, requireBadgeStaff, templateNotFound } from './badges.service';

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
 *
 * Here: the desk's requests. The sending (claims, attempts, retries) is badges.queue.sending.ts;
 * the console's side (batches, the job list, retries, test labels) is badges.queue.console.ts.
 */

export interface QueueDeps {
  bus: Pick<Bus, 'emit'>;
  realtime: Publisher;
}

const room = realtimeRoom.eventBadges;

/** Pushes a job's state to the event's badge desks, in `trx`: the job as presented, or null when it is gone. */
export async function publishJob(
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

/** The answer to a print request or a retry. */
export function answer(
  outcome: BadgePrintOutcome,
  job: PrintJob | null,
  printedAt: Date | null,
): BadgePrintAnswer {
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
