import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { testDatabase } from '../../test/db';
import { serverSources } from '../../test/server-sources';

interface AgeDeletion {
  table: string;
  column: string;
  /** Columns the deletion also names by `=` (one meeting's rows): an index on one of them serves too. */
  equal: string[];
  file: string;
}

/**
 * The server's deletions of rows by age (`deleteFrom('t')….where('c', '<', …)` in kysely,
 * `DELETE FROM t WHERE c < …` in SQL): the scheduler's housekeeping, run hourly and at every start.
 */
function ageDeletions(): AgeDeletion[] {
  const found: AgeDeletion[] = [];
  for (const path of serverSources()) {
    const text = readFileSync(path, 'utf8');
    const file = relative(import.meta.dirname, path);
    for (const chain of text.matchAll(/deleteFrom\(\s*'(\w+)'\s*\)((?:\s*\.where\([^()]*\))*)/g)) {
      const wheres = chain[2] ?? '';
      const equal = [...wheres.matchAll(/\.where\(\s*'(\w+)'\s*,\s*'='/g)].map((m) => m[1] ?? '');
      for (const where of wheres.matchAll(/\.where\(\s*'(\w+)'\s*,\s*'<=?'/g)) {
        found.push({ table: chain[1] ?? '', column: where[1] ?? '', equal, file });
      }
    }
    for (const raw of text.matchAll(/DELETE\s+FROM\s+(\w+)\s+WHERE\s+(\w+)\s*<=?/gi)) {
      found.push({ table: raw[1] ?? '', column: raw[2] ?? '', equal: [], file });
    }
  }
  return found;
}

describe('housekeeping', () => {
  it('every deletion of rows by age finds them by an index, not by reading the whole table every hour', async () => {
    const deletions = ageDeletions();
    // The search finds the deletions known when this was written, or the check below proves nothing.
    expect(deletions.map((d) => `${d.table}.${d.column}`)).toEqual(
      expect.arrayContaining([
        'login_failures.created_at',
        'email_codes.expires_at',
        'refresh_tokens.expires_at',
        'one_time_tokens.expires_at',
        'push_sent.created_at',
        'checkin_sync.created_at',
        'bus_outbox.done_at',
        'search_changes.created_at',
        'announcement_writes.created_at',
      ]),
    );
    const { db } = await testDatabase();
    // Indexes (partial ones too) by the column their keys begin with.
    const indexed = await sql<{ key: string }>`
      SELECT DISTINCT t.relname || '.' || a.attname AS key
      FROM pg_index i
      JOIN pg_class t ON t.oid = i.indrelid
      JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = i.indkey[0]
      JOIN pg_namespace n ON n.oid = t.relnamespace
      WHERE n.nspname = current_schema()`.execute(db);
    const keys = new Set(indexed.rows.map((row) => row.key));
    expect(keys.size).toBeGreaterThan(20);
    const served = (d: AgeDeletion) =>
      [d.column, ...d.equal].some((column) => keys.has(`${d.table}.${column}`));
    expect(deletions.filter((d) => !served(d))).toEqual([]);
  });

  it('A7.07 the hourly deletion of expired refresh tokens reads only the expired ones', async () => {
    const { db } = await testDatabase();
    const plan = await db.transaction().execute(async (trx) => {
      // Forbids a walk of the table wherever an index can serve, so the plan shows whether one can.
      await sql`SET LOCAL enable_seqscan = off`.execute(trx);
      const rows = await sql<{ 'QUERY PLAN': string }>`
        EXPLAIN DELETE FROM refresh_tokens WHERE expires_at < now() - interval '1 day'`.execute(trx);
      return rows.rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).toMatch(/refresh_tokens_expires/);
    expect(plan).not.toMatch(/Seq Scan/);
  });
});
