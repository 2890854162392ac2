import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helper';
import { executePrepared } from './prepared';

const t = useTestApp();

describe('executePrepared', () => {
  it('answers like the plain query, on the first and every later call', async () => {
    const query = sql<{ x: number; n: number; at: string }>`
      SELECT ${2}::int + ${3}::int AS x, cardinality(${[4, 5, 6]}::int[]) AS n,
             to_char(${new Date('2026-11-22T09:00:00Z')}::timestamptz AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI') AS at`.compile(
      t.ctx.db,
    );
    for (let i = 0; i < 8; i++) {
      expect(await executePrepared(t.ctx.db, 'test_prepared', query)).toEqual([
        { x: 5, n: 3, at: '2026-11-22 09:00' },
      ]);
    }
  });

  it('prepares again when a schema change altered the result', async () => {
    const table = sql.raw(`prepared_test_${process.pid}`);
    await sql`CREATE TABLE ${table} (id int)`.execute(t.ctx.db);
    try {
      await sql`INSERT INTO ${table} VALUES (1)`.execute(t.ctx.db);
      const query = sql<Record<string, number>>`SELECT * FROM ${table} WHERE id = ${1}`.compile(t.ctx.db);
      expect(await executePrepared(t.ctx.db, 'test_prepared_star', query)).toEqual([{ id: 1 }]);
      await sql`ALTER TABLE ${table} ADD COLUMN extra int NOT NULL DEFAULT 7`.execute(t.ctx.db);
      expect(await executePrepared(t.ctx.db, 'test_prepared_star', query)).toEqual([{ id: 1, extra: 7 }]);
    } finally {
      await sql`DROP TABLE ${table}`.execute(t.ctx.db);
    }
  });

  it('takes no values that could carry SQL', async () => {
    const query = sql<{ x: string }>`SELECT ${"'; DROP TABLE users; --"}::text AS x`.compile(t.ctx.db);
    await expect(executePrepared(t.ctx.db, 'test_prepared_text', query)).rejects.toThrow(TypeError);
  });
});
