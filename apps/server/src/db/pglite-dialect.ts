import { PostgresDialect } from 'kysely';

/** PGlite itself (in this thread) or the worker thread that owns it (pglite-thread.ts). */
export interface PgliteConnection {
  query(sql: string, parameters: unknown[]): Promise<{ rows: unknown[]; affectedRows?: number }>;
}

/**
 * Kysely dialect for embedded PGlite. PGlite is one connection, so the pool hands it out to one
 * caller at a time (a FIFO mutex): a Kysely transaction keeps it until commit, so statements of
 * two transactions never interleave. Consequence: inside a transaction use only `trx`, never `db`.
 */
export function createPgliteDialect(pglite: PgliteConnection): PostgresDialect {
  let tail: Promise<void> = Promise.resolve();
  const client = {
    async query(sql: string, parameters: readonly unknown[]) {
      const result = await pglite.query(sql, parameters as unknown[]);
      return { command: commandOf(sql), rowCount: result.affectedRows ?? 0, rows: result.rows };
    },
    release() {},
  };
  const pool = {
    async connect() {
      let release!: () => void;
      const previous = tail;
      tail = new Promise<void>((resolve) => {
        release = resolve;
      });
      await previous;
      return { ...client, release };
    },
    async end() {
      await tail;
    },
  };
  // biome-ignore lint/suspicious/noExplicitAny: the pool only needs the two methods PostgresDriver calls.
  return new PostgresDialect({ pool: pool as any });
}

function commandOf(sql: string): string {
  const match = /^\s*(?:\/\*.*?\*\/\s*)?(\w+)/s.exec(sql);
  const word = (match?.[1] ?? '').toUpperCase();
  if (word === 'WITH') {
    const dml = /\b(INSERT|UPDATE|DELETE)\b[^()]*$/i.exec(sql.replace(/\([^()]*\)/g, ''));
    return dml?.[1]?.toUpperCase() ?? 'SELECT';
  }
  return word;
}
