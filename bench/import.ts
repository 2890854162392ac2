/**
 * Attendee import benchmark (issue 12, part 4; decision 016): a generated BENCH_ROWS (50,000) row
 * CSV through the real routes in this process (app.inject): validate, then commit (a job, polled
 * until done), then the same commit again (idempotent: everything unchanged). Baseline in the same
 * run: the same rows as plain multi-row INSERTs (batches of 1,000, one transaction, same driver,
 * same triggers) into a second event. Prints rows/s and the ratio as a markdown row.
 *
 *   DATABASE_URL=postgres://root@127.0.0.1:5432/test node_modules/.bin/tsx bench/import.ts
 *   node_modules/.bin/tsx bench/import.ts        # in-memory PGlite
 *
 * With DATABASE_URL (or TEST_DATABASE_URL) the rows go into that database under two new events,
 * deleted at the end (kept with BENCH_KEEP=1). A hard limit stops it after 10 minutes.
 */
import { sql } from 'kysely';
import { buildApp } from '../apps/server/src/app';
import { importsIdle } from '../apps/server/src/features/organizer/import.service';
import { signAccessToken } from '../apps/server/src/http/auth';
import { eventRow } from '../apps/server/test/factories';
import { hardTimeLimit, openBenchServerParts } from './lib/bench-server';

const ROWS = Number(process.env.BENCH_ROWS ?? 50_000);
if (!process.env.DATABASE_URL && process.env.TEST_DATABASE_URL) {
  process.env.DATABASE_URL = process.env.TEST_DATABASE_URL;
}

const FIRST = ['Ann', 'Ben', 'Carlos', 'Dana', 'Elif', 'Farid', 'Grace', 'Hiro', 'Ines', 'Jonas'];
const LAST = ['Schmidt', 'Yilmaz', 'Ivanova', 'Garcia', 'Smith', 'Kaya', 'Rossi', 'Novak', 'Tanaka'];
const COMPANIES = ['Acme', 'Globex', 'Initech', 'Umbrella', 'Hooli', 'Stark', 'Wayne', 'Wonka'];

function generateCsv(rows: number): string {
  const lines = ['Email;First name;Last name;Company;Job title;City;Type'];
  for (let i = 0; i < rows; i++) {
    const name = FIRST[i % FIRST.length];
    const surname = LAST[i % LAST.length];
    const company = COMPANIES[i % COMPANIES.length];
    lines.push(`${name}.${surname}.${i}@bench.test;${name};${surname};${company};Engineer;Berlin;Attendee`);
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

await main();

async function main(): Promise<void> {
  hardTimeLimit('bench/import');
  const { config, database, db, mailer } = await openBenchServerParts();
  const user = await db
    .insertInto('users')
    .values({ username: `bench-import-${Date.now()}@bench.test`, name: 'Bench', surname: 'Owner' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const makeEvent = async (name: string) => {
    const start = new Date(Date.now() + 7 * 86_400_000);
    const event = await db
      .insertInto('events')
      .values(eventRow(name, { type: 'hybrid', start, end: new Date(start.getTime() + 86_400_000) }))
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('participant_types')
      .values({ event_id: event.id, name: 'Attendee', priority: 1 })
      .execute();
    return event.id;
  };
  const eventId = await makeEvent('Import bench');
  const baselineEventId = await makeEvent('Import bench baseline');
  await db
    .insertInto('participants')
    .values({
      event_id: eventId,
      user_id: user.id,
      email: `bench-import-owner-${Date.now()}@bench.test`,
      name: 'Bench',
      surname: 'Owner',
      organizer: true,
      organizer_role: 'owner',
      rights: '{}',
      fields: '{}',
    })
    .execute();

  const ctx = { config, db, dbKind: database.kind, mailer, now: () => new Date() };
  const app = await buildApp(ctx);
  await app.ready();
  const headers = { authorization: `Bearer ${await signAccessToken(config.jwtSecret, { userId: user.id })}` };
  const csv = generateCsv(ROWS);
  const contentBase64 = Buffer.from(csv).toString('base64');
  const mapping = ['email', 'name', 'surname', 'company', 'jobTitle', 'city', 'type'];
  const body = { kind: 'attendees', fileName: 'bench.csv', contentBase64, mapping };
  const route = (step: string) => `/api/v1/organizer/event/${eventId}/import/${step}`;
  console.error(`${ROWS} rows, ${(csv.length / 1024 / 1024).toFixed(1)} MB of CSV (${database.kind})`);

  try {
    const t0 = performance.now();
    const validated = await app.inject({ method: 'POST', url: route('validate'), headers, payload: body });
    const validateMs = performance.now() - t0;
    const validation = validated.json().data;
    if (validated.statusCode !== 200 || validation.goodCount !== ROWS) {
      throw new Error(`validate answered ${validated.statusCode}: ${validated.body.slice(0, 300)}`);
    }

    const commit = async () => {
      const start = performance.now();
      const res = await app.inject({ method: 'POST', url: route('commit'), headers, payload: body });
      let job = res.json().data;
      if (res.statusCode !== 200)
        throw new Error(`commit answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
      if (job.state === 'running') {
        // Wait for the job itself (no fixed sleep), then read its result as the console's poll would.
        await importsIdle();
        job = (await app.inject({ method: 'GET', url: route(String(job.id)), headers })).json().data;
      }
      return { ms: performance.now() - start, job };
    };
    const first = await commit();
    if (first.job.state !== 'done' || first.job.inserted !== ROWS) throw new Error(JSON.stringify(first.job));
    const again = await commit();
    if (again.job.inserted !== 0 || again.job.unchanged !== ROWS) throw new Error(JSON.stringify(again.job));

    // Baseline: the same rows, plain multi-row INSERTs of 1,000 in one transaction.
    const rows = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
      .slice(1)
      .map((line) => line.split(';'));
    const b0 = performance.now();
    await db.transaction().execute(async (trx) => {
      for (let at = 0; at < rows.length; at += 1_000) {
        await trx
          .insertInto('participants')
          .values(
            rows.slice(at, at + 1_000).map(([email, name, surname, company, jobTitle, city]) => ({
              event_id: baselineEventId,
              email: email!.toLowerCase(),
              name: name!,
              surname: surname!,
              company: company!,
              job_title: jobTitle!,
              city: city!,
              state: 'invited' as const,
              rights: '{}',
              fields: '{}',
            })),
          )
          .execute();
      }
    });
    const baselineMs = performance.now() - b0;

    const load = (await import('node:os')).loadavg()[0]!.toFixed(1);
    const s = (ms: number) => (ms / 1000).toFixed(1);
    const rps = (ms: number) => Math.round(ROWS / (ms / 1000));
    console.error(
      `validate ${s(validateMs)} s; commit ${s(first.ms)} s; re-import ${s(again.ms)} s; baseline ${s(baselineMs)} s`,
    );
    console.log(
      `| ${new Date().toISOString().slice(0, 10)} | attendee import (${ROWS} rows CSV, validate + commit as a job through the routes; re-import) | ${database.kind} | ` +
        `validate ${s(validateMs)} s; commit ${s(first.ms)} s = ${rps(first.ms)} rows/s (validate + commit ${s(validateMs + first.ms)} s); ` +
        `re-import ${s(again.ms)} s, 0 inserted | baseline plain INSERT ×1,000 in one transaction ${s(baselineMs)} s = ${rps(baselineMs)} rows/s; ` +
        `ratio commit/baseline ${(first.ms / baselineMs).toFixed(1)}×; load avg ${load} |`,
    );
  } finally {
    await app.close();
    await mailer.close();
    if (process.env.DATABASE_URL && !process.env.BENCH_KEEP) {
      await sql`DELETE FROM events WHERE id IN (${eventId}, ${baselineEventId})`.execute(db);
      await db.deleteFrom('users').where('id', '=', user.id).execute();
    }
    await database.close();
  }
}
