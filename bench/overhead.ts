/**
 * Per-request overhead of the server (issue 13): in one run, with the same load (autocannon in a
 * child process, BENCH_CONNECTIONS (50) connections, BENCH_SECONDS (10 s) after a 2 s warm-up):
 *
 *   hello    a node:http hello world in this process (the ceiling for any Node server here)
 *   404      an unknown /api path answered with the error envelope (no database work)
 *   health   GET /api/v1/health (one SELECT 1)
 *   profile  GET /api/v1/user/profile with a bearer token (authenticated, one user row)
 *
 * and, with DATABASE_URL, pgbench of exactly the SQL the profile route runs (recorded from Kysely
 * during one request, one pgbench transaction per request, -M prepared). Prints a markdown row with
 * the ratios 404/hello, health/hello and profile/pgbench.
 *
 *   node_modules/.bin/tsx bench/overhead.ts
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node_modules/.bin/tsx bench/overhead.ts
 *   BENCH_ONLY=profile node --cpu-prof --import tsx bench/overhead.ts   (profile one target)
 *   BENCH_LOG_LEVEL=info node_modules/.bin/tsx bench/overhead.ts > /tmp/log   (with request logging)
 *   BENCH_POOL_MAX=10 DATABASE_URL=… node_modules/.bin/tsx bench/overhead.ts   (another pool size)
 *
 * Default is in-memory PGlite; with DATABASE_URL one user is created and deleted at the end.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import type { DB } from '../apps/server/src/db/schema';
import { insertUser } from '../apps/server/src/features/user/user.repository';
import { signAccessToken } from '../apps/server/src/http/auth';
import { hardTimeLimit, openBenchServerParts } from './lib/bench-server';
import { type Load, measure, type Stats, startLoadChild } from './lib/http-load';
import { type PgbenchResult, runPgbench, StatementRecorder } from './lib/overhead-sql';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const WARMUP_SECONDS = 2;
/** Comma-separated subset of hello,404,health,profile,pgbench (for profiling one of them). */
const ONLY = process.env.BENCH_ONLY?.split(',');
const wanted = (name: string) => !ONLY || ONLY.includes(name);

await main();

async function listenOnLoopback(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return address.port;
}

async function main(): Promise<void> {
  hardTimeLimit('bench/overhead');
  const child = startLoadChild();
  const results: Record<string, Stats & { cpuUsPerRequest: number; systemUsPerRequest: number }> = {};
  const run = async (name: string, target: Omit<Load, 'seconds' | 'connections'>) => {
    await measure(child, { ...target, connections: CONNECTIONS, seconds: WARMUP_SECONDS });
    // CPU time of this process (the server) per answered request: less noisy than req/s on a shared machine.
    const cpu = process.cpuUsage();
    const stats = await measure(child, { ...target, connections: CONNECTIONS, seconds: SECONDS });
    const used = process.cpuUsage(cpu);
    const n = Math.max(1, stats.requests);
    results[name] = {
      ...stats,
      cpuUsPerRequest: (used.user + used.system) / n,
      systemUsPerRequest: used.system / n,
    };
    console.error(`${name}: ${JSON.stringify(results[name])}`);
  };

  try {
    if (wanted('hello')) {
      const body = JSON.stringify({ hello: 'world' });
      const hello = createServer((_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(body);
      });
      const port = await listenOnLoopback(hello);
      await run('hello', { url: `http://127.0.0.1:${port}/`, headers: {} });
      await new Promise((resolve) => hello.close(resolve));
    }

    const { config, database, db, mailer } = await openBenchServerParts();
    // BENCH_LOG_LEVEL=info: the production default, request lines on stdout (redirect it).
    if (process.env.BENCH_LOG_LEVEL) config.logLevel = process.env.BENCH_LOG_LEVEL;
    // As in production, a built web app is served (its catch-all route sees unknown paths first);
    // BENCH_SPA=0 leaves it out.
    if (process.env.BENCH_SPA !== '0') config.webDist = fakeWebDist();
    const user = await insertUser(db, {
      username: `bench-overhead-${Date.now()}@foyer.test`,
      name: 'Bench',
      surname: 'Overhead',
      passwordHash: null,
    });
    // BENCH_POOL_MAX=n (PostgreSQL): the server's queries go through a pool of n connections
    // instead of the one db/database.ts opens, to compare pool sizes.
    const poolMax = Number(process.env.BENCH_POOL_MAX ?? 0);
    const serverDb =
      poolMax && process.env.DATABASE_URL
        ? new Kysely<DB>({
            dialect: new PostgresDialect({
              pool: new pg.Pool({ connectionString: process.env.DATABASE_URL, max: poolMax }),
            }),
          })
        : db;
    const recorder = new StatementRecorder(serverDb);
    const ctx = {
      config,
      db: serverDb.withPlugin(recorder),
      dbKind: database.kind,
      mailer,
      now: () => new Date(),
    };
    const app = await buildApp(ctx);
    let pgbench: PgbenchResult | null = null;
    let closed = false;
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      if (!address || typeof address === 'string') throw new Error('no address');
      const port = address.port;
      const base = `http://127.0.0.1:${port}/api/v1`;
      const headers = {
        authorization: `Bearer ${await signAccessToken(config.jwtSecret, { userId: user.id })}`,
      };

      // The profile route's own SQL, as Kysely sends it.
      const first = await recorder.record(() => fetch(`${base}/user/profile`, { headers }));
      if (first.status !== 200) throw new Error(`GET /user/profile answered ${first.status}`);
      const statements = [...recorder.statements];
      for (const s of statements) console.error(`profile SQL: ${s.sql}  ${JSON.stringify(s.parameters)}`);
      // Measure without the recorder in the path.
      ctx.db = serverDb;

      const notFound = await fetch(`${base}/no-such-route`);
      if (notFound.status !== 404) throw new Error(`unknown path answered ${notFound.status}`);
      if (wanted('404')) await run('404', { url: `${base}/no-such-route`, headers: {} });
      if (wanted('health')) await run('health', { url: `${base}/health`, headers: {} });
      if (wanted('profile')) await run('profile', { url: `${base}/user/profile`, headers });

      // The server's connections go first: a shared PostgreSQL may not have 50 more to spare.
      await app.close();
      closed = true;
      if (serverDb !== db) await serverDb.destroy();
      let note = '';
      if (wanted('pgbench') && process.env.DATABASE_URL) {
        try {
          pgbench = await runPgbench(process.env.DATABASE_URL, statements, CONNECTIONS, SECONDS);
          console.error(`pgbench: ${pgbench.tps} tps, script:\n${pgbench.script}`);
        } catch (error) {
          note = 'pgbench failed (see stderr); ';
          console.error(error);
        }
      } else if (!process.env.DATABASE_URL) {
        console.error('pgbench skipped: DATABASE_URL is not set (PGlite runs inside the server process)');
      }
      report(database.kind, results, pgbench, statements.length, note);
    } finally {
      if (!closed) await app.close();
      await mailer.close();
      if (!closed && serverDb !== db) await serverDb.destroy();
      if (process.env.DATABASE_URL) await db.deleteFrom('users').where('id', '=', user.id).execute();
      await database.close();
    }
  } finally {
    child.kill();
  }
}

/** A web build as the server sees it: index.html and a hashed asset. */
function fakeWebDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'foyer-bench-web-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Foyer</title><div id="root"></div>');
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
  return dir;
}

function report(
  engine: string,
  results: Record<string, Stats & { cpuUsPerRequest: number; systemUsPerRequest: number }>,
  pgbench: PgbenchResult | null,
  statementCount: number,
  note: string,
): void {
  const f = (n: number) => n.toFixed(0);
  const cpu = (s: { cpuUsPerRequest: number }) => `${f(s.cpuUsPerRequest)} µs CPU/req`;
  const ratio = (a: number | undefined, b: number | undefined) =>
    a !== undefined && b !== undefined ? `${(a / b).toFixed(2)}×` : 'n/a';
  const { hello, health, profile } = results;
  const notFound = results['404'];
  const parts: string[] = [];
  if (hello) parts.push(`node:http hello ${f(hello.rps)} req/s, ${cpu(hello)}`);
  if (notFound) {
    parts.push(`404 ${f(notFound.rps)} req/s (${ratio(notFound.rps, hello?.rps)} hello), ${cpu(notFound)}`);
  }
  if (health)
    parts.push(`health ${f(health.rps)} req/s (${ratio(health.rps, hello?.rps)} hello), ${cpu(health)}`);
  if (profile) {
    parts.push(
      `user/profile ${f(profile.rps)} req/s, p50/p99 ${profile.p50.toFixed(1)}/${profile.p99.toFixed(1)} ms, ${cpu(profile)}` +
        (pgbench ? ` (${ratio(profile.rps, pgbench.tps)} pgbench)` : ''),
    );
  }
  if (pgbench) parts.push(`pgbench of its ${statementCount} statement(s) ${f(pgbench.tps)} tps`);
  const bad = Object.values(results).reduce((n, s) => n + s.errors, 0);
  const non2xx = Object.entries(results).reduce((n, [name, s]) => n + (name === '404' ? 0 : s.non2xx), 0);
  console.log(
    `| ${new Date().toISOString().slice(0, 10)} | per-request overhead (\`bench/overhead.ts\`${process.env.BENCH_SPA === '0' ? ', no web build served' : ''}${process.env.BENCH_POOL_MAX ? `, pool of ${process.env.BENCH_POOL_MAX}` : ''}), ${CONNECTIONS} conns × ${SECONDS} s | ` +
      `${engine} | ${parts.join('; ')} | ${note}non-2xx ${non2xx}, errors ${bad}; load avg ${loadavg()
        .map((l) => l.toFixed(1))
        .join('/')} |`,
  );
}
