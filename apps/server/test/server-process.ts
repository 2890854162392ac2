import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { waitFor } from './smtp';

/**
 * The real server (apps/server/src/main.ts) as a child process, for tests of what only a process
 * shows: a crash (SIGKILL), a stop (SIGTERM). Node itself runs it with tsx's loader (not the tsx
 * wrapper, which would survive as the parent of the real server): a signal must hit the server.
 */
export const repoRoot = resolve(import.meta.dirname, '../../..');

export interface ServerProcess {
  url: string;
  process: ChildProcess;
  /** What the process wrote (its log, stdout and stderr) so far. */
  output: () => string;
}

/** A free TCP port on loopback (asked of the kernel, then released). */
export function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => ok(port));
    });
  });
}

/**
 * Starts the server with these variables (over the test's own) and waits until it answers. It is
 * taken as started once it has said it listens on its URL (its output is always read for that): a free
 * port, released to be given to the child, may meanwhile be taken by another test's server, which
 * would answer the health check for a child still starting. A child that cannot have the port is
 * started again on another (three times at most).
 */
export async function startServerProcess(
  env: Record<string, string>,
  /** `pipe`: stderr is only kept (else it is also written to the test's stderr). */
  options: { output?: 'pipe' } = {},
): Promise<ServerProcess> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startOnce(env, options);
    } catch (error) {
      if (!(error instanceof PortTaken) || attempt === 3) throw error;
    }
  }
}

class PortTaken extends Error {}

async function startOnce(env: Record<string, string>, options: { output?: 'pipe' }): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      REDIS_URL: '',
      SEED_DEMO: 'true',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk;
  });
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk;
    if (options.output !== 'pipe') process.stderr.write(chunk); // as if inherited
  });
  const ready = `Foyer is running at ${url} `;
  const started = { url, process: child, output: () => output };
  running.push(child);
  await waitFor(
    async () => {
      if (child.exitCode !== null) {
        if (output.includes('EADDRINUSE')) throw new PortTaken(`port ${port} taken`);
        throw new Error(`server exited with ${child.exitCode}: ${output}`);
      }
      if (!output.includes(ready)) return false;
      try {
        return (await fetch(`${url}/api/v1/health`)).ok;
      } catch {
        return false;
      }
    },
    120_000,
    'the server to answer',
  );
  return started;
}

const running: ChildProcess[] = [];

/** SIGKILL to every server process started here that is still running (a test's afterEach). */
export function killServerProcesses(): void {
  for (const child of running.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
}

/** Resolves when the process has exited (at once if it has). */
export function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((ok) => child.once('exit', () => ok()));
}
