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

/**
 * Empties every table of the app (not the migrator's) and restarts the sequences their columns own,
 * as `TRUNCATE … RESTART IDENTITY` of them all would; sequences owned by no column (the sessions list
 * and search versions, migrations 0020 and 0032) go on counting. It deletes with foreign keys and
 * triggers off (session_replication_role = replica, for this transaction only) and restarts only the
 * sequences that were used: TRUNCATE gives every table and index new files, which took 78 ms per test
 * on PGlite and 175 ms on PostgreSQL, this 12 and 4 with the tables empty.
 */
const EMPTY_TABLES = sql`DO $$
DECLARE name text;
BEGIN
  SET LOCAL session_replication_role = replica;
  FOR name IN
    SELECT quote_ident(tablename) FROM pg_tables
    WHERE schemaname = 'public' AND tablename NOT LIKE 'kysely_%'
  LOOP
    EXECUTE 'DELETE FROM ' || name;
  END LOOP;
  FOR name IN
    SELECT quote_ident(seq.relname) FROM pg_class seq
    JOIN pg_namespace ns ON ns.oid = seq.relnamespace AND ns.nspname = 'public'
    JOIN pg_depend owner ON owner.classid = 'pg_class'::regclass AND owner.objid = seq.oid
      AND owner.refclassid = 'pg_class'::regclass AND owner.deptype IN ('a', 'i')
    JOIN pg_class owning ON owning.oid = owner.refobjid AND owning.relname NOT LIKE 'kysely_%'
    JOIN pg_sequences used ON used.schemaname = 'public' AND used.sequencename = seq.relname
    WHERE seq.relkind = 'S' AND used.last_value IS NOT NULL
  LOOP
    EXECUTE 'ALTER SEQUENCE ' || name || ' RESTART';
  END LOOP;
END $$`;

export async function resetTestDatabase(): Promise<void> {
  if (!shared.database) return;
  const { db } = await shared.database;
  await db.transaction().execute((trx) => EMPTY_TABLES.execute(trx));
}

export async function closeTestDatabase(): Promise<void> {
  // Kept open across files of one worker (isolate: false); the process exit closes it.
}
