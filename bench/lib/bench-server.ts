import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../apps/server/src/app';
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

type BenchParts = Awaited<ReturnType<typeof openBenchServerParts>>;

/** A one-day event starting now, with the participant types named (their ids in that order). */
export async function seedBenchEvent(db: BenchParts['db'], name: string, typeNames: readonly string[]) {
  const event = await db
    .insertInto('events')
    .values({
      name,
      event_type: 'normal',
      start_date: new Date(),
      real_sdt: new Date(),
      real_edt: new Date(Date.now() + 86_400_000),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const typeIds: number[] = [];
  for (const typeName of typeNames) {
    const type = await db
      .insertInto('participant_types')
      .values({ event_id: event.id, name: typeName })
      .returning('id')
      .executeTakeFirstOrThrow();
    typeIds.push(type.id);
  }
  return { eventId: event.id, typeIds };
}

/** A signed-up user who is a participant of the event with the given rights (check-in staff, organizer). */
export async function seedBenchStaff(
  db: BenchParts['db'],
  eventId: number,
  person: { email: string; name: string; surname: string },
  rights: { type_id?: number; check_in_admin?: boolean; organizer?: boolean; organizer_role?: string },
): Promise<number> {
  const user = await db
    .insertInto('users')
    .values({ username: person.email, name: person.name, surname: person.surname })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('participants')
    .values({ event_id: eventId, user_id: user.id, ...person, ...rights })
    .execute();
  return user.id;
}

/** The real app listening on a free loopback port, and its API address. */
export async function listenBenchApp(parts: BenchParts) {
  const { config, database, db, mailer } = parts;
  const app = await buildApp({ config, db, dbKind: database.kind, mailer, now: () => new Date() });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return { app, api: `http://127.0.0.1:${address.port}/api/v1` };
}
