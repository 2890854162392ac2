import type { PrintErrorCode, PrintJobCounts, PrintJobStatus } from '@foyer/contract';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Executor } from '../../db/executor';
import type { DB } from '../../db/schema';

/** The SQL of the badge print queue (0022): its jobs, their batches, claims and attempts. */

const jobSelect = (db: Executor) =>
  db
    .selectFrom('badge_print_jobs as j')
    .innerJoin('participants as p', 'p.id', 'j.participant_id')
    .leftJoin('badge_printers as pr', 'pr.id', 'j.printer_id')
    .select([
      'j.id',
      'j.event_id',
      'j.participant_id',
      'j.printer_id',
      'j.batch_id',
      'j.status',
      'j.force',
      'j.fast',
      'j.attempts',
      'j.last_error',
      'j.last_error_code',
      'j.created_at',
      'j.updated_at',
      'j.printed_at',
      'j.lease_until',
      'j.created_by',
      'p.ticket_id',
      'p.name',
      'p.surname',
      'pr.label as printer_label',
      'pr.kind as printer_kind',
    ]);

export function findJob(db: Executor, jobId: number) {
  return jobSelect(db).where('j.id', '=', jobId).executeTakeFirst();
}
export type JobRow = NonNullable<Awaited<ReturnType<typeof findJob>>>;

export function findJobs(db: Executor, jobIds: number[]) {
  if (jobIds.length === 0) return Promise.resolve([] as JobRow[]);
  return jobSelect(db).where('j.id', 'in', jobIds).orderBy('j.id').execute();
}

/** The badge's job still on its way, if any (E8.17). */
export function findJobInFlight(db: Executor, participantId: number) {
  return jobSelect(db)
    .where('j.participant_id', '=', participantId)
    .where('j.status', 'in', ['queued', 'sending'])
    .executeTakeFirst();
}

/**
 * Queues one job, or nothing when one for that badge is already on its way: the partial unique
 * index decides, so of two desks pressing print at once exactly one gets the row.
 */
export async function insertJob(
  db: Executor,
  job: {
    eventId: number;
    participantId: number;
    printerId: number;
    force: boolean;
    fast: boolean;
    status: 'queued' | 'printed';
    createdBy: number;
    now: Date;
  },
): Promise<number | null> {
  const printed = job.status === 'printed' ? job.now : null;
  const { rows } = await sql<{ id: number }>`
    INSERT INTO badge_print_jobs (event_id, participant_id, printer_id, status, force, fast,
                                  next_attempt_at, created_by, created_at, updated_at, printed_at)
    VALUES (${job.eventId}, ${job.participantId}, ${job.printerId}, ${job.status}, ${job.force}, ${job.fast},
            ${job.now}, ${job.createdBy}, ${job.now}, ${job.now}, ${printed})
    ON CONFLICT (participant_id) WHERE status IN ('queued', 'sending') DO NOTHING
    RETURNING id`.execute(db);
  return rows[0]?.id ?? null;
}

export interface BatchFilter {
  typeIds: number[];
  checkedIn: 'any' | 'in' | 'out';
  notPrinted: boolean;
}

/** The people a batch prints for, by id. */
function batchPeople(eventId: number, f: BatchFilter) {
  const types = f.typeIds.length ? sql`AND p.type_id = ANY(${f.typeIds}::int[])` : sql``;
  const inside = sql`EXISTS (SELECT 1 FROM checkins c JOIN checkin_areas a ON a.id = c.area_id
                      WHERE c.participant_id = p.id AND c.checked_in AND a.entity_type = 'event')`;
  const checked =
    f.checkedIn === 'in' ? sql`AND ${inside}` : f.checkedIn === 'out' ? sql`AND NOT ${inside}` : sql``;
  const printed = f.notPrinted
    ? sql`AND NOT EXISTS (SELECT 1 FROM badge_prints b WHERE b.participant_id = p.id)`
    : sql``;
  return sql`
    SELECT p.id FROM participants p
     WHERE p.event_id = ${eventId} AND p.state != 'deleted' ${types} ${checked} ${printed}`;
}

/**
 * A batch: one job per matching person (at most `limit`), in one statement; people with a job on
 * its way are skipped and counted. Returns the batch id and how many jobs it queued.
 */
export async function insertBatch(
  trx: Transaction<DB>,
  b: { eventId: number; printerId: number; filter: BatchFilter; createdBy: number; now: Date; limit: number },
): Promise<{ id: number; total: number; skipped: number }> {
  const batch = await trx
    .insertInto('badge_print_batches')
    .values({
      event_id: b.eventId,
      printer_id: b.printerId,
      filter: JSON.stringify(b.filter),
      created_by: b.createdBy,
      created_at: b.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { rows: matched } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM (${batchPeople(b.eventId, b.filter)}) m`.execute(trx);
  const { rows } = await sql<{ id: number }>`
    INSERT INTO badge_print_jobs (event_id, participant_id, printer_id, batch_id, status, force,
                                  next_attempt_at, created_by, created_at, updated_at)
    SELECT ${b.eventId}, m.id, ${b.printerId}, ${batch.id}, 'queued', ${!b.filter.notPrinted},
           ${b.now}, ${b.createdBy}, ${b.now}, ${b.now}
      FROM (${batchPeople(b.eventId, b.filter)} ORDER BY p.id LIMIT ${b.limit}) m
    ON CONFLICT (participant_id) WHERE status IN ('queued', 'sending') DO NOTHING
    RETURNING id`.execute(trx);
  const total = rows.length;
  const skipped = Math.max(0, Math.min(Number(matched[0]?.n ?? 0), b.limit) - total);
  await trx.updateTable('badge_print_batches').set({ total, skipped }).where('id', '=', batch.id).execute();
  return { id: batch.id, total, skipped };
}

export function findBatch(db: Executor, eventId: number, batchId: number) {
  return db
    .selectFrom('badge_print_batches')
    .selectAll()
    .where('event_id', '=', eventId)
    .where('id', '=', batchId)
    .executeTakeFirst();
}

export async function jobCounts(
  db: Executor,
  where: { eventId: number; batchId?: number | undefined },
): Promise<PrintJobCounts> {
  const rows = await db
    .selectFrom('badge_print_jobs')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('event_id', '=', where.eventId)
    .$if(where.batchId !== undefined, (q) => q.where('batch_id', '=', where.batchId ?? 0))
    .groupBy('status')
    .execute();
  const counts: PrintJobCounts = { queued: 0, sending: 0, printed: 0, failed: 0 };
  for (const row of rows) counts[row.status] = Number(row.n);
  return counts;
}

export function recentJobs(
  db: Executor,
  eventId: number,
  o: { status?: PrintJobStatus | undefined; batchId?: number | undefined; limit: number },
) {
  return jobSelect(db)
    .where('j.event_id', '=', eventId)
    .$if(o.status !== undefined, (q) => q.where('j.status', '=', o.status ?? 'queued'))
    .$if(o.batchId !== undefined, (q) => q.where('j.batch_id', '=', o.batchId ?? 0))
    .orderBy('j.id', 'desc')
    .limit(o.limit)
    .execute();
}

/** Ids of a batch's jobs still waiting (the processor works through them). */
export async function waitingJobIdsOfBatch(db: Executor, batchId: number, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('badge_print_jobs')
    .select('id')
    .where('batch_id', '=', batchId)
    .where('status', '=', 'queued')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Claims jobs to send: the named ones, or (sweep) every due one — queued and due, or sending with
 * an expired lease (the process sending it died). `FOR UPDATE SKIP LOCKED` and the lease make each
 * attempt one process's; `first` leaves brand-new jobs to the processor that was woken for them.
 */
export async function claimJobs(
  db: Kysely<DB>,
  o: { ids: number[] | null; now: Date; leaseMs: number; limit: number; freshGraceMs: number },
): Promise<{ id: number; lease_until: Date }[]> {
  const leaseUntil = new Date(o.now.getTime() + o.leaseMs);
  const fresh = new Date(o.now.getTime() - o.freshGraceMs);
  const only =
    o.ids === null
      ? sql`(j.attempts > 0 OR j.created_at <= ${fresh} OR j.status = 'sending')`
      : sql`j.id = ANY(${o.ids}::int[])`;
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ id: number; lease_until: Date }>`
      UPDATE badge_print_jobs SET status = 'sending', lease_until = ${leaseUntil}, updated_at = ${o.now}
       WHERE id IN (
         SELECT j.id FROM badge_print_jobs j
          WHERE ((j.status = 'queued' AND j.next_attempt_at <= ${o.now})
                 OR (j.status = 'sending' AND j.lease_until <= ${o.now}))
            AND ${only}
          ORDER BY j.next_attempt_at, j.id
          LIMIT ${o.limit}
          FOR UPDATE SKIP LOCKED)
      RETURNING id, lease_until`.execute(trx);
    return rows;
  });
}

/**
 * Starts a claimed job's attempt: its lease runs from now (the claim may be older than a lease, the
 * job having waited behind others of the same claim). Null when the job is not this claimer's any
 * more (the lease ran out and the sweep took it over): then it must not be sent.
 */
export async function renewLease(
  db: Executor,
  jobId: number,
  lease: Date,
  until: Date,
): Promise<Date | null> {
  const row = await db
    .updateTable('badge_print_jobs')
    .set({ lease_until: until })
    .where('id', '=', jobId)
    .where('status', '=', 'sending')
    .where('lease_until', '=', lease)
    .returning('lease_until')
    .executeTakeFirst();
  return row?.lease_until ?? null;
}

/** Ends an attempt, if the job is still this claimer's (its lease unchanged). */
export async function finishAttempt(
  db: Executor,
  jobId: number,
  lease: Date,
  outcome:
    | { status: 'printed'; at: Date }
    | { status: 'queued'; at: Date; error: string; code: PrintErrorCode; nextAttemptAt: Date }
    | { status: 'failed'; at: Date; error: string; code: PrintErrorCode },
): Promise<boolean> {
  const rows = await db
    .updateTable('badge_print_jobs')
    .set({
      status: outcome.status,
      attempts: sql<number>`attempts + 1`,
      lease_until: null,
      updated_at: outcome.at,
      ...(outcome.status === 'printed'
        ? { printed_at: outcome.at, last_error: null, last_error_code: null }
        : { last_error: outcome.error.slice(0, 500), last_error_code: outcome.code }),
      ...(outcome.status === 'queued' ? { next_attempt_at: outcome.nextAttemptAt } : {}),
    })
    .where('id', '=', jobId)
    .where('status', '=', 'sending')
    .where('lease_until', '=', lease)
    .returning('id')
    .execute();
  return rows.length === 1;
}

/**
 * A failed job queued again, due now, its attempts afresh (the console's retry); nothing when it is
 * not failed any more, or when another job of that badge is on its way (the partial unique index
 * would refuse the row). True when it was queued.
 */
export async function requeueJob(
  db: Executor,
  jobId: number,
  o: { now: Date; force: boolean },
): Promise<boolean> {
  const { rows } = await sql<{ id: number }>`
    UPDATE badge_print_jobs j
       SET status = 'queued', attempts = 0, last_error = NULL, last_error_code = NULL, lease_until = NULL, printed_at = NULL,
           next_attempt_at = ${o.now}, updated_at = ${o.now}, force = j.force OR ${o.force}
     WHERE j.id = ${jobId} AND j.status = 'failed'
       AND NOT EXISTS (SELECT 1 FROM badge_print_jobs o
                        WHERE o.participant_id = j.participant_id AND o.status IN ('queued', 'sending'))
    RETURNING j.id`.execute(db);
  return rows.length === 1;
}
