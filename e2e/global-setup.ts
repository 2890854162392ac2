import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { SMTPServer } from 'smtp-server';
import type { TestProject } from 'vitest/node';
import { freePort, startAppProcess } from './lib/app-process';
import { E2E_WORKERS, type WorkerApp } from './lib/workers';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One app per worker (lib/workers.ts); a test file uses its worker's (lib/browser.ts `workerApp`). */
    apps: WorkerApp[];
  }
}

const root = resolve(import.meta.dirname, '..');

/** A real SMTP server on loopback whose messages land as JSON files in `mailDir`. */
async function startMailServer(mailDir: string): Promise<{ url: string; close(): Promise<void> }> {
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
  const port = await freePort();
  await new Promise<void>((ok) => smtp.listen(port, '127.0.0.1', ok));
  return { url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((ok) => smtp.close(() => ok())) };
}

/**
 * Starts the real app once per worker (lib/workers.ts) for all browser tests: the built SPA, a fresh
 * PGlite data dir with the demo seed, and a real SMTP server of its own.
 */
export default async function setup(project: TestProject) {
  // WEB_DIST lets parallel work build and test its own copy of the SPA; the default is the build.
  const webDist = process.env.WEB_DIST ? resolve(process.env.WEB_DIST) : join(root, 'apps/web/dist');
  if (!existsSync(join(webDist, 'index.html'))) {
    execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  }
  const work = mkdtempSync(join(tmpdir(), 'foyer-e2e-'));
  const started = await Promise.all(
    Array.from({ length: E2E_WORKERS }, async (_, i) => {
      const mailDir = join(work, `mail-${i + 1}`);
      const mail = await startMailServer(mailDir);
      const app = await startAppProcess({
        dataDir: join(work, `data-${i + 1}`),
        env: { SMTP_URL: mail.url, SEED_DEMO: 'true' },
      });
      return { app, mail, provided: { baseURL: app.baseURL, mailDir, smtpUrl: mail.url } };
    }),
  );
  project.provide(
    'apps',
    started.map((s) => s.provided),
  );

  return async () => {
    // Each is given 5 s to close its connections and drain its outbox; then it is stopped for good.
    await Promise.all(started.map((s) => s.app.stop()));
    await Promise.all(started.map((s) => s.mail.close()));
    rmSync(work, { recursive: true, force: true });
  };
}
