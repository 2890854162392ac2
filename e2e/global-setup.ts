import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { SMTPServer } from 'smtp-server';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    mailDir: string;
    /** The test SMTP server, for a second app process whose mail the tests read too. */
    smtpUrl: string;
  }
}

const root = resolve(import.meta.dirname, '..');

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * Starts the real app once for all browser tests: the built SPA, a fresh PGlite data dir with the
 * demo seed, and a real SMTP server whose messages land as JSON files in `mailDir`.
 */
export default async function setup(project: TestProject) {
  // WEB_DIST lets parallel work build and test its own copy of the SPA; the default is the build.
  const webDist = process.env.WEB_DIST ? resolve(process.env.WEB_DIST) : join(root, 'apps/web/dist');
  if (!existsSync(join(webDist, 'index.html'))) {
    execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  }
  const work = mkdtempSync(join(tmpdir(), 'foyer-e2e-'));
  const mailDir = join(work, 'mail');
  mkdirSync(mailDir);
  let mailCount = 0;
  const smtp = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mailCount += 1;
        const to = session.envelope.rcptTo.map((r) => r.address);
        // Written under a dot-name and renamed, so a reader never sees half a file.
        const name = `${Date.now()}-${mailCount}.json`;
        writeFileSync(
          join(mailDir, `.${name}`),
          JSON.stringify({ to, raw: Buffer.concat(chunks).toString('utf8') }),
        );
        renameSync(join(mailDir, `.${name}`), join(mailDir, name));
        callback();
      });
    },
  });
  const smtpPort = await freePort();
  await new Promise<void>((ok) => smtp.listen(smtpPort, '127.0.0.1', ok));

  const port = await freePort();
  const baseURL = `http://localhost:${port}`;
  const server: ChildProcess = spawn(join(root, 'node_modules/.bin/tsx'), ['apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: join(work, 'data'),
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      PUBLIC_URL: baseURL,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
      WEB_DIST: webDist,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      const res = await fetch(`${baseURL}/api/v1/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('server did not become healthy in 120 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  project.provide('baseURL', baseURL);
  project.provide('mailDir', mailDir);
  project.provide('smtpUrl', `smtp://127.0.0.1:${smtpPort}`);

  return async () => {
    if (server.exitCode === null) {
      const exited = new Promise<void>((ok) => server.once('exit', () => ok()));
      server.kill('SIGTERM');
      // Given 5 s to close its connections and drain its outbox; then it is stopped for good.
      const forced = setTimeout(() => server.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(forced);
    }
    await new Promise<void>((ok) => smtp.close(() => ok()));
    rmSync(work, { recursive: true, force: true });
  };
}
