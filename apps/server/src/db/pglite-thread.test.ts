import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { messages } from '@electric-sql/pglite';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './database';
import { startPgliteThread } from './pglite-thread';

const SCHEMA = `
  CREATE TABLE sample (
    id int8 PRIMARY KEY,
    email text UNIQUE,
    at timestamptz,
    day date,
    amount numeric,
    ratio float8,
    flag boolean,
    doc jsonb,
    tags text[],
    ids int4[],
    raw bytea,
    span interval,
    uid uuid
  )`;

const ROW = [
  7,
  'a@foyer.test',
  new Date('2030-01-02T03:04:05.678Z'),
  '2030-01-02',
  '12345678901234567890.123',
  0.25,
  true,
  JSON.stringify({ nested: { list: [1, 'two', null] } }),
  ['x', 'y z'],
  [1, 2, 3],
  new Uint8Array([0, 1, 255]),
  '1 day 02:00:00',
  '6f1c8a52-4c5e-4b8a-9d40-0a6e0c6c8f11',
];

async function fill(database: Database): Promise<void> {
  await sql.raw(SCHEMA).execute(database.db);
  await sql`INSERT INTO sample VALUES (${sql.join(ROW)})`.execute(database.db);
}

async function errorOf(promise: Promise<unknown>): Promise<Record<string, unknown>> {
  try {
    await promise;
  } catch (error) {
    return error as Record<string, unknown>;
  }
  throw new Error('expected the statement to fail');
}

const duplicate = (database: Database) =>
  errorOf(sql`INSERT INTO sample (id, email) VALUES (${8}, ${'a@foyer.test'})`.execute(database.db));

describe('PGlite in a worker thread', () => {
  let main: Database;
  let worker: Database;

  beforeAll(async () => {
    [main, worker] = await Promise.all([
      openDatabase({ dataDir: null, pgliteThread: 'main' }),
      openDatabase({ dataDir: null, pgliteThread: 'worker' }),
    ]);
    await Promise.all([fill(main), fill(worker)]);
  });

  afterAll(async () => {
    await Promise.all([main?.close(), worker?.close()]);
  });

  it('returns the same values, of the same types, as PGlite in this thread', async () => {
    const select = (database: Database) =>
      sql<
        Record<string, unknown>
      >`SELECT *, count(*) OVER () AS total, id::numeric / 3 AS third FROM sample`.execute(database.db);
    const [inThread, viaWorker] = await Promise.all([select(main), select(worker)]);
    expect(viaWorker.rows).toEqual(inThread.rows);
    const row = viaWorker.rows[0] ?? {};
    expect(row.id).toBe(7);
    expect(row.total).toBe(1);
    expect(row.at).toBeInstanceOf(Date);
    expect((row.at as Date).toISOString()).toBe('2030-01-02T03:04:05.678Z');
    expect(row.day).toBeInstanceOf(Date);
    expect(row.amount).toBe('12345678901234567890.123');
    expect(row.doc).toEqual({ nested: { list: [1, 'two', null] } });
    expect(row.tags).toEqual(['x', 'y z']);
    expect(row.raw).toBeInstanceOf(Uint8Array);
    expect([...(row.raw as Uint8Array)]).toEqual([0, 1, 255]);
  });

  it('counts affected rows as PGlite in this thread does', async () => {
    const update = (database: Database) => sql`UPDATE sample SET flag = NOT flag`.execute(database.db);
    const [inThread, viaWorker] = await Promise.all([update(main), update(worker)]);
    expect(viaWorker.numAffectedRows).toBe(1n);
    expect(viaWorker.numAffectedRows).toBe(inThread.numAffectedRows);
  });

  it('keeps the PostgreSQL fields of an error (a unique violation is still 23505 with its constraint)', async () => {
    const [inThread, viaWorker] = await Promise.all([duplicate(main), duplicate(worker)]);
    expect(viaWorker).toBeInstanceOf(messages.DatabaseError);
    expect(viaWorker.code).toBe('23505');
    expect(viaWorker.constraint).toBe('sample_email_key');
    expect(viaWorker.detail).toBe('Key (email)=(a@foyer.test) already exists.');
    const fields = [
      'name',
      'message',
      'severity',
      'code',
      'detail',
      'table',
      'constraint',
      'routine',
      'query',
    ];
    const pick = (e: Record<string, unknown>) => Object.fromEntries(fields.map((f) => [f, e[f]]));
    expect(pick(viaWorker)).toEqual(pick(inThread));
    expect(viaWorker.params).toEqual(inThread.params);
  });

  it('holds the one connection for a transaction until it commits or rolls back', async () => {
    await sql`CREATE TABLE counter (n int)`.execute(worker.db);
    await sql`INSERT INTO counter VALUES (0)`.execute(worker.db);
    // Read, yield, write: interleaved transactions would lose increments.
    const increment = () =>
      worker.db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ n: number }>`SELECT n FROM counter`.execute(trx);
        await new Promise((resolve) => setImmediate(resolve));
        await sql`UPDATE counter SET n = ${(rows[0]?.n ?? 0) + 1}`.execute(trx);
      });
    await Promise.all(Array.from({ length: 20 }, increment));
    const failed = await errorOf(
      worker.db.transaction().execute(async (trx) => {
        await sql`UPDATE counter SET n = -1`.execute(trx);
        throw new Error('abort');
      }),
    );
    expect(failed.message).toBe('abort');
    const { rows } = await sql<{ n: number }>`SELECT n FROM counter`.execute(worker.db);
    expect(rows).toEqual([{ n: 20 }]);
  });

  it('leaves the event loop free while a slow query runs', async () => {
    let timerFired = false;
    const slow = sql`SELECT count(*) FROM generate_series(1, 1000000)`
      .execute(worker.db)
      .then(() => timerFired);
    setTimeout(() => {
      timerFired = true;
    }, 1);
    // In this thread the query would return first: its WebAssembly runs without yielding.
    expect(await slow).toBe(true);
  });
});

describe('the PGlite worker thread', () => {
  it('closes the database and its thread; the data is on disk for the next open', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'foyer-pglite-thread-'));
    try {
      const thread = await startPgliteThread(dir);
      await thread.query('CREATE TABLE kept (v text)', []);
      await thread.query('INSERT INTO kept VALUES ($1)', ['persisted']);
      await thread.close();
      await expect(thread.query('SELECT 1', [])).rejects.toThrow(/closed/);
      const again = await openDatabase({ dataDir: dir, pgliteThread: 'main' });
      const { rows } = await sql`SELECT v FROM kept`.execute(again.db);
      await again.close();
      expect(rows).toEqual([{ v: 'persisted' }]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('fails a statement whose parameter cannot be copied to the thread, and answers the next', async () => {
    const thread = await startPgliteThread(null);
    try {
      await expect(thread.query('SELECT $1::text AS v', [() => 'a function'])).rejects.toThrow(
        /could not be cloned/,
      );
      await expect(thread.query('SELECT $1::text AS v', ['text'])).resolves.toMatchObject({
        rows: [{ v: 'text' }],
      });
    } finally {
      await thread.close();
    }
  });

  it('fails to start with the reason when PGlite cannot open its directory', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'foyer-pglite-thread-'));
    try {
      const file = join(dir, 'not-a-directory');
      writeFileSync(file, 'x');
      await expect(startPgliteThread(file)).rejects.toThrow(/EEXIST|ENOTDIR|not a directory|exists/i);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('does not keep a process alive once its statements are answered', () => {
    const database = fileURLToPath(new URL('./database.ts', import.meta.url));
    const tsx = fileURLToPath(new URL('../../../../node_modules/.bin/tsx', import.meta.url));
    // Opens the database, answers one query and ends without closing it.
    const script = `(async () => {
      const { openDatabase } = await import(${JSON.stringify(database)});
      const { db } = await openDatabase({ dataDir: null, pgliteThread: 'worker' });
      const { sql } = await import('kysely');
      const { rows } = await sql\`SELECT 41 + 1 AS answer\`.execute(db);
      process.stdout.write(JSON.stringify(rows));
    })()`;
    const child = spawnSync(tsx, ['--eval', script], { encoding: 'utf8', timeout: 120_000 });
    expect(child.stderr).toBe('');
    expect(child.stdout).toBe('[{"answer":42}]');
    expect(child.status).toBe(0);
  }, 150_000);
});
