import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { SMTPServer } from 'smtp-server';
import type { TestProject } from 'vitest/node';
import { freePort, startAppProcess } from './lib/app-process';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    mailDir: string;
    /** The test SMTP server, for a second app process whose mail the tests read too. */
    smtpUrl: string;
  }
}

const root = resolve(import.meta.dirname, '..');

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

  const { baseURL, stop } = await startAppProcess({
    dataDir: join(work, 'data'),
    env: { SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, SEED_DEMO: 'true' },
  });
  project.provide('baseURL', baseURL);
  project.provide('mailDir', mailDir);
  project.provide('smtpUrl', `smtp://127.0.0.1:${smtpPort}`);

  return async () => {
    // Given 5 s to close its connections and drain its outbox; then it is stopped for good.
    await stop();
    await new Promise<void>((ok) => smtp.close(() => ok()));
    rmSync(work, { recursive: true, force: true });
  };
}
