import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './database';
import type { Executor } from './executor';

const url = process.env.TEST_DATABASE_URL;

/** Ends the backend `pid` as a PostgreSQL restart or failover would, and waits until it is gone. */
async function terminate(pid: number): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const ended = await admin.query('SELECT pg_terminate_backend($1) AS ended', [pid]);
    expect(ended.rows[0]?.ended).toBe(true);
    await expect
      .poll(async () => (await admin.query('SELECT 1 FROM pg_stat_activity WHERE pid = $1', [pid])).rowCount)
      .toBe(0);
  } finally {
    await admin.end();
  }
}

const codeOf = (error: Error) => (error as Error & { code?: string }).code ?? error.message;

describe.skipIf(!url)('the PostgreSQL pool (PostgreSQL)', () => {
  const opened: Database[] = [];
  afterAll(async () => {
    for (const database of opened) await database.close();
  });

  async function open(heard: Error[]): Promise<Database> {
    const database = await openDatabase({ url, dataDir: null, onConnectionError: (e) => heard.push(e) });
    opened.push(database);
    return database;
  }
  const backendPid = async (db: Executor) =>
    (await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(db)).rows[0]?.pid ?? -1;

  it('a connection ended while it waits in the pool does not end the process, and the next query gets a new one', async () => {
    const heard: Error[] = [];
    const { db } = await open(heard);
    const before = await backendPid(db);
    await terminate(before);
    // Unheard, the connection's 'error' event was an uncaught exception: the process ended.
    await expect.poll(() => heard.map(codeOf)).toContain('57P01');
    const after = await backendPid(db);
    expect(after).toBeGreaterThan(0);
    expect(after).not.toBe(before);
  });

  it('a connection ended while a request holds it between two statements does not end the process either', async () => {
    const heard: Error[] = [];
    const { db } = await open(heard);
    const failed = await db.connection().execute(async (held) => {
      await terminate(await backendPid(held));
      // Checked out, the connection has no pool listener: only its own hears it.
      await expect.poll(() => heard.map(codeOf)).toContain('57P01');
      return sql`SELECT 1`.execute(held).then(
        () => null,
        (error: Error) => error,
      );
    });
    expect(failed?.message).toMatch(/not queryable|Connection terminated/);
    expect(await backendPid(db)).toBeGreaterThan(0);
  });
});
