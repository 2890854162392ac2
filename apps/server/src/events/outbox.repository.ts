import { type Kysely, sql } from 'kysely';
import type { Executor } from '../db/executor';
import type { DB } from '../db/schema';
import type { DomainEvent } from './events';

/** What the processor needs of a claimed `bus_outbox` row. */
export interface ClaimedRow {
  id: number;
  event_id: number;
  type: string;
  payload: DomainEvent;
  done_handlers: string[];
  attempts: number;
}

/** Writes the row in the caller's transaction: it commits with the change it announces, or not at all. */
export async function insertRow(trx: Executor, event: DomainEvent, ordered: boolean): Promise<number> {
  const row = await trx
    .insertInto('bus_outbox')
    .values({ event_id: event.eventId, type: event.type, payload: JSON.stringify(event), ordered })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Claims up to `limit` rows: pending, due, not leased by a live processor, and (for ordered rows)
 * the earliest pending ordered row of their event. `FOR UPDATE SKIP LOCKED` makes two processors
 * racing for one row take turns (the loser skips it and, seeing it leased afterwards, leaves it);
 * the lease (`locked_until`) keeps it theirs while the handlers run outside any transaction.
 * Only `ids` (this process's own rows), plus, when `olderThanMs` is given, any row that old (left
 * by a crashed or paused process).
 */
export async function claimRows(
  db: Kysely<DB>,
  opts: { ids: number[]; olderThanMs: number | null; leaseMs: number; limit: number },
): Promise<ClaimedRow[]> {
  const origin =
    opts.olderThanMs === null
      ? sql`o.id = ANY(${opts.ids}::int[])`
      : sql`(o.id = ANY(${opts.ids}::int[]) OR o.created_at < now() - make_interval(secs => ${opts.olderThanMs / 1000}))`;
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<ClaimedRow>`
      UPDATE bus_outbox SET
        locked_until = now() + make_interval(secs => ${opts.leaseMs / 1000}),
        attempts = attempts + 1
      WHERE id IN (
        SELECT o.id FROM bus_outbox o
        WHERE o.state = 'pending' AND o.run_after <= now()
          AND (o.locked_until IS NULL OR o.locked_until < now())
          AND ${origin}
          AND (NOT o.ordered OR NOT EXISTS (
            SELECT 1 FROM bus_outbox e
            WHERE e.state = 'pending' AND e.ordered AND e.event_id = o.event_id AND e.id < o.id))
        ORDER BY o.id
        LIMIT ${opts.limit}
        FOR UPDATE SKIP LOCKED)
      RETURNING id, event_id, type, payload, done_handlers, attempts`.execute(trx);
    return rows.sort((a, b) => a.id - b.id);
  });
}

/** Keeps the lease of rows still being processed (a long e-mail run must not be claimed twice). */
export async function renewLeases(db: Kysely<DB>, ids: number[], leaseMs: number): Promise<void> {
  if (ids.length === 0) return;
  await sql`
    UPDATE bus_outbox SET locked_until = now() + make_interval(secs => ${leaseMs / 1000})
    WHERE id = ANY(${ids}::int[]) AND state = 'pending'`.execute(db);
}

/**
 * Records that one handler of a row has done its work (in the handler's own transaction, if given).
 * False when it was already recorded: another run of the handler (a process whose lease ran out
 * while this one held the row) committed first.
 */
export async function markHandlerDone(db: Executor, id: number, handler: string): Promise<boolean> {
  const result = await sql`
    UPDATE bus_outbox SET done_handlers = array_append(done_handlers, ${handler})
    WHERE id = ${id} AND NOT (${handler} = ANY(done_handlers))`.execute(db);
  return Number(result.numAffectedRows ?? 0) > 0;
}

export async function markDone(db: Kysely<DB>, id: number): Promise<void> {
  await sql`
    UPDATE bus_outbox SET state = 'done', done_at = now(), locked_until = NULL, last_error = NULL
    WHERE id = ${id}`.execute(db);
}

/** A failed attempt: retried after `retryInMs`, or given up on (`dead`) when `retryInMs` is null. */
export async function markFailed(
  db: Kysely<DB>,
  id: number,
  opts: { doneHandlers: string[]; error: string; retryInMs: number | null },
): Promise<void> {
  await sql`
    UPDATE bus_outbox SET
      done_handlers = ${opts.doneHandlers}::text[],
      last_error = ${opts.error.slice(0, 2000)},
      locked_until = NULL,
      state = ${opts.retryInMs === null ? 'dead' : 'pending'},
      run_after = now() + make_interval(secs => ${(opts.retryInMs ?? 0) / 1000})
    WHERE id = ${id}`.execute(db);
}

/** Rows done for longer than `keepMs` (hourly cleanup). Dead rows stay for someone to look at. */
export async function pruneDone(db: Kysely<DB>, before: Date): Promise<number> {
  const result = await db
    .deleteFrom('bus_outbox')
    .where('state', '=', 'done')
    .where('done_at', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
