/**
 * The server side of bench/scaleout.ts: Foyer server processes started the way docs/deploy.md
 * starts them (`tsx apps/server/src/main.ts` with the environment below, one port each), and HAProxy
 * in front of them with the configuration `haproxyConfig()` writes, which docs/deploy.md shows.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { closeSync, openSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { REALTIME_PATH } from '@foyer/contract';

export const HEALTH_PATH = '/api/v1/health';

/** Every process started here, ended when this process exits in any way (error, time limit). */
const started = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of started)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});
function track(child: ChildProcess): ChildProcess {
  started.add(child);
  child.once('exit', () => started.delete(child));
  return child;
}

export interface AppProcess {
  name: string;
  port: number;
  child: ChildProcess;
  logFile: string;
}

/** Everything every process of one deployment shares (docs/deploy.md, "Environment"). */
export interface SharedEnv {
  DATABASE_URL: string;
  REDIS_URL: string;
  REDIS_PREFIX: string;
  JWT_SECRET: string;
  PUBLIC_URL: string;
  DATA_DIR: string;
}

/** `haproxy` on the PATH (or in /usr/sbin, where Debian puts it), or null. */
export function findHaproxy(): string | null {
  for (const candidate of ['haproxy', '/usr/sbin/haproxy']) {
    try {
      execFileSync(candidate, ['-v'], { stdio: 'ignore' });
      return candidate;
    } catch {
      // not this one
    }
  }
  return null;
}

/** `count` loopback ports that were free a moment ago. */
export async function freePorts(count: number): Promise<number[]> {
  const servers = Array.from({ length: count }, () => createServer());
  const ports = await Promise.all(
    servers.map(
      (server) =>
        new Promise<number>((resolve, reject) => {
          server.once('error', reject);
          server.listen(0, '127.0.0.1', () => {
            const address = server.address();
            if (address && typeof address === 'object') resolve(address.port);
            else reject(new Error('no port'));
          });
        }),
    ),
  );
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}

/**
 * One server process. It is node itself (with tsx as a loader, which is what `npm start` runs), not
 * the tsx launcher, so that SIGKILL to this pid kills the server and not only a wrapper.
 */
/**
 * `BENCH_APP_CPU_PROFILE=dir`: each server process writes a CPU profile there when it ends (not the
 * one killed with SIGKILL). Node refuses `--cpu-prof` in NODE_OPTIONS, so it is passed here.
 */
function profileArgs(): string[] {
  const dir = process.env.BENCH_APP_CPU_PROFILE;
  return dir ? ['--cpu-prof', `--cpu-prof-dir=${dir}`] : [];
}

export function startApp(name: string, port: number, shared: SharedEnv, logDir: string): AppProcess {
  const logFile = join(logDir, `${name}.log`);
  const log = openSync(logFile, 'a');
  const child = track(
    spawn(process.execPath, [...profileArgs(), '--import', 'tsx', 'apps/server/src/main.ts'], {
      env: {
        ...process.env,
        ...shared,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        SEED_DEMO: 'false',
        TRUST_PROXY: 'true',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', log, log],
    }),
  );
  closeSync(log);
  return { name, port, child, logFile };
}

/** Waits until GET `url` answers 200; fails when `child` ends first or after `timeoutMs`. */
export async function waitHealthy(url: string, timeoutMs: number, child?: ChildProcess): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child && child.exitCode !== null) throw new Error(`${url}: the process ended (${child.exitCode})`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer 200 within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Ends a process and waits for it: SIGTERM (a graceful close), SIGKILL if it is still there later. */
export async function stopProcess(child: ChildProcess, graceMs = 10_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

/** Resident memory of a process in MB (Linux /proc), null when it is gone. */
export function rssMb(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/**
 * Open TCP connections to a local port (`ss`, Linux): behind HAProxy, one per client socket on that
 * process plus HAProxy's pooled HTTP connections and health check. Null when `ss` cannot tell.
 */
export function connectionsTo(port: number): number | null {
  try {
    const out = execFileSync('ss', ['-Htn', 'state', 'established', `( sport = :${port} )`], {
      encoding: 'utf8',
    });
    return out.split('\n').filter((line) => line.trim() !== '').length;
  } catch {
    return null;
  }
}

/** CPU time a process has used so far in seconds (user + system, Linux /proc), null when it is gone. */
export function cpuSeconds(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    // Fields after the command name (which is in parentheses and may hold spaces): utime is the 12th.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return null;
  }
}

/**
 * CPU seconds so far of each PostgreSQL server process on this machine, by pid (the postmaster and
 * its backends; none when the database runs elsewhere). A backend that ended is no longer counted.
 */
export function postgresCpuSeconds(): Map<number, number> {
  const found = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let command = '';
    try {
      command = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
    } catch {
      continue;
    }
    if (!/^(\S*\/)?postgres[:\s\0]/.test(command)) continue;
    const seconds = cpuSeconds(Number(entry));
    if (seconds !== null) found.set(Number(entry), seconds);
  }
  return found;
}

/** CPU time the whole machine has been busy so far (every core, every process), in seconds. */
export function machineBusySeconds(): number {
  const [, user, nice, system, , , irq, softirq, steal] = (
    readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? ''
  )
    .trim()
    .split(/\s+/)
    .map(Number);
  return (
    ((user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0) + (steal ?? 0)) / CLOCK_TICKS
  );
}

/** USER_HZ: 100 on Linux everywhere we run. */
const CLOCK_TICKS = 100;

/**
 * The HAProxy configuration of docs/deploy.md. WebSocket only (what the web app uses), so no sticky
 * sessions: any process can take any request or socket, and `leastconn` spreads long-lived sockets
 * evenly (also onto a process that just came back). A dead process refuses connections, and each is
 * retried at once on another (`option redispatch 1`) until three failed checks take it out.
 * A slow answer to a health check is not a failure before 5 s: a process that is merely busy
 * must not be taken out (with `on-marked-down shutdown-sessions` that would also cut its sockets,
 * and the reconnecting clients would make the others busier still).
 */
export function haproxyConfig(options: {
  bind: string;
  servers: { name: string; address: string }[];
  /** Open connections at most; each takes two file descriptors (client and server side). */
  maxconn: number;
}): string {
  return `global
    maxconn ${options.maxconn}

defaults
    mode http
    option forwardfor
    # A connection a process refuses is retried at once on another (not after 1 s on the same).
    option redispatch 1
    retries 3
    timeout connect 5s
    timeout client 60s
    timeout server 60s
    timeout http-request 10s
    timeout http-keep-alive 10s
    timeout queue 10s
    # Open WebSockets: socket.io pings every 25 s, so an idle tunnel lives on.
    timeout tunnel 1h

frontend foyer
    bind ${options.bind}
    # The servers trust X-Forwarded-For (TRUST_PROXY=true) for rate limits: only ours may set it.
    http-request del-header X-Forwarded-For
    # Realtime sockets and API requests are counted apart: in one backend every request would go to
    # the process holding the fewest sockets, however busy its requests keep it.
    use_backend foyer_realtime if { path_beg ${REALTIME_PATH} }
    default_backend foyer_app

backend foyer_app
    balance leastconn
    option httpchk GET ${HEALTH_PATH}
    http-check expect status 200
    # A busy process may take seconds to answer: down only after 3 checks of more than 5 s. A dead one
    # refuses at once: down after 3 checks, and meanwhile what it refuses goes to the others.
    timeout check 5s
    default-server check inter 2s fall 3 rise 2
${options.servers.map((s) => `    server ${s.name} ${s.address}`).join('\n')}

backend foyer_realtime
    balance leastconn
    # The same processes, up and down as foyer_app's checks find them.
${options.servers.map((s) => `    server ${s.name} ${s.address} track foyer_app/${s.name}`).join('\n')}
`;
}

/** Checks the configuration, then runs HAProxy in the foreground (ended with stopProcess). */
export function startHaproxy(haproxy: string, config: string, dir: string): ChildProcess {
  const file = join(dir, 'haproxy.cfg');
  writeFileSync(file, config);
  execFileSync(haproxy, ['-c', '-q', '-f', file]);
  const log = openSync(join(dir, 'haproxy.log'), 'a');
  const child = track(spawn(haproxy, ['-db', '-f', file], { stdio: ['ignore', log, log] }));
  closeSync(log);
  return child;
}
