import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useHeldTransactions } from '../../test/held-transactions';
import { useTestApp } from '../../test/helper';
import { holdLock, LockClass } from './advisory-locks';

describe('advisory lock classes', () => {
  it('every kind of thing locked has a class of its own', () => {
    const classes = Object.values(LockClass);
    expect(new Set(classes).size).toBe(classes.length);
  });
});

/** PGlite runs one transaction at a time: only PostgreSQL can show a lock held against another. */
describe.skipIf(!process.env.TEST_DATABASE_URL)('advisory locks (PostgreSQL)', () => {
  const t = useTestApp();
  const held = useHeldTransactions(() => t.ctx.db);
  const free = async (kind: keyof typeof LockClass, key: number) => {
    const { rows } = await sql<{ ok: boolean }>`
      SELECT pg_try_advisory_xact_lock(${sql.lit(LockClass[kind])}, ${key}::int) AS ok`.execute(t.ctx.db);
    return rows[0]?.ok;
  };

  it('a lock one transaction holds is free for no other until it ends; the same key of another kind is', async () => {
    const { release, done } = await held.hold((trx) => holdLock(trx, 'meetingTables', 42));
    expect(await free('meetingTables', 42)).toBe(false);
    expect(await free('meetingTables', 43)).toBe(true);
    expect(await free('realtimeRoom', 42)).toBe(true);
    expect(await free('meetingSlots', 42)).toBe(true);
    release();
    await done;
    expect(await free('meetingTables', 42)).toBe(true);
  });
});
