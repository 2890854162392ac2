/**
 * Door benchmark (issue 14): scan → result latency at ten times a 7-lane peak. Seven lanes each
 * scanning one badge every 5 s is 1.4 scans/s; ×10 is BENCH_SCAN_RATE (14) scans/s for BENCH_SECONDS
 * (20 s), open loop (a scan is sent on schedule whether or not the last answered, as scanners do),
 * against one event with BENCH_ATTENDEES (50,000) tickets. Each scan is a different ticket drawn at
 * random (so some are scanned twice, as at a real door, and answer "already checked in"), typed the
 * way scanners and people send them (upper case, lower case, surrounding spaces). The baseline in
 * the same run is GET /health at the same rate. Afterwards the database must hold exactly one
 * check-in per distinct ticket that answered checkedIn: nothing is counted twice.
 *
 *   node_modules/.bin/tsx bench/door.ts
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node_modules/.bin/tsx bench/door.ts
 *
 * Prints a markdown row for bench/RESULTS.md. Loopback only; stops itself after 10 minutes.
 */
import { fork } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { signAccessToken } from '../apps/server/src/http/auth';
import {
  hardTimeLimit,
  listenBenchApp,
  openBenchServerParts,
  seedBenchEvent,
  seedBenchStaff,
} from './lib/bench-server';
import { percentile } from './lib/http-load';

const ATTENDEES = Number(process.env.BENCH_ATTENDEES ?? 50_000);
const RATE = Number(process.env.BENCH_SCAN_RATE ?? 14);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);

interface Shot {
  url: string;
  headers: Record<string, string>;
  body?: string;
}

interface Answered {
  ms: number;
  status: number;
  outcome?: string;
  ticketId?: string;
}

if (process.argv.includes('--door-load')) {
  process.on('message', async (plan: { shots: Shot[]; rate: number }) => {
    process.send?.(await openLoop(plan.shots, plan.rate));
  });
} else {
  await main();
  process.exit(process.exitCode ?? 0);
}

/** Sends `shots` at `rate` per second on a fixed schedule, not waiting for answers (open loop). */
async function openLoop(shots: Shot[], rate: number): Promise<Answered[]> {
  const start = performance.now();
  const pending: Promise<Answered>[] = [];
  for (let i = 0; i < shots.length; i++) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const shot = shots[i]!;
    const sent = performance.now();
    pending.push(
      fetch(shot.url, {
        method: shot.body ? 'POST' : 'GET',
        headers: { ...shot.headers, ...(shot.body ? { 'content-type': 'application/json' } : {}) },
        body: shot.body,
      }).then(async (res) => {
        const text = await res.text();
        const ms = performance.now() - sent;
        const parsed = shot.body
          ? (JSON.parse(text) as { data?: { outcome?: string; person?: { ticketId?: string } } })
          : {};
        return {
          ms,
          status: res.status,
          outcome: parsed.data?.outcome,
          ticketId: parsed.data?.person?.ticketId,
        };
      }),
    );
  }
  return Promise.all(pending);
}

function runInChild(shots: Shot[]): Promise<Answered[]> {
  const child = fork(fileURLToPath(import.meta.url), ['--door-load'], { execArgv: ['--import', 'tsx'] });
  return new Promise((resolve, reject) => {
    child.once('message', (answers) => {
      child.kill();
      resolve(answers as Answered[]);
    });
    child.once('error', reject);
    child.send({ shots, rate: RATE });
  });
}

function summary(answers: Answered[]) {
  const ms = answers.map((a) => a.ms).sort((a, b) => a - b);
  return {
    p50: percentile(ms, 50),
    p95: percentile(ms, 95),
    p99: percentile(ms, 99),
    non2xx: answers.filter((a) => a.status < 200 || a.status > 299).length,
  };
}

async function main(): Promise<void> {
  hardTimeLimit('bench/door');
  const parts = await openBenchServerParts();
  const { config, database, db } = parts;
  const run = Date.now();
  const seedStart = Date.now();
  const {
    eventId: e,
    typeIds: [typeId],
  } = await seedBenchEvent(db, `Door bench ${run}`, ['Attendee']);
  const type = { id: typeId! };
  await sql`
    INSERT INTO participants (event_id, email, name, surname, company, job_title, type_id, ticket_id)
    SELECT ${e}, 'door-' || ${run}::text || '-' || i || '@foyer.test', 'Guest' || i, 'Visitor' || i,
           'Company ' || (i % 500), 'Engineer', ${type.id}, 'D' || ${run % 100000}::text || 'T' || i
      FROM generate_series(1, ${ATTENDEES}) i`.execute(db);
  const staffUserId = await seedBenchStaff(
    db,
    e,
    { email: `door-staff-${run}@foyer.test`, name: 'Door', surname: 'Staff' },
    { type_id: type.id, check_in_admin: true },
  );
  console.error(
    `seeded ${ATTENDEES} tickets in ${((Date.now() - seedStart) / 1000).toFixed(1)} s (${database.kind})`,
  );

  const { app, api: base } = await listenBenchApp(parts);
  const headers = {
    authorization: `Bearer ${await signAccessToken(config.jwtSecret, { userId: staffUserId })}`,
  };

  // A deterministic draw (the same tickets every run): ~0.5 % of scans repeat a ticket.
  let seed = 42;
  const next = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed;
  };
  const count = RATE * SECONDS;
  const scans: Shot[] = [];
  for (let i = 0; i < count; i++) {
    // The high bits: an LCG's low bits repeat with a short period (a modulo drew ~46 % repeats).
    const n = 1 + Math.floor((next() / 2 ** 31) * Math.min(ATTENDEES, count * 20));
    const ticket = `D${run % 100000}T${n}`;
    const typed = i % 10 === 3 ? ` ${ticket} ` : i % 10 === 7 ? ticket.toLowerCase() : ticket;
    scans.push({
      url: `${base}/event/participant/checkIn`,
      headers,
      body: JSON.stringify({ eventId: e, entityType: 'event', checkIn: true, ticketId: typed }),
    });
  }
  // Warm-up: a few scans of tickets outside the draw, not measured.
  await runInChild(
    Array.from({ length: 20 }, (_, i) => ({
      url: `${base}/event/participant/checkIn`,
      headers,
      body: JSON.stringify({
        eventId: e,
        entityType: 'event',
        checkIn: true,
        ticketId: `D${run % 100000}T${ATTENDEES - i}`,
      }),
    })),
  );

  const load = loadavg()[0]!;
  const health = summary(
    await runInChild(Array.from({ length: count }, () => ({ url: `${base}/health`, headers: {} }))),
  );
  const cpuBefore = process.cpuUsage();
  const answers = await runInChild(scans);
  const cpu = process.cpuUsage(cpuBefore);
  const door = summary(answers);

  const outcomes = new Map<string, number>();
  for (const a of answers)
    outcomes.set(a.outcome ?? `http ${a.status}`, (outcomes.get(a.outcome ?? `http ${a.status}`) ?? 0) + 1);
  const checkedIn = new Set(answers.filter((a) => a.outcome === 'checkedIn').map((a) => a.ticketId));
  const rows = await sql<{ n: string }>`
    SELECT count(*) AS n FROM participants p
     WHERE p.event_id = ${e} AND p.check_in_admin = false
       AND EXISTS (SELECT 1 FROM checkins c WHERE c.participant_id = p.id AND c.checked_in)`.execute(db);
  const stored = Number(rows.rows[0]?.n ?? 0);

  await app.close();
  if (process.env.DATABASE_URL) {
    await sql`DELETE FROM events WHERE id = ${e}`.execute(db).catch(() => undefined);
  }
  await database.close();

  const fmt = (s: ReturnType<typeof summary>) =>
    `${s.p50.toFixed(1)}/${s.p95.toFixed(1)}/${s.p99.toFixed(1)} ms`;
  const counts = [...outcomes].map(([k, v]) => `${k} ${v}`).join(', ');
  // The 20 warm-up scans are in the store too.
  const twice =
    stored === checkedIn.size + 20
      ? 'none counted twice'
      : `STORED ${stored} ≠ ${checkedIn.size + 20} answered`;
  if (stored !== checkedIn.size + 20) process.exitCode = 1;
  console.log(
    `| ${new Date().toISOString().slice(0, 10)} | door scans (${ATTENDEES} tickets, ${RATE} scans/s open loop × ${SECONDS} s = 10× a 7-lane peak) | ${database.kind} | scan p50/p95/p99 ${fmt(door)}, non-2xx ${door.non2xx}; health at the same rate ${fmt(health)} | p95 ratio scan/health ${(door.p95 / health.p95).toFixed(1)}×, goal p95 ≤ 250 ms: ${door.p95 <= 250 ? 'met' : 'NOT met'}; ${((cpu.user + cpu.system) / 1000 / count).toFixed(2)} ms server CPU per scan; ${counts}; ${twice}; load avg ${load.toFixed(1)} |`,
  );
}
