/**
 * Attendee search benchmark: one event with BENCH_ATTENDEES (50,000) attendees, the real server in
 * this process, autocannon in a child process (so each side has a core). In the same run it loads
 * GET /api/v1/health (the trivial route) and POST /api/v1/event/participant/search2 — cycling
 * through query variants (first page, name prefix, substring, category word, order by name, type
 * filter, a later page) — with BENCH_CONNECTIONS (50) connections for BENCH_SECONDS (10 s) each,
 * after a warm-up, and prints p50/p95/p99, req/s and the p95 ratio as a markdown row.
 *
 *   node_modules/.bin/tsx bench/search.ts
 *   DATABASE_URL=postgres://root@127.0.0.1:5432/test node_modules/.bin/tsx bench/search.ts
 *
 * Default is in-memory PGlite, seeded fresh. With DATABASE_URL the data goes into that database as
 * one new event (migrations applied first) and is deleted at the end (kept with BENCH_KEEP=1, to
 * look at query plans). Loopback only; a hard limit
 * stops it after 10 minutes.
 */
import { sql } from 'kysely';
import { buildApp } from '../apps/server/src/app';
import { SEARCH_CACHE_TTL_MS } from '../apps/server/src/features/participants/search.cache';
import { signAccessToken } from '../apps/server/src/http/auth';
import { hardTimeLimit, openBenchServerParts } from './lib/bench-server';
import { type Load, measure, type Stats, startLoadChild } from './lib/http-load';

const ATTENDEES = Number(process.env.BENCH_ATTENDEES ?? 50_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const WARMUP_SECONDS = 2;

const FIRST = [
  'Ann',
  'Anna',
  'Marta',
  'Ben',
  'Carlos',
  'Dana',
  'Elif',
  'Farid',
  'Grace',
  'Hiro',
  'Ines',
  'Jonas',
  'Kemal',
  'Lea',
  'Mateo',
  'Nina',
  'Omar',
  'Priya',
  'Quinn',
  'Rosa',
];
const LAST = [
  'Schmidt',
  'Schneider',
  'Yilmaz',
  'Ivanova',
  'Garcia',
  'Smith',
  'Kaya',
  'Rossi',
  'Novak',
  'Tanaka',
  'Silva',
  'Berg',
  'Dubois',
  'Popescu',
  'Horvat',
  'Nowak',
  'Jensen',
  'Costa',
  'Petrov',
  'Lopez',
  'Meyer',
  'Demir',
  'Moreau',
];
const JOBS = [
  'Software Engineer',
  'Product Manager',
  'CEO',
  'Investor',
  'Sales Director',
  'Designer',
  'Data Scientist',
  'Founder',
  'Marketing Lead',
  'Consultant',
];
const OFFERS = [
  'seed funding',
  'software development',
  'cloud hosting',
  'legal advice',
  'marketing services',
  'hiring talent',
  'data analytics',
  'mentoring',
];
const lit = (list: string[]) => sql.raw(`ARRAY[${list.map((s) => `'${s.replace(/'/g, "''")}'`).join(',')}]`);

await main();

// ---- the server side ----

async function main(): Promise<void> {
  hardTimeLimit('bench/search');
  const { config, database, db, mailer } = await openBenchServerParts();

  const seedStart = Date.now();
  const seeded = await seed(db);
  console.error(
    `seeded ${ATTENDEES} attendees in ${((Date.now() - seedStart) / 1000).toFixed(1)} s (${database.kind})`,
  );

  const ctx = { config, db, dbKind: database.kind, mailer, now: () => new Date() };
  // BENCH_NO_CACHE=1 measures every request against the database (no shared page cache).
  const cache = process.env.BENCH_NO_CACHE ? 'cache off' : `cache ${SEARCH_CACHE_TTL_MS / 1000} s`;
  const app = await buildApp(ctx);
  if (process.env.BENCH_NO_CACHE) app.searchCache.configure({ ttlMs: 0 });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  const base = `http://127.0.0.1:${address.port}/api/v1`;
  const headers = {
    authorization: `Bearer ${await signAccessToken(config.jwtSecret, { userId: seeded.userId })}`,
  };

  const url = `${base}/event/participant/search2`;
  const eventId = seeded.eventId;
  const first = await fetch(url, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ eventId }),
  });
  const page = (await first.json()) as {
    data?: { matches: number; results: unknown[]; after: string | null };
  };
  if (first.status !== 200 || !page.data) throw new Error(`search2 answered ${first.status}`);
  const variants = [
    { eventId },
    { eventId, query: 'ann' },
    { eventId, query: 'marta sch' },
    { eventId, query: 'fintech' },
    { eventId, query: 'ware' },
    { eventId, orderBy: 'name', asc: true },
    { eventId, filters: { typeIds: [seeded.typeIds[2]] } },
    { eventId, after: page.data.after },
  ];
  const bodies = variants.map((v) => JSON.stringify(v));
  if (process.env.BENCH_NO_CACHE) {
    // One client, each variant alone: where the database time goes.
    for (const body of bodies) {
      const times: number[] = [];
      for (let i = 0; i < 5; i++) {
        const t0 = performance.now();
        await fetch(url, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body,
        });
        times.push(performance.now() - t0);
      }
      console.error(`  ${times.sort((a, b) => a - b)[2]?.toFixed(1)} ms median  ${body.slice(0, 90)}`);
    }
  }

  const child = startLoadChild();
  try {
    const targets: Record<string, Omit<Load, 'seconds' | 'connections'>> = {
      health: { url: `${base}/health`, headers: {} },
      search2: { url, headers, bodies },
    };
    const results: Record<string, Stats> = {};
    for (const [name, target] of Object.entries(targets)) {
      await measure(child, { ...target, connections: CONNECTIONS, seconds: WARMUP_SECONDS });
      results[name] = await measure(child, { ...target, connections: CONNECTIONS, seconds: SECONDS });
      console.error(`${name}: ${JSON.stringify(results[name])}`);
    }
    const health = results.health!;
    const search = results.search2!;
    if (health.non2xx + search.non2xx + health.errors + search.errors > 0) {
      console.error('WARNING: non-2xx answers or errors during the run');
    }
    const f = (n: number) => n.toFixed(1);
    console.log(
      `| ${new Date().toISOString().slice(0, 10)} | search2 (${ATTENDEES} attendees, ${variants.length} query variants, ` +
        `page ${page.data.results.length} of ${page.data.matches}, ${cache}), ${CONNECTIONS} conns × ${SECONDS} s | ${database.kind} | ` +
        `search2 p50/p95/p99 ${f(search.p50)}/${f(search.p95)}/${f(search.p99)} ms, ${f(search.rps)} req/s; ` +
        `health p50/p95/p99 ${f(health.p50)}/${f(health.p95)}/${f(health.p99)} ms, ${f(health.rps)} req/s | ` +
        `p95 ratio search2/health ${(search.p95 / health.p95).toFixed(1)}×; non-2xx ${search.non2xx + health.non2xx} |`,
    );
  } finally {
    child.kill();
    await app.close();
    await mailer.close();
    if (process.env.DATABASE_URL && !process.env.BENCH_KEEP) {
      await db.deleteFrom('events').where('id', '=', seeded.eventId).execute();
      await db.deleteFrom('users').where('id', '=', seeded.userId).execute();
    }
    await database.close();
  }
}

type Db = Awaited<ReturnType<typeof openBenchServerParts>>['db'];

/** Set-based inserts (generate_series) in batches: seconds, not minutes, even on PGlite. */
async function seed(db: Db): Promise<{ eventId: number; userId: number; typeIds: number[] }> {
  const run = Date.now();
  const day0 = new Date(Date.UTC(new Date().getUTCFullYear() + 1, 0, 10, 9));
  const event = await db
    .insertInto('events')
    .values({
      name: `Bench search ${run}`,
      event_type: 'hybrid',
      start_date: day0,
      real_sdt: day0,
      real_edt: new Date(day0.getTime() + 2 * 86_400_000),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const e = event.id;
  const types = await db
    .insertInto('participant_types')
    .values([0, 1, 2, 3].map((priority) => ({ event_id: e, name: `Type ${priority}`, priority })))
    .returning('id')
    .execute();
  const typeIds = types.map((t) => t.id);
  const parent = await db
    .insertInto('categories')
    .values({ event_id: e, name: 'Industry' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const options = await db
    .insertInto('categories')
    .values(
      ['Fintech', 'Healthtech', 'Mobility', 'Energy', 'Retail', 'Media', 'Education', 'Gaming'].map(
        (name) => ({ event_id: e, name, parent_id: parent.id }),
      ),
    )
    .returning('id')
    .execute();
  const optionIds = sql.raw(`ARRAY[${options.map((o) => o.id).join(',')}]`);
  const typeArray = sql.raw(`ARRAY[${typeIds.join(',')}]`);
  const booths = await db
    .insertInto('booths')
    .values(Array.from({ length: 50 }, (_, i) => ({ event_id: e, name: `Booth ${i + 1}` })))
    .returning('id')
    .execute();
  const boothIds = sql.raw(`ARRAY[${booths.map((b) => b.id).join(',')}]`);
  const BATCH = 10_000;
  for (let from = 1; from <= ATTENDEES; from += BATCH) {
    const to = Math.min(ATTENDEES, from + BATCH - 1);
    await sql`
      INSERT INTO participants (event_id, email, name, surname, company, job_title, offer, seek, type_id, category_ids,
                                state, booth_id, booth_role)
      SELECT ${e}, 'bench-' || ${run}::text || '-' || i || '@foyer.test',
             (${lit(FIRST)})[1 + i % ${FIRST.length}], (${lit(LAST)})[1 + (i / ${FIRST.length}) % ${LAST.length}] || i,
             'Company ' || (i % 997) || CASE WHEN i % 3 = 0 THEN ' Software' ELSE ' Labs' END,
             (${lit(JOBS)})[1 + i % ${JOBS.length}],
             (${lit(OFFERS)})[1 + i % ${OFFERS.length}], (${lit(OFFERS)})[1 + (i / 7) % ${OFFERS.length}],
             (${typeArray})[1 + i % 4], ARRAY[(${optionIds})[1 + (i / 3) % ${options.length}]],
             CASE WHEN i % 10 = 0 THEN 'inactive' ELSE 'active' END,
             CASE WHEN i % 200 = 0 THEN (${boothIds})[1 + (i / 200) % 50] END,
             CASE WHEN i % 200 = 0 THEN 'owner' END
        FROM generate_series(${from}::int, ${to}::int) i`.execute(db);
  }
  const user = await db
    .insertInto('users')
    .values({ username: `bench-search-${run}@foyer.test`, name: 'Bench', surname: 'Caller' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const me = await db
    .insertInto('participants')
    .values({
      event_id: e,
      user_id: user.id,
      email: `bench-search-${run}@foyer.test`,
      name: 'Bench',
      surname: 'Caller',
      type_id: typeIds[0],
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // A few tags of mine, so the per-page tag lookup does real work.
  await sql`
    INSERT INTO participant_tags (owner_id, target_id, tag)
    SELECT ${me.id}, id, 'fav' FROM participants WHERE event_id = ${e} AND id <> ${me.id} ORDER BY id LIMIT 30`.execute(
    db,
  );
  // A bulk load is followed by autovacuum on PostgreSQL; do it now so counts are index-only scans.
  await sql`VACUUM ANALYZE participants`.execute(db);
  return { eventId: e, userId: user.id, typeIds };
}
