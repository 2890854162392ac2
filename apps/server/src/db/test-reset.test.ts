import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { resetTestDatabase, testDatabase } from '../../test/db';

/** The emptying every server test starts from (test/setup.ts): no row of one test reaches the next. */
describe('the test database between tests', () => {
  it('has every table empty, column-owned ids from 1 again, and unowned sequences going on', async () => {
    const { db } = await testDatabase();
    const user = sql`INSERT INTO users (username, name, surname) VALUES ('reset@foyer.test', 'R', 'S') RETURNING id`;
    const [first] = (await user.execute(db)).rows as { id: number }[];
    await sql`INSERT INTO users (username, name, surname) VALUES ('second@foyer.test', 'R', 'S')`.execute(db);
    const base = sql<{ n: string }>`SELECT nextval('search_versions_base')::text AS n`;
    const [before] = (await base.execute(db)).rows;

    await resetTestDatabase();

    const tables = await sql<{ tablename: string }>`
      SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename NOT LIKE 'kysely_%'`.execute(
      db,
    );
    expect(tables.rows.length).toBeGreaterThan(10);
    const counts = await sql<{ rows: number }>`
      SELECT ${sql.raw(tables.rows.map((t) => `(SELECT count(*) FROM "${t.tablename}")`).join(' + '))}::int AS rows`.execute(
      db,
    );
    expect(counts.rows[0]?.rows).toBe(0);
    const [again] = (await user.execute(db)).rows as { id: number }[];
    expect(again?.id).toBe(first?.id);
    const [after] = (await base.execute(db)).rows;
    expect(BigInt(after?.n ?? 0)).toBeGreaterThan(BigInt(before?.n ?? 0));
  });
});
