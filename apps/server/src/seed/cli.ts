import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrator';
import { seedBench } from './bench';

const USAGE = `Usage: npm run seed -- [--attendees 50000] [--sessions 2000]

Adds the benchmark event "Foyer Bench Expo" to the database of DATABASE_URL (or the PGlite
database in DATA_DIR; stop the server first, PGlite allows one process). Runs migrations first.`;

function count(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 1_000_000) throw new ConfigError(`--${name} must be 0..1000000`);
  return n;
}

async function main() {
  const { values } = parseArgs({
    options: {
      attendees: { type: 'string' },
      sessions: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const attendees = count(values.attendees, 'attendees', 50_000);
  const sessions = count(values.sessions, 'sessions', 2_000);
  const config = loadConfig();
  const { db, kind, close } = await openDatabase({
    url: config.databaseUrl,
    dataDir: `${config.dataDir}/pglite`,
    pgliteThread: config.pgliteThread,
  });
  try {
    await migrateToLatest(db);
    console.log(`Seeding ${attendees} attendees and ${sessions} sessions into ${kind}`);
    await seedBench(db, { attendees, sessions, log: (line) => console.log(line) });
  } finally {
    await close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
