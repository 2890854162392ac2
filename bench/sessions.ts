/**
 * Sessions list benchmark: one event with BENCH_SESSIONS sessions (2,000) and BENCH_ATTENDEES
 * attendees (50,000, three sessions each), the real server in this process, autocannon in a child
 * process (so each side has a core). In the same run it loads GET /api/v1/health (the trivial
 * route: one `SELECT 1`) and GET /api/v1/event/:id/sessions (the first page, as the sessions tab
 * opens it, asked by BENCH_CALLERS (200) attendees in turn, each with their own agenda) with BENCH_CONNECTIONS (50) connections for BENCH_SECONDS (10 s) each, after a short
 * warm-up, and prints p50/p95/p99 and req/s of both, the ratio, the server process's CPU time per
 * request (PGlite's thread included; PostgreSQL's own processes not) and the load average as a
 * markdown row. CPU per request moves far less than latency when other work shares the machine.
 *
 *   node_modules/.bin/tsx bench/sessions.ts
 *   DATABASE_URL=postgres://root@127.0.0.1:5432/test node_modules/.bin/tsx bench/sessions.ts
 *
 * Default is in-memory PGlite, seeded fresh. With DATABASE_URL the data goes into that database as
 * one new event (migrations applied first) and is deleted at the end, unless BENCH_KEEP is set (to
 * EXPLAIN the queries afterwards). Loopback only; a hard limit stops it after 10 minutes.
 */
import { loadavg } from 'node:os';
import { sql } from 'kysely';
import { buildApp } from '../apps/server/src/app';
import { signAccessToken } from '../apps/server/src/http/auth';
import { hardTimeLimit, openBenchServerParts } from './lib/bench-server';
import { BROWSER_ENCODINGS, type Measured, measure, startLoadChild } from './lib/http-load';
import { ATTENDEES, type Db, SESSIONS, seedSessions } from './lib/sessions-seed';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const WARMUP_SECONDS = 2;

await main();
// Pools, timers and the child are closed; do not wait for stragglers (e.g. an idle socket).
process.exit(0);

// ---- the server side ----

async function main(): Promise<void> {
  hardTimeLimit('bench/sessions');
  const { config, database, db, mailer } = await openBenchServerParts();

  const seedStart = Date.now();
  const seeded = await seedSessions(db);
  const seedSeconds = ((Date.now() - seedStart) / 1000).toFixed(1);
  console.error(`seeded ${SESSIONS} sessions, ${ATTENDEES} attendees in ${seedSeconds} s (${database.kind})`);

  const app = await buildApp({ config, db, dbKind: database.kind, mailer, now: () => new Date() });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  const base = `http://127.0.0.1:${address.port}/api/v1`;
  const callers = await Promise.all(
    seeded.userIds.map(async (userId) => ({
      authorization: `Bearer ${await signAccessToken(config.jwtSecret, { userId })}`,
    })),
  );
  const headers = { ...callers[0]!, ...BROWSER_ENCODINGS };

  const probe = await fetch(`${base}/event/${seeded.eventId}/sessions`, { headers });
  const page = (await probe.json()) as { data?: { sessions: unknown[] } };
  if (probe.status !== 200 || !page.data) throw new Error(`sessions list answered ${probe.status}`);

  const child = startLoadChild();
  const load = loadavg()[0]!;
  try {
    const targets = {
      health: { url: `${base}/health`, headers: { ...BROWSER_ENCODINGS } },
      sessions: { url: `${base}/event/${seeded.eventId}/sessions`, headers, headersEach: callers },
    };
    const results: Record<string, Measured> = {};
    for (const [name, target] of Object.entries(targets)) {
      await measure(child, { ...target, connections: CONNECTIONS, seconds: WARMUP_SECONDS });
      results[name] = await measure(child, { ...target, connections: CONNECTIONS, seconds: SECONDS });
      console.error(`${name}: ${JSON.stringify(results[name])}`);
    }
    const health = results.health!;
    const list = results.sessions!;
    if (health.non2xx + list.non2xx + health.errors + list.errors > 0) {
      console.error('WARNING: non-2xx answers or errors during the run');
    }
    const f = (n: number) => n.toFixed(1);
    const ratio = list.p95 / health.p95;
    const loadAfter = loadavg()[0]!;
    console.log(
      `| ${new Date().toISOString().slice(0, 10)} | sessions list (${SESSIONS} sessions, ${ATTENDEES} attendees, ` +
        `first page ${page.data.sessions.length} cards, ${list.bytesPerResponse} B, ${callers.length} callers in turn), ` +
        `${CONNECTIONS} conns × ${SECONDS} s | ` +
        `${database.kind} | list p50/p95/p99 ${f(list.p50)}/${f(list.p95)}/${f(list.p99)} ms, ${f(list.rps)} req/s; ` +
        `health p50/p95/p99 ${f(health.p50)}/${f(health.p95)}/${f(health.p99)} ms, ${f(health.rps)} req/s | ` +
        `p95 ratio list/health ${ratio.toFixed(1)}×; non-2xx ${list.non2xx + health.non2xx}; ` +
        `server CPU per request list ${list.serverCpuMs.toFixed(2)} ms, health ${health.serverCpuMs.toFixed(2)} ms; ` +
        `load avg ${load.toFixed(1)} → ${loadAfter.toFixed(1)} |`,
    );
  } finally {
    child.kill();
    await app.close();
    await mailer.close();
    if (process.env.DATABASE_URL && process.env.BENCH_KEEP) {
      console.error(
        `kept event ${seeded.eventId} (users ${seeded.userIds.join(', ')}) for EXPLAIN; delete it by hand`,
      );
    } else if (process.env.DATABASE_URL) {
      await removeEvent(db, seeded);
    }
    await database.close();
  }
}

async function removeEvent(db: Db, seeded: { eventId: number; userIds: number[] }): Promise<void> {
  // Children first, in bulk: the cascade from the event would go row by row through them.
  await sql`DELETE FROM session_attendees WHERE session_id IN (SELECT id FROM sessions WHERE event_id = ${seeded.eventId})`.execute(
    db,
  );
  await sql`DELETE FROM session_people WHERE session_id IN (SELECT id FROM sessions WHERE event_id = ${seeded.eventId})`.execute(
    db,
  );
  await db.deleteFrom('events').where('id', '=', seeded.eventId).execute();
  await db.deleteFrom('users').where('id', 'in', seeded.userIds).execute();
  await sql`DELETE FROM session_versions WHERE event_id = ${seeded.eventId}`.execute(db);
  // The shared test server runs without autovacuum: leave no dead rows for the next benchmark.
  await sql`VACUUM ANALYZE sessions, session_attendees, session_people, participants`.execute(db);
}
