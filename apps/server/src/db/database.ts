import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { createPgliteDialect } from './pglite-dialect';
import type { DB } from './schema';

export type DatabaseKind = 'pglite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  kind: DatabaseKind;
  close(): Promise<void>;
}

const INT8 = 20;
// Counts and ids come back as JS numbers on both engines (ids stay far below 2^53).
pg.types.setTypeParser(INT8, (v) => Number(v));

/** PostgreSQL when a URL is given, else embedded PGlite in `dataDir` (or in memory when null). */
export async function openDatabase(options: {
  url?: string | undefined;
  dataDir: string | null;
}): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: 20 });
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const pglite = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    extensions: { pg_trgm },
    parsers: { [INT8]: (v: string) => Number(v) },
  });
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
