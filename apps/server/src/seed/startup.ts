import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { DB } from '../db/schema';
import { DEMO_PASSWORD } from './demo-content';

/**
 * The password the demo accounts get, or null for no demo. Outside production the published
 * `foyer-demo`; in production (only with SEED_DEMO=true) a random one, printed once at seeding,
 * because a published password on a public server hands the organizer account to anyone.
 */
export function demoSeedPassword(config: Pick<Config, 'env' | 'seedDemo'>): string | null {
  if (!config.seedDemo) return null;
  if (config.env !== 'production') return DEMO_PASSWORD;
  // Upper case and digits always present, so the password meets the password rule (A5.23).
  return `Demo-${randomBytes(12).toString('base64url')}-7Q`;
}

/** Start-up seeding of an empty database, as configured. */
export async function seedOnStart(
  db: Kysely<DB>,
  config: Pick<Config, 'env' | 'seedDemo'>,
  log: (line: string) => void,
): Promise<boolean> {
  const password = demoSeedPassword(config);
  if (password === null) return false;
  // faker (~40 MB of a process's memory) loads only when there is a demo to seed.
  const { seedDemoIfEmpty } = await import('./demo');
  const seeded = await seedDemoIfEmpty(db, { log, password });
  if (seeded && password !== DEMO_PASSWORD) {
    log('This password is shown only now: note it, or reset it by e-mail later.');
  }
  return seeded;
}
