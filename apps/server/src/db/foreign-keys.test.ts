import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { testDatabase } from '../../test/db';
import { serverSources } from '../../test/server-sources';

/**
 * Deleting a row makes PostgreSQL look up, in each table with a foreign key to it, the rows that
 * refer to it, by the key's columns. Without an index that begins with those columns each lookup
 * reads the whole table (migration 0033).
 */
async function unindexedForeignKeys(): Promise<{ parent: string; key: string }[]> {
  const { db } = await testDatabase();
  const rows = await sql<{ parent: string; key: string }>`
    SELECT c.confrelid::regclass::text AS parent, c.conrelid::regclass::text || '.' || (
      SELECT string_agg(a.attname, ',' ORDER BY k.ord)
      FROM unnest(c.conkey) WITH ORDINALITY AS k(attnum, ord)
      JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.attnum
    ) AS key
    FROM pg_constraint c
    WHERE c.contype = 'f'
      AND NOT EXISTS (
        SELECT 1 FROM pg_index i
        WHERE i.indrelid = c.conrelid
          AND (string_to_array(i.indkey::text, ' ')::int2[])[1:cardinality(c.conkey)] = c.conkey
      )
    ORDER BY 1, 2`.execute(db);
  return rows.rows;
}

/**
 * Tables whose rows no code of the server deletes, so the keys pointing at them are never looked up
 * by a deletion; each key is left without an index of its own where nothing reads by it either.
 */
const NEVER_DELETED: Record<string, string> = {
  participants:
    'an account’s deletion unlinks its participant records (SET NULL); they stay for the organizers',
  sessions:
    'an organizer’s deletion of a session marks it deleted (a soft delete): its invitations and meeting slots keep pointing at it',
  events: 'an event is archived, never deleted; its chat rooms and booth leads are read by room and booth',
};

describe('foreign keys', () => {
  it('A7.10 every foreign key to a table the server deletes from has an index a deletion can use', async () => {
    const { db } = await testDatabase();
    const keys = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM pg_constraint WHERE contype = 'f' AND confrelid = 'users'::regclass`.execute(
      db,
    );
    // The catalogue query itself finds keys, or the check below proves nothing.
    expect(keys.rows[0]?.n).toBeGreaterThan(10);
    const unindexed = await unindexedForeignKeys();
    expect(unindexed.filter((key) => !(key.parent in NEVER_DELETED))).toEqual([]);
  });

  it('the tables left out above are never deleted from by the server', () => {
    const sources = serverSources();
    expect(sources.length).toBeGreaterThan(100);
    for (const table of Object.keys(NEVER_DELETED)) {
      // `deleteFrom('sessions')` and `deleteFrom('sessions as s')`, not `deleteFrom('sessions_x')`.
      const deleting = new RegExp(`deleteFrom\\(\\s*'${table}(?:'|\\s)|DELETE\\s+FROM\\s+"?${table}\\b`, 'i');
      const found = sources.filter((file) => deleting.test(readFileSync(file, 'utf8')));
      expect({ table, found }).toEqual({ table, found: [] });
    }
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
