/**
 * Attendee search benchmark: one event with BENCH_ATTENDEES (50,000) attendees, the real server in
 * this process, autocannon in a child process (so each side has a core). In the same run it loads
 * GET /api/v1/health (the trivial route) and POST /api/v1/event/participant/search2 with a different
 * body per request, as people type: prefixes (2 letters to whole words) of the names, surnames,
 * companies and job titles of people in the event (bench/lib/people.ts), some with a type filter or
 * ordered by name, some filtered by category only, some later pages — BENCH_QUERIES (2,000) bodies —
 * with BENCH_CONNECTIONS (50) connections for BENCH_SECONDS (10 s) each, after a warm-up, and prints
 * p50/p95/p99, req/s and the p95 ratio as a markdown row. As in production: the event's in-memory
 * index (decision 021; its first build is timed and printed) and the caller's row cached 2 s; a
 * page's cards come from the index, and each search reads the event's search version (one row).
 *
 *   node_modules/.bin/tsx bench/search.ts
 *   DATABASE_URL=postgres://root@127.0.0.1:5432/test node_modules/.bin/tsx bench/search.ts
 *
 * Default is in-memory PGlite, seeded fresh. With DATABASE_URL the data goes into that database as
 * one new event (migrations applied first) and is deleted at the end (kept with BENCH_KEEP=1, to
 * look at query plans). Loopback only; a hard limit
 * stops it after 10 minutes.
 */
import { loadavg } from 'node:os';
import { sql } from 'kysely';
import { buildApp } from '../apps/server/src/app';
import { answerFromIndex } from '../apps/server/src/features/participants/search.service';
import { loadSearchViewer } from '../apps/server/src/features/participants/search.viewer';
import { signAccessToken } from '../apps/server/src/http/auth';
import { hardTimeLimit, openBenchServerParts } from './lib/bench-server';
import { BROWSER_ENCODINGS, type Load, type Measured, measure, startLoadChild } from './lib/http-load';
import { insertPeople, random, typedQueries } from './lib/people';

const ATTENDEES = Number(process.env.BENCH_ATTENDEES ?? 50_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const WARMUP_SECONDS = 2;
const QUERIES = Number(process.env.BENCH_QUERIES ?? 2000);

await main();

// ---- the server side ----

async function main(): Promise<void> {
  hardTimeLimit('bench/search', 600_000 + ATTENDEES); // seeding a million takes minutes
  const { config, database, db, mailer } = await openBenchServerParts();

  const seedStart = Date.now();
  const seeded = await seed(db);
  console.error(
    `seeded ${ATTENDEES} attendees in ${((Date.now() - seedStart) / 1000).toFixed(1)} s (${database.kind})`,
  );

  const ctx = { config, db, dbKind: database.kind, mailer, now: () => new Date() };
  const app = await buildApp(ctx);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  const base = `http://127.0.0.1:${address.port}/api/v1`;
  const headers = {
    authorization: `Bearer ${await signAccessToken(config.jwtSecret, { userId: seeded.userId })}`,
    ...BROWSER_ENCODINGS,
  };

  const url = `${base}/event/participant/search2`;
  const post = async (body: object) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const page = (await response.json()) as {
      data?: { matches: number | null; results: unknown[]; after: string | null };
    };
    if (response.status !== 200 || !page.data) throw new Error(`search2 answered ${response.status}`);
    return page.data;
  };
  const { eventId, typeIds, categoryIds } = seeded;
  const buildStart = performance.now();
  const first = await post({ eventId });
  const cache = `in-memory index built in ${((performance.now() - buildStart) / 1000).toFixed(1)} s`;
  const rnd = random(7);
  const typed = typedQueries(ATTENDEES, QUERIES);
  // A handful of later pages (cursors of real first pages), as people scroll.
  const cursors: string[] = [];
  for (const query of typed.slice(0, 20)) {
    const page = await post({ eventId, query });
    if (page.after) cursors.push(JSON.stringify({ eventId, query, after: page.after }));
  }
  const bodies = typed.map((query, i) => {
    const r = rnd();
    if (r < 0.7) return JSON.stringify({ eventId, query });
    if (r < 0.8)
      return JSON.stringify({ eventId, query, filters: { typeIds: [typeIds[i % typeIds.length]] } });
    if (r < 0.85)
      return JSON.stringify({ eventId, filters: { categoryIds: [categoryIds[i % categoryIds.length]] } });
    if (r < 0.9) return JSON.stringify({ eventId, query, orderBy: 'name', asc: true });
    if (r < 0.95) return JSON.stringify({ eventId, orderBy: 'company', asc: i % 2 === 0 });
    return cursors[i % cursors.length] ?? JSON.stringify({ eventId, query });
  });
  // The in-memory part alone, each body three times (the fastest kept: the machine is shared): what
  // a search costs the server's thread besides HTTP and the version read.
  const viewer = await loadSearchViewer(app.ctx, app.searchCache, eventId, seeded.userId);
  const index = await app.searchCache.indexes.get(db, eventId);
  const timedBodies = bodies
    .map((body) => {
      const input = JSON.parse(body) as Parameters<typeof answerFromIndex>[2];
      let best = Number.POSITIVE_INFINITY;
      for (let i = 0; i < 3; i++) {
        const t0 = performance.now();
        answerFromIndex(index, viewer, input);
        best = Math.min(best, performance.now() - t0);
      }
      return { best, body };
    })
    .sort((x, y) => x.best - y.best);
  const answerMs = timedBodies.map((x) => x.best);
  if (process.env.BENCH_PROFILE)
    for (const x of timedBodies.slice(-12))
      console.error(`  in memory ${x.best.toFixed(2)} ms  ${x.body.slice(0, 110)}`);
  const at = (q: number) => answerMs[Math.min(answerMs.length - 1, Math.floor(q * answerMs.length))] ?? 0;
  const inMemory = `in-memory answer p50/p95/max ${at(0.5).toFixed(2)}/${at(0.95).toFixed(2)}/${at(1).toFixed(2)} ms`;
  console.error(inMemory);
  // One client, a sample of bodies alone: where the time goes (BENCH_PROFILE=1).
  if (process.env.BENCH_PROFILE) {
    const timed: { ms: number; body: string; matches: number | null }[] = [];
    for (const body of bodies.slice(0, 200)) {
      const t0 = performance.now();
      const page = await post(JSON.parse(body) as object);
      timed.push({ ms: performance.now() - t0, body, matches: page.matches });
    }
    timed.sort((x, y) => y.ms - x.ms);
    for (const t of timed.slice(0, 15))
      console.error(`  ${t.ms.toFixed(1)} ms  matches ${t.matches}  ${t.body.slice(0, 100)}`);
  }

  const child = startLoadChild();
  try {
    const targets: Record<string, Omit<Load, 'seconds' | 'connections'>> = {
      health: { url: `${base}/health`, headers: { ...BROWSER_ENCODINGS } },
      search2: { url, headers, bodies },
    };
    const results: Record<string, Measured> = {};
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
      `| ${new Date().toISOString().slice(0, 10)} | search2 (${ATTENDEES} attendees, ${bodies.length} different bodies: typed prefixes, filters, orders, pages; ` +
        `first page ${first.results.length} of ${first.matches}, ${cache}), ${CONNECTIONS} conns × ${SECONDS} s | ${database.kind} | ` +
        `search2 p50/p95/p99 ${f(search.p50)}/${f(search.p95)}/${f(search.p99)} ms, ${f(search.rps)} req/s; ` +
        `health p50/p95/p99 ${f(health.p50)}/${f(health.p95)}/${f(health.p99)} ms, ${f(health.rps)} req/s | ` +
        `p95 ratio search2/health ${(search.p95 / health.p95).toFixed(1)}×; non-2xx ${search.non2xx + health.non2xx}, ` +
        `errors/time-outs ${search.errors + health.errors}; ${inMemory}; ` +
        `server CPU per search ${search.serverCpuMs.toFixed(2)} ms, per health ${health.serverCpuMs.toFixed(2)} ms; load avg ${loadavg()[0]?.toFixed(1)} |`,
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

/** An event with realistic people (bench/lib/people.ts), types, categories and booths, and the caller. */
async function seed(
  db: Db,
): Promise<{ eventId: number; userId: number; typeIds: number[]; categoryIds: number[] }> {
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
  const categoryIds = options.map((o) => o.id);
  const booths = await db
    .insertInto('booths')
    .values(Array.from({ length: 50 }, (_, i) => ({ event_id: e, name: `Booth ${i + 1}` })))
    .returning('id')
    .execute();
  await insertPeople(
    db,
    { eventId: e, typeIds, categoryIds, boothIds: booths.map((b) => b.id), run },
    ATTENDEES,
  );
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
  return { eventId: e, userId: user.id, typeIds, categoryIds };
}
