/**
 * Sessions list benchmark: one event with BENCH_SESSIONS sessions (2,000) and BENCH_ATTENDEES
 * attendees (50,000, three sessions each), the real server in this process, autocannon in a child
 * process (so each side has a core). In the same run it loads GET /api/v1/health (the trivial
 * route: one `SELECT 1`) and GET /api/v1/event/:id/sessions (the first page, as the sessions tab
 * opens it) with BENCH_CONNECTIONS (50) connections for BENCH_SECONDS (10 s) each, after a short
 * warm-up, and prints p50/p95/p99 and req/s of both and the ratio as a markdown row.
 *
 *   node_modules/.bin/tsx bench/sessions.ts
 *   DATABASE_URL=postgres://root@127.0.0.1:5432/test node_modules/.bin/tsx bench/sessions.ts
 *
 * Default is in-memory PGlite, seeded fresh. With DATABASE_URL the data goes into that database as
 * one new event (migrations applied first) and is deleted at the end. Loopback only; a hard limit
 * stops it after 10 minutes.
 */
import { sql } from 'kysely';
import { buildApp } from '../apps/server/src/app';
import { signAccessToken } from '../apps/server/src/http/auth';
import { hardTimeLimit, openBenchServerParts } from './lib/bench-server';
import { measure, type Stats, startLoadChild } from './lib/http-load';

const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 2000);
const ATTENDEES = Number(process.env.BENCH_ATTENDEES ?? 50_000);
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
  const seeded = await seed(db);
  const seedSeconds = ((Date.now() - seedStart) / 1000).toFixed(1);
  console.error(`seeded ${SESSIONS} sessions, ${ATTENDEES} attendees in ${seedSeconds} s (${database.kind})`);

  const app = await buildApp({ config, db, dbKind: database.kind, mailer, now: () => new Date() });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  const base = `http://127.0.0.1:${address.port}/api/v1`;
  const headers = {
    authorization: `Bearer ${await signAccessToken(config.jwtSecret, { userId: seeded.userId })}`,
  };

  const probe = await fetch(`${base}/event/${seeded.eventId}/sessions`, { headers });
  const page = (await probe.json()) as { data?: { sessions: unknown[] } };
  if (probe.status !== 200 || !page.data) throw new Error(`sessions list answered ${probe.status}`);

  const child = startLoadChild();
  try {
    const targets = {
      health: { url: `${base}/health`, headers: {} },
      sessions: { url: `${base}/event/${seeded.eventId}/sessions`, headers },
    };
    const results: Record<string, Stats> = {};
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
    console.log(
      `| ${new Date().toISOString().slice(0, 10)} | sessions list (${SESSIONS} sessions, ${ATTENDEES} attendees, ` +
        `first page ${page.data.sessions.length} cards, ${list.bytesPerResponse} B), ${CONNECTIONS} conns × ${SECONDS} s | ` +
        `${database.kind} | list p50/p95/p99 ${f(list.p50)}/${f(list.p95)}/${f(list.p99)} ms, ${f(list.rps)} req/s; ` +
        `health p50/p95/p99 ${f(health.p50)}/${f(health.p95)}/${f(health.p99)} ms, ${f(health.rps)} req/s | ` +
        `p95 ratio list/health ${ratio.toFixed(1)}×; non-2xx ${list.non2xx + health.non2xx} |`,
    );
  } finally {
    child.kill();
    await app.close();
    await mailer.close();
    if (process.env.DATABASE_URL) {
      // Children first, in bulk: the cascade from the event would go row by row through them.
      await sql`DELETE FROM session_attendees WHERE session_id IN (SELECT id FROM sessions WHERE event_id = ${seeded.eventId})`.execute(
        db,
      );
      await sql`DELETE FROM session_people WHERE session_id IN (SELECT id FROM sessions WHERE event_id = ${seeded.eventId})`.execute(
        db,
      );
      await db.deleteFrom('events').where('id', '=', seeded.eventId).execute();
      await db.deleteFrom('users').where('id', '=', seeded.userId).execute();
    }
    await database.close();
  }
}

type Db = Awaited<ReturnType<typeof openBenchServerParts>>['db'];

/** Batched set-based inserts (generate_series): seconds, not minutes, even on PGlite. */
async function seed(db: Db): Promise<{ eventId: number; userId: number }> {
  const run = Date.now();
  const day0 = new Date(Date.UTC(new Date().getUTCFullYear() + 1, 0, 10, 9));
  const event = await db
    .insertInto('events')
    .values({
      name: `Bench conference ${run}`,
      event_type: 'hybrid',
      start_date: day0,
      real_sdt: day0,
      real_edt: new Date(day0.getTime() + 3 * 86_400_000),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const e = event.id;
  const type = await db
    .insertInto('participant_types')
    .values({ event_id: e, name: 'Attendee' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await sql`INSERT INTO tracks (event_id, name, color) SELECT ${e}, 'Track ' || i, '#336699' FROM generate_series(1, 8) i`.execute(
    db,
  );
  await sql`INSERT INTO locations (event_id, name, capacity) SELECT ${e}, 'Room ' || i, 400 FROM generate_series(1, 40) i`.execute(
    db,
  );
  const ids = await sql<{ t: number; l: number }>`
    SELECT (SELECT min(id) FROM tracks WHERE event_id = ${e}) AS t, (SELECT min(id) FROM locations WHERE event_id = ${e}) AS l`.execute(
    db,
  );
  const { t: track0, l: location0 } = ids.rows[0]!;

  await sql`
    INSERT INTO participants (event_id, email, name, surname, company, job_title, type_id)
    SELECT ${e}, 'bench-' || ${run}::text || '-' || i || '@foyer.test', 'Att' || i, 'Endee' || i,
           'Company ' || (i % 500), 'Engineer', ${type.id}
      FROM generate_series(1, ${ATTENDEES}) i`.execute(db);
  // 3 days × 18 half-hour starts; ~37 sessions in parallel, like a big conference.
  await sql`
    INSERT INTO sessions (event_id, name, description, sdt, edt, capacity, track_id, location_id, images)
    SELECT ${e}, 'Session ' || i, repeat('About topic ' || i || '. ', 12),
           ${day0}::timestamptz + ((i % 3) * interval '1 day') + (((i / 3) % 18) * interval '30 minutes'),
           ${day0}::timestamptz + ((i % 3) * interval '1 day') + (((i / 3) % 18) * interval '30 minutes') + interval '45 minutes',
           100 + (i % 5) * 50, ${track0} + (i % 8), ${location0} + (i % 40), '{"top_banner": "/banner.png"}'
      FROM generate_series(0, ${SESSIONS - 1}) i`.execute(db);
  const range = await sql<{ s0: number; p0: number }>`
    SELECT (SELECT min(id) FROM sessions WHERE event_id = ${e}) AS s0,
           (SELECT min(id) FROM participants WHERE event_id = ${e}) AS p0`.execute(db);
  const { s0, p0 } = range.rows[0]!;
  // Every 20th session has three bookable 15-minute slots.
  await sql`
    INSERT INTO sessions (event_id, parent_id, name, sdt, edt, capacity)
    SELECT ${e}, s.id, s.name || ' slot ' || k, s.sdt + (k - 1) * interval '15 minutes', s.sdt + k * interval '15 minutes', 20
      FROM sessions s, generate_series(1, 3) k
     WHERE s.event_id = ${e} AND s.parent_id IS NULL AND (s.id - ${s0}) % 20 = 0`.execute(db);
  await sql`
    INSERT INTO session_people (session_id, participant_id, role)
    SELECT s.id, ${p0} + ((s.id - ${s0}) * m.k + m.o) % ${ATTENDEES}, m.role
      FROM sessions s, (VALUES (17, 1, 'speaker'), (31, 2, 'speaker'), (43, 3, 'moderator')) m(k, o, role)
     WHERE s.event_id = ${e} AND s.parent_id IS NULL
    ON CONFLICT DO NOTHING`.execute(db);
  await sql`
    UPDATE participants SET is_speaker = true
     WHERE id IN (SELECT participant_id FROM session_people sp JOIN sessions s ON s.id = sp.session_id
                   WHERE s.event_id = ${e} AND sp.role = 'speaker')`.execute(db);
  // Three sessions per attendee: exactly 75 per session, within every capacity.
  await sql`
    INSERT INTO session_attendees (session_id, participant_id, status)
    SELECT ${s0} + ((p.id - ${p0}) * m.k + m.o) % ${SESSIONS}, p.id, 'joined'
      FROM participants p, (VALUES (1, 0), (7, 3), (13, 5)) m(k, o)
     WHERE p.event_id = ${e}
    ON CONFLICT DO NOTHING`.execute(db);
  await sql`
    UPDATE sessions s SET used_capacity = c.n
      FROM (SELECT session_id, count(*)::int AS n FROM session_attendees GROUP BY session_id) c
     WHERE c.session_id = s.id AND s.event_id = ${e}`.execute(db);

  // The caller: an attendee with a few sessions and a break, so collisions are really computed.
  const user = await db
    .insertInto('users')
    .values({ username: `bench-caller-${run}@foyer.test`, name: 'Bench', surname: 'Caller' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const me = await db
    .insertInto('participants')
    .values({
      event_id: e,
      user_id: user.id,
      email: `bench-caller-${run}@foyer.test`,
      name: 'Bench',
      surname: 'Caller',
      type_id: type.id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await sql`
    INSERT INTO session_attendees (session_id, participant_id, status)
    SELECT ${s0} + i * 37, ${me.id}, 'joined' FROM generate_series(0, 4) i`.execute(db);
  await sql`UPDATE sessions SET used_capacity = used_capacity + 1 WHERE id IN (SELECT ${s0} + i * 37 FROM generate_series(0, 4) i)`.execute(
    db,
  );
  await db
    .insertInto('participant_off')
    .values({
      participant_id: me.id,
      sdt: new Date(day0.getTime() + 3 * 3_600_000),
      edt: new Date(day0.getTime() + 4 * 3_600_000),
    })
    .execute();
  await sql`ANALYZE`.execute(db);
  return { eventId: e, userId: user.id };
}
