import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

export const INT8 = 20;

/**
 * Embedded PGlite as the app uses it, in `dataDir` (in memory when null). The one place its options
 * live, so the server's thread and the database worker open it the same way.
 */
export async function createPglite(dataDir: string | null): Promise<PGlite> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  return PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    extensions: { pg_trgm, btree_gin },
    // Counts and ids come back as JS numbers, as from PostgreSQL (ids stay far below 2^53).
    parsers: { [INT8]: (v: string) => Number(v) },
  });
}
