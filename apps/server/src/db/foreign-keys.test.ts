import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { testDatabase } from '../../test/db';

/**
 * Deleting a row makes PostgreSQL look up, in each table with a foreign key to it, the rows that
 * refer to it, by the key's columns. Without an index that begins with those columns each lookup
 * reads the whole table (migration 0033).
 */
async function unindexedForeignKeysTo(table: string): Promise<string[]> {
  const { db } = await testDatabase();
  const rows = await sql<{ name: string }>`
    SELECT c.conrelid::regclass::text || '.' || (
      SELECT string_agg(a.attname, ',' ORDER BY k.ord)
      FROM unnest(c.conkey) WITH ORDINALITY AS k(attnum, ord)
      JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.attnum
    ) AS name
    FROM pg_constraint c
    WHERE c.contype = 'f' AND c.confrelid = ${table}::regclass
      AND NOT EXISTS (
        SELECT 1 FROM pg_index i
        WHERE i.indrelid = c.conrelid
          AND (string_to_array(i.indkey::text, ' ')::int2[])[1:cardinality(c.conkey)] = c.conkey
      )
    ORDER BY 1`.execute(db);
  return rows.rows.map((row) => row.name);
}

describe('foreign keys to users', () => {
  it('A7.10 every table that refers to an account has an index a deletion of the account can use', async () => {
    const { db } = await testDatabase();
    const referring = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM pg_constraint WHERE contype = 'f' AND confrelid = 'users'::regclass`.execute(
      db,
    );
    // The catalogue query itself: there are such keys to look at, or the check below proves nothing.
    expect(referring.rows[0]?.n).toBeGreaterThan(10);
    expect(await unindexedForeignKeysTo('users')).toEqual([]);
  });

  it('A7.10 ending someone’s sessions reads their tokens by index, not every token', async () => {
    const { db } = await testDatabase();
    const plan = await db.transaction().execute(async (trx) => {
      // Forbids a walk of the table wherever an index can serve, so the plan shows whether one can.
      await sql`SET LOCAL enable_seqscan = off`.execute(trx);
      const rows = await sql<{ 'QUERY PLAN': string }>`
        EXPLAIN UPDATE refresh_tokens SET revoked_at = now() WHERE user_id = 1 AND revoked_at IS NULL`.execute(
        trx,
      );
      return rows.rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).toMatch(/refresh_tokens_user/);
    expect(plan).not.toMatch(/Seq Scan/);
  });
});
