import type { AppContext } from '../../context';
import * as jobs from './badges.jobs.repository';
import { PrintError, sendRaw } from './badges.printer';
import { publishJob } from './badges.queue';
import { badgeFields, chooseTemplate, designOf, qrText, renderTxt, zplFor } from './badges.render';
import * as repo from './badges.repository';
import type { Publisher } from './badges.service';

/**
 * The print queue's sending side (badges.queue.ts): claiming jobs, one attempt at each, and the
 * retries. The badges processor and the sweep come here.
 */

/** Waits before the retries after attempt 1, 2, …; after the last, the job has failed. */
export const RETRY_DELAYS_MS = [2_000, 5_000, 15_000, 30_000] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
/** How long a claimed job stays its claimer's (the send's timeout and grace, with slack). */
const LEASE_MS = 30_000;
/** The sweep leaves new jobs this long to the processor that was woken for them. */
const FRESH_GRACE_MS = 10_000;
const SWEEP_BATCH = 20;

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
export const printErrorOf = (e: unknown) =>
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
