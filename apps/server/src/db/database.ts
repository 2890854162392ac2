import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { createPgliteDialect } from './pglite-dialect';
import { createPglite, INT8 } from './pglite-open';
import { startPgliteThread } from './pglite-thread';
import type { DB } from './schema';

export type DatabaseKind = 'pglite' | 'postgres';

/** Where embedded PGlite runs: its own worker thread (default) or the server's thread. */
export type PgliteThreadMode = 'worker' | 'main';

export interface Database {
  db: Kysely<DB>;
  kind: DatabaseKind;
  close(): Promise<void>;
}

// Counts and ids come back as JS numbers on both engines (ids stay far below 2^53).
pg.types.setTypeParser(INT8, (v) => Number(v));

function warnConnectionError(error: Error): void {
  console.warn(`PostgreSQL ended a pooled connection (${error.message}); the pool opens another`);
}

/**
 * PostgreSQL when a URL is given, else embedded PGlite in `dataDir` (or in memory when null), by
 * default in a worker thread so that a slow query does not stall every socket (pglite-thread.ts).
 */
export async function openDatabase(options: {
  url?: string | undefined;
  dataDir: string | null;
  pgliteThread?: PgliteThreadMode | undefined;
  /** PostgreSQL: a pooled connection ended outside a query (by default a line on stderr). */
  onConnectionError?: (error: Error) => void;
}): Promise<Database> {
  if (options.url) {
    // A connection once opened stays open (pg closes one idle for 10 s by default): when the
    // clients of a dead process all reconnect to the others at once, these then answer on the
    // connections they have instead of first waiting for PostgreSQL to start ~30 new backends.
    // bench/scaleout.ts, three pairs: the dropped clients back after p50 1.0/1.0/1.1 s against
    // 1.3/1.5/1.2 s. At most 20 per process either way (docs/deploy.md sizes max_connections).
    const pool = new pg.Pool({ connectionString: options.url, max: 20, idleTimeoutMillis: 0 });
    // node-postgres emits 'error' on a connection PostgreSQL ends outside a query (a restart, a
    // failover, pg_terminate_backend): one waiting in the pool, and one a transaction holds between
    // two statements. Unheard, that event ends the process. Each connection has a listener of its
    // own; the pool drops the connection when it is next found idle or released.
    const onError = options.onConnectionError ?? warnConnectionError;
    pool.on('connect', (client) => client.on('error', onError));
    // The pool repeats an idle connection's error, which that connection's listener has heard.
    pool.on('error', () => {});
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  const pglite =
    (options.pgliteThread ?? 'worker') === 'worker'
      ? await startPgliteThread(options.dataDir)
      : await createPglite(options.dataDir);
  const db = new Kysely<DB>({ dialect: createPgliteDialect(pglite) });
  return {
    db,
    kind: 'pglite',
    async close() {
      await db.destroy();
      await pglite.close();
    },
  };
}
