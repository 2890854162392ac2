/**
 * Scale-out benchmark: the deployment of docs/deploy.md on loopback. Foyer server processes on one
 * PostgreSQL (DATABASE_URL) and one Redis (REDIS_URL) behind HAProxy; BENCH_CLIENTS (2,000) web-app
 * realtime clients in chat rooms of BENCH_ROOM_SIZE (10) connect through HAProxy, and one member per
 * room after another posts BENCH_RATE (200) messages/s for BENCH_SECONDS (15 s). It runs twice in
 * the same run: one process behind HAProxy (the baseline), then three, of which one is killed
 * (SIGKILL) halfway through the sending. Its clients reconnect through HAProxy to the others and
 * fetch what they missed (the seq catch-up of docs/decisions/002).
 *
 * Counted per recipient and message id: every message answered 200 must reach every other member of
 * its room exactly once. The row gives delivered/expected, duplicates, delivery p95 (messages sent
 * after the first 3 s) with one and with three processes and their ratio, and each process's RSS.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test REDIS_URL=redis://127.0.0.1:6379 \
 *     node_modules/.bin/tsx bench/scaleout.ts
 *
 * `BENCH_APP_CPU_PROFILE=dir` has each server process write a CPU profile into dir when it stops (the
 * killed one writes none). The kill's line on stderr gives its time on the monotonic clock in µs,
 * the clock of a profile's `startTime` and sample times, so the samples after it can be picked out.
 * The row also gives the CPU each part used from the kill until every client it dropped was back
 * (the reconnect wave).
 *
 * Without haproxy (`apt-get install haproxy`), DATABASE_URL or REDIS_URL it prints a row saying it
 * was skipped and exits 0. The seeded event is deleted at the end. Exit 1 when a message was lost
 * or delivered twice.
 */
import { mkdtempSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { hardTimeLimit, openBenchServerParts } from './lib/bench-server';
import { type ChatClient, removeChatEvent, seedChatEvent } from './lib/chat-seed';
import { type DeliveryStats, nextFromClients, startClients, type ToClients } from './lib/scaleout-clients';
import {
  type AppProcess,
  connectionsTo,
  cpuSeconds,
  findHaproxy,
  freePorts,
  HEALTH_PATH,
  haproxyConfig,
  machineBusySeconds,
  postgresCpuSeconds,
  rssMb,
  type SharedEnv,
  startApp,
  startHaproxy,
  stopProcess,
  waitHealthy,
} from './lib/scaleout-cluster';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 2000);
const ROOM_SIZE = Number(process.env.BENCH_ROOM_SIZE ?? 10);
const RATE = Number(process.env.BENCH_RATE ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const ATTENDEES = Number(process.env.BENCH_ATTENDEES ?? 50_000);
const PROCESSES = 3;
/** After the last send, how long the owed messages may take at most. */
const SETTLE_MS = 30_000;
const START_TIMEOUT_MS = 120_000;

const TITLE = `chat scale-out (\`bench/scaleout.ts\`): HAProxy, 1 vs ${PROCESSES} processes on one PostgreSQL + Redis, one killed mid-run`;
const date = () => new Date().toISOString().slice(0, 10);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join('/');

interface PhaseResult {
  processes: number;
  connectMs: number;
  connectFailed: number;
  stats: DeliveryStats;
  /** RSS of each process with every client connected, MB. */
  rss: number[];
  killed: string | null;
  /** CPU seconds used from the first send until the last delivery was counted. */
  cpu: Cpu;
  /** Open connections to each process (`connectionsTo`) once the clients subscribed, and at the end. */
  connections: { subscribed: (number | null)[]; end: (number | null)[] };
  /** CPU seconds by part from the kill until the clients it dropped were back. */
  wave: Wave | null;
}

interface Wave {
  /** From the kill until the last dropped client was back (or the run ended: `allBack` false). */
  seconds: number;
  allBack: boolean;
  survivors: number[];
  haproxy: number;
  clients: number;
  /** The PostgreSQL processes on this machine (0 when it runs elsewhere). */
  postgres: number;
  machine: number;
}

interface Cpu {
  apps: number[];
  haproxy: number;
  clients: number;
  /** The whole machine, whoever used it. */
  machine: number;
  /** Wall-clock seconds the measurement lasted. */
  wall: number;
}

function cpuNow(pids: (number | undefined)[]): number[] {
  return pids.map((pid) => cpuSeconds(pid) ?? Number.NaN);
}

/**
 * CPU by part from now until `back` (the clients say every dropped one is connected again):
 * `pids` are the surviving apps, then HAProxy, then the clients.
 */
async function measureWave(pids: (number | undefined)[], back: Promise<{ all: boolean }>): Promise<Wave> {
  const start = {
    own: cpuNow(pids),
    postgres: postgresCpuSeconds(),
    machine: machineBusySeconds(),
    at: Date.now(),
  };
  const { all } = await back;
  const own = cpuNow(pids).map((end, i) => end - (start.own[i] ?? Number.NaN));
  let postgres = 0;
  // A backend started during the wave counts from 0.
  for (const [pid, end] of postgresCpuSeconds()) postgres += end - (start.postgres.get(pid) ?? 0);
  return {
    seconds: (Date.now() - start.at) / 1000,
    allBack: all,
    survivors: own.slice(0, -2),
    haproxy: own.at(-2) ?? Number.NaN,
    clients: own.at(-1) ?? Number.NaN,
    postgres,
    machine: machineBusySeconds() - start.machine,
  };
}

await main();

async function main(): Promise<void> {
  const haproxy = findHaproxy();
  const databaseUrl = process.env.DATABASE_URL;
  const redisUrl = process.env.REDIS_URL;
  const missing = [
    haproxy ? null : 'haproxy is not installed (apt-get install haproxy)',
    databaseUrl ? null : 'DATABASE_URL is not set',
    redisUrl ? null : 'REDIS_URL is not set',
  ].filter(Boolean);
  if (!haproxy || !databaseUrl || !redisUrl) {
    console.log(`| ${date()} | ${TITLE} | — | skipped: ${missing.join('; ')} | — |`);
    return;
  }
  hardTimeLimit('bench/scaleout', (4 * SECONDS + 600) * 1000);

  const { config, database, db, mailer } = await openBenchServerParts();
  const seedStart = Date.now();
  const seeded = await seedChatEvent(db, {
    clients: CLIENTS,
    roomSize: ROOM_SIZE,
    attendees: ATTENDEES,
    jwtSecret: config.jwtSecret,
    label: 'scale',
  });
  console.error(
    `bench/scaleout: seeded ${Math.max(CLIENTS, ATTENDEES)} attendees, ${CLIENTS} clients in ${seeded.roomCount} rooms ` +
      `in ${((Date.now() - seedStart) / 1000).toFixed(1)} s`,
  );
  const dir = mkdtempSync(join(tmpdir(), 'foyer-scaleout-'));
  const shared: Omit<SharedEnv, 'PUBLIC_URL'> = {
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    // A prefix of its own: other deployments (and tests) on this Redis keep theirs.
    REDIS_PREFIX: `foyer-bench-${Date.now()}`,
    JWT_SECRET: config.jwtSecret,
    DATA_DIR: dir,
  };

  let failed = false;
  try {
    const one = await phase(haproxy, shared, seeded.clients, 1, false, dir);
    const three = await phase(haproxy, shared, seeded.clients, PROCESSES, true, dir);
    failed = [one, three].some((r) => r.stats.delivered !== r.stats.expected || r.stats.duplicates > 0);
    console.log(row(one, three));
  } finally {
    await mailer.close();
    await removeChatEvent(db, seeded);
    await database.close();
  }
  if (failed) {
    console.error('bench/scaleout: a message was lost or delivered twice (see the row)');
    process.exit(1);
  }
  process.exit(0);
}

/** One run: `count` processes behind a fresh HAProxy, the clients, the sending, and optionally the kill. */
async function phase(
  haproxy: string,
  shared: Omit<SharedEnv, 'PUBLIC_URL'>,
  clients: ChatClient[],
  count: number,
  kill: boolean,
  dir: string,
): Promise<PhaseResult> {
  const [front, ...ports] = await freePorts(count + 1);
  const url = `http://127.0.0.1:${front}`;
  const apps: AppProcess[] = ports.map((port, i) =>
    startApp(`app${i + 1}`, port, { ...shared, PUBLIC_URL: url }, dir),
  );
  let proxy: ReturnType<typeof startHaproxy> | undefined;
  const clientProcess = startClients();
  try {
    const started = Date.now();
    await Promise.all(
      apps.map((a) => waitHealthy(`http://127.0.0.1:${a.port}${HEALTH_PATH}`, START_TIMEOUT_MS, a.child)),
    );
    const config = haproxyConfig({
      bind: `127.0.0.1:${front}`,
      servers: apps.map((a) => ({ name: a.name, address: `127.0.0.1:${a.port}` })),
      maxconn: 8_000,
    });
    proxy = startHaproxy(haproxy, config, dir);
    await waitHealthy(`${url}${HEALTH_PATH}`, 10_000, proxy);
    console.error(
      `bench/scaleout: ${count} process(es) up in ${((Date.now() - started) / 1000).toFixed(1)} s behind ${url}`,
    );

    const ready = nextFromClients(clientProcess, 'ready');
    clientProcess.send({ kind: 'start', url, clients } satisfies ToClients);
    const connected = await ready;
    const rss = apps.map((a) => rssMb(a.child.pid) ?? Number.NaN);
    const subscribedConnections = apps.map((a) => connectionsTo(a.port));
    console.error(
      `bench/scaleout: ${clients.length - connected.failed}/${clients.length} clients subscribed in ` +
        `${(connected.connectMs / 1000).toFixed(1)} s; RSS ${rss.map((r) => r.toFixed(0)).join(' / ')} MB`,
    );

    const sending = nextFromClients(clientProcess, 'sending');
    const sent = nextFromClients(clientProcess, 'sent');
    clientProcess.send({ kind: 'send', rate: RATE, seconds: SECONDS } satisfies ToClients);
    const { at } = await sending;
    const pids = [...apps.map((a) => a.child.pid), proxy.pid, clientProcess.pid];
    const cpuStart = cpuNow(pids);
    const machineStart = machineBusySeconds();
    const wallStart = Date.now();
    let killed: string | null = null;
    let victimCpu = Number.NaN;
    let wave = null as Promise<Wave> | null;
    const victim = apps[1];
    const killTimer =
      kill && victim
        ? setTimeout(
            () => {
              victimCpu = cpuSeconds(victim.child.pid) ?? Number.NaN;
              victim.child.kill('SIGKILL');
              killed = victim.name;
              wave = measureWave(
                pids.filter((pid) => pid !== victim.child.pid),
                nextFromClients(clientProcess, 'back'),
              );
              clientProcess.send({ kind: 'killed', at: Date.now() } satisfies ToClients);
              console.error(
                `bench/scaleout: killed ${victim.name} (SIGKILL) at ${process.hrtime.bigint() / 1000n} µs of the monotonic clock`,
              );
            },
            Math.max(0, at + (SECONDS * 1000) / 2 - Date.now()),
          )
        : undefined;
    await sent;
    clearTimeout(killTimer);

    const result = nextFromClients(clientProcess, 'stats');
    clientProcess.send({ kind: 'settle', timeoutMs: SETTLE_MS } satisfies ToClients);
    const { stats } = await result;
    const waveUse = await wave;
    const endConnections = apps.map((a) => (a.name === killed ? 0 : connectionsTo(a.port)));
    const cpuEnd = cpuNow(pids);
    if (killed) cpuEnd[1] = victimCpu;
    const used = cpuEnd.map((end, i) => end - (cpuStart[i] ?? Number.NaN));
    const cpu: Cpu = {
      apps: used.slice(0, apps.length),
      haproxy: used[apps.length] ?? Number.NaN,
      clients: used[apps.length + 1] ?? Number.NaN,
      machine: machineBusySeconds() - machineStart,
      wall: (Date.now() - wallStart) / 1000,
    };
    console.error(`bench/scaleout: ${count} process(es): ${JSON.stringify({ stats, cpu })}`);
    return {
      processes: count,
      connectMs: connected.connectMs,
      connectFailed: connected.failed,
      stats,
      rss,
      killed,
      cpu,
      connections: { subscribed: subscribedConnections, end: endConnections },
      wave: waveUse,
    };
  } finally {
    clientProcess.kill();
    if (proxy) await stopProcess(proxy);
    await Promise.all(apps.map((a) => stopProcess(a.child)));
  }
}

/** NaN (no sample) arrives as null through the IPC channel. */
function ratio(value: number | null, base: number | null): string {
  return value === null || base === null || !Number.isFinite(value / base)
    ? '—'
    : `${(value / base).toFixed(2)}×`;
}

function cpu(c: Cpu): string {
  const s = (n: number) => n.toFixed(1);
  return (
    `app ${c.apps.map(s).join('/')}, HAProxy ${s(c.haproxy)}, clients ${s(c.clients)}, ` +
    `machine ${s(c.machine)} of ${s(c.wall * cpus().length)} in ${s(c.wall)} s`
  );
}

function waveCpu(w: Wave | null): string {
  if (!w) return '';
  const s = (n: number) => n.toFixed(1);
  return (
    `CPU s from the kill until ${w.allBack ? 'every dropped client was back' : 'the end (not all back)'} ` +
    `(${s(w.seconds)} s): surviving apps ${w.survivors.map(s).join('/')}, ` +
    `HAProxy ${s(w.haproxy)}, clients ${s(w.clients)}, PostgreSQL ${s(w.postgres)}, ` +
    `machine ${s(w.machine)} of ${s(w.seconds * cpus().length)}; `
  );
}

function connections(counts: (number | null)[]): string {
  return counts.map((n) => (n === null ? '—' : String(n))).join('/');
}

function failures(stats: DeliveryStats): string {
  const list = Object.entries(stats.failures).map(([reason, n]) => `${n}× ${reason}`);
  return list.length ? ` (${list.join(', ')})` : '';
}

function row(one: PhaseResult, three: PhaseResult): string {
  // NaN (no sample) arrives as null through the IPC channel.
  const f = (n: number | null) => (n === null || Number.isNaN(n) ? '—' : n.toFixed(1));
  const deliveries = (r: PhaseResult) =>
    `${r.stats.delivered}/${r.stats.expected} delivered, ${r.stats.duplicates} duplicates` +
    (r.stats.failed ? ` (${r.stats.failed} of ${RATE * SECONDS} sends failed)` : '');
  const a = one.stats;
  const b = three.stats;
  const result =
    `1 process: ${deliveries(one)}, p50/p95/p99 ${f(a.latency.p50)}/${f(a.latency.p95)}/${f(a.latency.p99)} ms; ` +
    `${three.processes} processes, ${three.killed ?? 'none'} killed at ${SECONDS / 2} s: ${deliveries(three)}, ` +
    `p50/p95/p99 ${f(b.latency.p50)}/${f(b.latency.p95)}/${f(b.latency.p99)} ms ` +
    `(before the kill p95 ${f(b.beforeKill.p95)} ms, from it on p95 ${f(b.afterKill.p95)} ms, max ${f(b.afterKill.max)} ms)`;
  const notes =
    `p95 ratio ${three.processes}/1 ${ratio(b.latency.p95, a.latency.p95)} ` +
    `(before the kill ${ratio(b.beforeKill.p95, a.latency.p95)}); ` +
    `${CLIENTS} clients (${one.connectFailed}/${three.connectFailed} failed to connect) in rooms of ${ROOM_SIZE}, ` +
    `${RATE} msg/s × ${SECONDS} s, ${Math.max(CLIENTS, ATTENDEES)} attendees; ` +
    `kill: ${b.dropped} clients dropped, back after p50 ${(b.reconnect.p50 / 1000).toFixed(1)} s, ` +
    `p95 ${(b.reconnect.p95 / 1000).toFixed(1)} s, all (${b.reconnect.count}) within ${(b.reconnect.max / 1000).toFixed(1)} s; ` +
    `failed sends: 1 process ${a.failed}${failures(a)}, ${three.processes} processes ${b.failed}${failures(b)}; ` +
    `${b.caughtUp} deliveries caught up after a reconnect, ${b.unanswered} of messages whose send failed; ` +
    `last owed message ${f(b.settleMs)} ms after the last send; ` +
    `RSS 1 process ${one.rss.map((r) => r.toFixed(0)).join('')} MB, ${three.processes} processes ` +
    `${three.rss.map((r) => r.toFixed(0)).join('/')} MB; CPU s while sending: ${cpu(one.cpu)} and ${cpu(three.cpu)}; ` +
    waveCpu(three.wave) +
    `connections per process (${three.processes} processes) once subscribed ${connections(three.connections.subscribed)}, ` +
    `at the end ${connections(three.connections.end)}; ` +
    `load avg ${load()}`;
  return `| ${date()} | ${TITLE} | postgres | ${result} | ${notes} |`;
}
