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

/**
 * PostgreSQL when a URL is given, else embedded PGlite in `dataDir` (or in memory when null), by
 * default in a worker thread so that a slow query does not stall every socket (pglite-thread.ts).
 */
export async function openDatabase(options: {
  url?: string | undefined;
  dataDir: string | null;
  pgliteThread?: PgliteThreadMode | undefined;
}): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: 20 });
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
