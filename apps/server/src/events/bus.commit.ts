import { type Kysely, sql, type Transaction } from 'kysely';
import { holdLock, LockClass } from '../db/advisory-locks';
import type { DB } from '../db/schema';

/**
 * How the bus (bus.ts) learns that an emitting transaction has ended, and whether it committed:
 * on a pool, through an advisory lock the transaction holds until it ends; on one connection
 * (`BusOptions.oneConnection`), through a statement queued behind the transaction's own.
 */

/** At the transaction's first emit: its id, and (on a pool) the exclusive lock it holds until it ends. */
export async function watchTransaction(
  trx: Transaction<DB>,
  oneConnection: boolean | undefined,
): Promise<string> {
  const { rows } = await sql<{ xid: string }>`SELECT pg_current_xact_id()::text AS xid`.execute(trx);
  const xid = rows[0]?.xid ?? '';
  if (!oneConnection) {
    await holdLock(trx, 'bus', xid);
  }
  return xid;
}

/**
 * The caller's transaction holds an exclusive advisory lock keyed by its own id; a shared lock on
 * the same key is granted once it has ended, and pg_xact_status then tells commit from rollback.
 */
export async function transactionStatus(
  db: Kysely<DB>,
  xid: string,
  oneConnection: boolean | undefined,
): Promise<string | null> {
  const statusOf = async (executor: Kysely<DB> | Transaction<DB>) => {
    const { rows } = await sql<{
      status: string | null;
    }>`SELECT pg_xact_status(${xid}::xid8) AS status`.execute(executor);
    return rows[0]?.status ?? null;
  };
  const status = oneConnection
    ? await statusOf(db)
    : await db.transaction().execute(async (t) => {
        await sql`SELECT pg_advisory_xact_lock_shared(${sql.lit(LockClass.bus)}, hashtext(${xid}))`.execute(
          t,
        );
        return statusOf(t);
      });
  return status;
}
