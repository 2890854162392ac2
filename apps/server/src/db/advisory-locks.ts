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
} as const;

export type LockClassName = keyof typeof LockClass;

/**
 * Holds the lock on (class, key) until the transaction ends. A string key is hashed (hashtext), so
 * two names may share a lock now and then: that only makes them wait, never wrong.
 */
export async function holdLock(db: Executor, kind: LockClassName, key: number | string): Promise<void> {
  const second = typeof key === 'number' ? sql`${key}::int` : sql`hashtext(${key})`;
  await sql`SELECT pg_advisory_xact_lock(${sql.lit(LockClass[kind])}, ${second})`.execute(db);
}
