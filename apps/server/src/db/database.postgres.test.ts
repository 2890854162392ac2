import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './database';

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('the PostgreSQL pool (PostgreSQL)', () => {
  const opened: Database[] = [];
  afterAll(async () => {
    for (const database of opened) await database.close();
  });

  it('a connection ended by the server while idle does not end the process, and the next query gets a new one', async () => {
    const heard: Error[] = [];
    const database = await openDatabase({ url, dataDir: null, onIdleConnectionError: (e) => heard.push(e) });
    opened.push(database);
    const pid = async () =>
      (await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(database.db)).rows[0]?.pid;
    const before = await pid();
    expect(before).toBeTypeOf('number');

    // What a PostgreSQL restart, a failover or an administrator does to an idle connection.
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const ended = await admin.query('SELECT pg_terminate_backend($1) AS ended', [before]);
      expect(ended.rows[0]?.ended).toBe(true);
      // Wait until the server has seen the backend go.
      await expect
        .poll(
          async () => (await admin.query('SELECT 1 FROM pg_stat_activity WHERE pid = $1', [before])).rowCount,
        )
        .toBe(0);
    } finally {
      await admin.end();
    }
    // Unheard, the pool's 'error' event was an uncaught exception: the process ended.
    await expect.poll(() => heard.map((e) => (e as Error & { code?: string }).code)).toEqual(['57P01']);
    const after = await pid();
    expect(after).toBeTypeOf('number');
    expect(after).not.toBe(before);
  });
});
