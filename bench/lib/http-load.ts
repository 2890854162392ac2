/**
 * The load side of the HTTP benchmarks: autocannon in a child process (so server and load each get
 * a core), one latency sample per response. `startLoadChild()` forks this file; `measure()` runs one
 * load there and answers p50/p95/p99, req/s and bytes per response.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

/**
 * What Chromium offers over HTTPS: the server compresses JSON of 1 KB and more for it
 * (http/compression.ts). BENCH_ENC=identity measures the answers uncompressed.
 */
export const BROWSER_ENCODINGS = {
  'accept-encoding': process.env.BENCH_ENC ?? 'gzip, deflate, br, zstd',
} as const;

export interface Load {
  url: string;
  headers: Record<string, string>;
  /** POST bodies cycled by every connection; none = GET. */
  bodies?: string[];
  /** GET headers cycled by every connection (one caller's token each, say), added to `headers`. */
  headersEach?: Record<string, string>[];
  connections: number;
  seconds: number;
}

export interface Stats {
  requests: number;
  non2xx: number;
  errors: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  bytesPerResponse: number;
  /** The load generator's own CPU (user + system) per response, ms: its share of the machine. */
  loadCpuMs: number;
}

export interface Measured extends Stats {
  /**
   * The measuring process's CPU (user + system, all its threads) per answered request, ms: the
   * server's, when it runs in the bench's process (the load generator is a child).
   */
  serverCpuMs: number;
}

interface AutocannonInstance extends PromiseLike<{ errors: number; non2xx: number }> {
  on(event: 'response', listener: (client: unknown, status: number, bytes: number, ms: number) => void): void;
}
type Autocannon = (options: Record<string, unknown>) => AutocannonInstance;

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

async function runLoad(load: Load): Promise<Stats> {
  const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;
  const latencies: number[] = [];
  let bytes = 0;
  const cpuBefore = process.cpuUsage();
  type Request = { method: string; body?: string; headers?: Record<string, string> };
  const requests: Request[] | undefined = load.bodies
    ? load.bodies.map((body) => ({ method: 'POST', body }))
    : load.headersEach?.map((headers) => ({ method: 'GET', headers: { ...load.headers, ...headers } }));
  // autocannon starts every connection at the first request: all 50 would then ask the same body, or
  // as the same caller, at the same moment. Each connection starts at its own place in the list.
  let clients = 0;
  const instance = autocannon({
    url: load.url,
    headers: { ...load.headers, ...(load.bodies ? { 'content-type': 'application/json' } : {}) },
    connections: load.connections,
    duration: load.seconds,
    ...(requests
      ? {
          requests,
          setupClient: (client: { setRequests(r: Request[]): void }) => {
            const start = Math.floor(((clients++ % load.connections) * requests.length) / load.connections);
            client.setRequests([...requests.slice(start), ...requests.slice(0, start)]);
          },
        }
      : {}),
  });
  instance.on('response', (_client, _status, size, ms) => {
    latencies.push(ms);
    bytes += size;
  });
  const result = await instance;
  const cpu = process.cpuUsage(cpuBefore);
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    non2xx: result.non2xx,
    errors: result.errors,
    rps: latencies.length / load.seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    bytesPerResponse: latencies.length ? Math.round(bytes / latencies.length) : 0,
    loadCpuMs: (cpu.user + cpu.system) / 1000 / Math.max(1, latencies.length),
  };
}

export function startLoadChild(): ChildProcess {
  return fork(fileURLToPath(import.meta.url), ['--load'], { execArgv: ['--import', 'tsx'] });
}

export async function measure(child: ChildProcess, load: Load): Promise<Measured> {
  const before = process.cpuUsage();
  const stats = await new Promise<Stats>((resolve, reject) => {
    child.once('message', (answer) => resolve(answer as Stats));
    child.once('error', reject);
    child.send(load);
  });
  const used = process.cpuUsage(before);
  return { ...stats, serverCpuMs: (used.user + used.system) / 1000 / Math.max(1, stats.requests) };
}

if (process.argv.includes('--load')) {
  process.on('message', async (load: Load) => {
    process.send?.(await runLoad(load));
  });
}
