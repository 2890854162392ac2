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
    // PostgreSQL's default 128 MB of shared buffers are all touched when PGlite starts, so they count
    // in the server's memory from the first second; 32 MB hold the hot pages of a 50,000-attendee
    // event (search reads its own in-memory index), and the OS file cache holds the rest
    // (bench/chat.ts prints the server's memory; bench/RESULTS.md).
    postgresqlconf: ['shared_buffers = 32MB'],
  });
}
