import { type Kysely, sql, type Transaction } from 'kysely';
import { afterEach } from 'vitest';
import { LockClass } from '../src/db/advisory-locks';
import type { DB } from '../src/db/schema';
import { waitFor } from './smtp';

/**
 * Transactions a test holds open while another one runs into them (PostgreSQL: PGlite runs one
 * transaction at a time). Every transaction still held when a test ends is let go.
 */
export function useHeldTransactions(db: () => Kysely<DB>) {
  const releases: (() => void)[] = [];
  /** The server processes of the transactions held now. */
  const heldPids = new Set<number>();
  afterEach(() => {
    for (const release of releases.splice(0)) release(); // a failed test leaves no transaction open
  });

  async function hold(
    work: (trx: Transaction<DB>) => Promise<void>,
    after: (trx: Transaction<DB>) => Promise<void> = async () => {},
  ): Promise<{ done: Promise<void>; release: () => void }> {
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    releases.push(release);
    let worked!: () => void;
    const ready = new Promise<void>((resolve) => {
      worked = resolve;
    });
    const done = db()
      .transaction()
      .execute(async (trx) => {
        const { rows } = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(trx);
        const pid = rows[0]!.pid;
        heldPids.add(pid);
        try {
          await work(trx);
          worked();
          await released;
          await after(trx);
        } finally {
          heldPids.delete(pid);
        }
      });
    await Promise.race([ready, done]);
    return { done, release };
  }

  /**
   * Connections waiting for a lock that a held transaction holds, or that one waiting on it holds,
   * and so on (the app's own background work, a bus turn say, waiting on something else is not
   * counted: counting it let a test go on before its request waited). With nothing held, every
   * connection of this database waiting for a lock.
   */
  async function lockWaiters(): Promise<number> {
    const held = [...heldPids];
    const { rows } = held.length
      ? await sql<{ n: number }>`
          WITH RECURSIVE behind(pid) AS (
            SELECT unnest(${held}::int[])
            UNION
            SELECT a.pid FROM pg_stat_activity a, behind
             WHERE a.wait_event_type = 'Lock' AND a.datname = current_database()
               AND behind.pid = ANY (pg_blocking_pids(a.pid))
          )
          SELECT count(*)::int AS n FROM behind WHERE pid <> ALL (${held}::int[])`.execute(db())
      : await sql<{ n: number }>`
          SELECT count(*)::int AS n FROM pg_stat_activity
           WHERE wait_event_type = 'Lock' AND datname = current_database()`.execute(db());
    return rows[0]?.n ?? 0;
  }

  return {
    /**
     * Runs `work` in a transaction, then keeps it open (holding what it took) until `release`;
     * `after` runs once released, before the commit. Resolves once `work` is done.
     */
    hold,

    /** How many connections wait, directly or in a queue, on what a held transaction holds. */
    lockWaiters,

    /**
     * Another write in flight: `work` runs in a held transaction, `request` is sent behind it, and the
     * transaction commits once the request waits on it (or has answered without waiting, as code
     * that takes no lock does). Resolves to the request's answer.
     */
    async behind<T>(work: (trx: Transaction<DB>) => Promise<void>, request: () => Promise<T>): Promise<T> {
      const { release, done } = await hold(work);
      let answered = false;
      const answer = request().finally(() => {
        answered = true;
      });
      await waitFor(async () => answered || (await lockWaiters()) > 0, 10_000, 'the request waiting');
      release();
      await done;
      return answer;
    },

    /** How many transactions of this database wait for a realtime room's turn (its lock). */
    async roomWaiters(): Promise<number> {
      const { rows } = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM pg_locks
        WHERE locktype = 'advisory' AND classid = ${LockClass.realtimeRoom} AND NOT granted
          AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`.execute(db());
      return rows[0]?.n ?? 0;
    },
  };
}
