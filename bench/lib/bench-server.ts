import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../apps/server/src/config';
import { openDatabase } from '../../apps/server/src/db/database';
import { migrateToLatest } from '../../apps/server/src/db/migrator';
import { createMailer } from '../../apps/server/src/mail/mailer';

/** Stops the benchmark after 10 minutes whatever it is waiting for. */
export function hardTimeLimit(name: string, ms = 600_000): void {
  const timer = setTimeout(() => {
    console.error(`${name}: hard time limit reached, stopping`);
    process.exit(2);
  }, ms);
  timer.unref();
}

/**
 * What the HTTP benchmarks run the real server on: a production config, a migrated database (in-memory
 * PGlite, or DATABASE_URL) and a mailer writing to the outbox.
 */
export async function openBenchServerParts() {
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-01',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'foyer-bench-')),
  });
  const database = await openDatabase({ url: process.env.DATABASE_URL, dataDir: null });
  await migrateToLatest(database.db);
  const mailer = createMailer({ smtpUrl: undefined, from: config.mailFrom, db: database.db });
  return { config, database, db: database.db, mailer };
}
