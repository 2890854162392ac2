import { sql } from 'kysely';
import type { Executor } from './executor';

/**
 * The first key of every transaction-level advisory lock: one class per kind of thing locked, all
 * listed here so no two kinds share one. A shared class makes unrelated writes wait on each other
 * whenever their second keys meet, and two transactions taking both kinds in opposite orders can
 * deadlock. The second key is the thing's id, or a hash of its name.
 */
export const LockClass = {
  realtimeRoom: 7301,
  bus: 7302,
  meetingTables: 7303,
  agenda: 7310,
  programme: 7313,
  badge: 7311,
  badgeTemplates: 7312,
  contactBook: 7320,
  invitedAddress: 7330,
  meetingSlots: 7331,
  loginName: 7340,
  emailCodes: 7341,
  userNotifications: 7350,
  eventNotifications: 7351,
  boothDocumentFile: 7360,
} as const;

export type LockClassName = keyof typeof LockClass;

/**
 * Things of a kind that one write may reach by the thousand (the realtime rooms and notification
 * turns of a keynote's whole audience) are locked on one of this many keys. PostgreSQL's shared
 * lock table holds 64 locks per connection by default (`max_locks_per_transaction`, 6,400 in all
 * with 100 connections): one transaction taking a lock per person of 7,000 filled it, and then
 * every transaction needing a lock failed ("out of shared memory"). Two things on one key only
 * wait for each other now and then, as two names of one hash do.
 */
export const SPREAD_KEYS = 512;

/** The key of `thing` among `SPREAD_KEYS` (a string by its FNV-1a hash: the same in every process). */
export function spreadKey(thing: number | string): number {
  if (typeof thing === 'number') return ((thing % SPREAD_KEYS) + SPREAD_KEYS) % SPREAD_KEYS;
  let hash = 0x811c9dc5;
  for (let i = 0; i < thing.length; i++) {
    hash ^= thing.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % SPREAD_KEYS;
}

/**
 * Holds the lock on (class, key) until the transaction ends. A string key is hashed (hashtext), so
 * two names may share a lock now and then: that only makes them wait, never wrong.
 */
export async function holdLock(
  db: Executor,
  kind: LockClassName,
  key: number | string,
  options: { shared?: boolean } = {},
): Promise<void> {
  const second = typeof key === 'number' ? sql`${key}::int` : sql`hashtext(${key})`;
  const take = options.shared ? sql`pg_advisory_xact_lock_shared` : sql`pg_advisory_xact_lock`;
  await sql`SELECT ${take}(${sql.lit(LockClass[kind])}, ${second})`.execute(db);
}

/**
 * Takes the lock on (class, key) if nobody holds it in a conflicting way now, without waiting;
 * held until the transaction ends when taken. Whether it was taken.
 */
export async function tryLock(db: Executor, kind: LockClassName, key: number): Promise<boolean> {
  const { rows } = await sql<{ taken: boolean }>`
    SELECT pg_try_advisory_xact_lock(${sql.lit(LockClass[kind])}, ${key}::int) AS taken`.execute(db);
  return rows[0]?.taken === true;
}

/**
 * Holds the locks on (class, key) for every key, in key order, in one statement: two callers
 * taking some of the same keys exclusively wait for each other and never deadlock. Shared locks
 * (`shared`) never wait for each other, only for an exclusive one.
 */
export async function holdLocks(
  db: Executor,
  kind: LockClassName,
  keys: readonly number[],
  options: { shared?: boolean } = {},
): Promise<void> {
  const sorted = [...new Set(keys)].sort((a, b) => a - b);
  if (sorted.length === 0) return;
  if (sorted.length === 1) return holdLock(db, kind, sorted[0] as number, options);
  const take = options.shared ? sql`pg_advisory_xact_lock_shared` : sql`pg_advisory_xact_lock`;
  const rows = sql.join(sorted.map((key) => sql`(${key}::int)`));
  // A VALUES list is scanned in its order, and the locks are taken row by row as it is.
  await sql`SELECT ${take}(${sql.lit(LockClass[kind])}, k.key) FROM (VALUES ${rows}) AS k(key)`.execute(db);
}
