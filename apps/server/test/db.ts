import { sql } from 'kysely';
import pg from 'pg';
import { type Database, openDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrator';

type Shared = { database: Promise<Database> | null };
const key = Symbol.for('foyer.testDatabase');
const holder = globalThis as Record<symbol, Shared>;
holder[key] ??= { database: null };
const shared: Shared = holder[key];

/**
 * PGlite in memory by default; with TEST_DATABASE_URL a PostgreSQL database of this worker's own
 * (created fresh from the server at that URL) so parallel workers never see each other's rows.
 */
export function testDatabase(): Promise<Database> {
  shared.database ??= (async () => {
    const url = process.env.TEST_DATABASE_URL;
    let database: Database;
    if (url) {
      const name = `foyer_test_${process.env.VITEST_POOL_ID ?? '0'}_${process.pid}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${name}`);
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      const target = new URL(url);
      target.pathname = `/${name}`;
      database = await openDatabase({ url: target.toString(), dataDir: null });
      const close = database.close;
      database.close = async () => {
        await close();
        const drop = new pg.Client({ connectionString: url });
        await drop.connect();
        await drop.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await drop.end();
      };
    } else {
      database = await openDatabase({ dataDir: null });
    }
    await migrateToLatest(database.db);
    return database;
  })();
  return shared.database;
}

export async function resetTestDatabase(): Promise<void> {
  if (!shared.database) return;
  const { db } = await shared.database;
  const tables = await sql<{ tablename: string }>`
    SELECT tablename FROM pg_tables
    WHERE schemaname = 'public' AND tablename NOT LIKE 'kysely_%'`.execute(db);
  if (tables.rows.length === 0) return;
  const list = tables.rows.map((t) => `"${t.tablename}"`).join(', ');
  await sql.raw(`TRUNCATE ${list} RESTART IDENTITY CASCADE`).execute(db);
}

export async function closeTestDatabase(): Promise<void> {
  // Kept open across files of one worker (isolate: false); the process exit closes it.
}
