import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventListResult, LoginResult } from '@foyer/contract';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { exited, killServerProcesses, repoRoot, startServerProcess } from '../../test/server-process';
import { startSmtp, type TestSmtp, waitFor } from '../../test/smtp';
import { DEMO_PASSWORD, LOGINS } from '../seed/demo-content';

/**
 * Decision 010: a side effect whose write committed survives a crash. The real server runs as a
 * child process; FOYER_OUTBOX_PAUSE=1 (test-only) stops it from processing, so SIGKILL lands after
 * the commit and before the e-mail. Restarted without the hook, it sends the e-mail exactly once.
 */
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  killServerProcesses();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The outbox rows, read by a separate process (an embedded PGlite opened here would keep file handles open). */
function outboxRows(databaseUrl: string, pgliteDir: string): { type: string; state: string }[] {
  const script = `(async () => {
    const { openDatabase } = await import(${JSON.stringify(join(repoRoot, 'apps/server/src/db/database.ts'))});
    const { db, close } = await openDatabase(${JSON.stringify(databaseUrl ? { url: databaseUrl, dataDir: null } : { dataDir: pgliteDir })});
    const rows = await db.selectFrom('bus_outbox').select(['type', 'state']).orderBy('id').execute();
    await close();
    process.stdout.write(JSON.stringify(rows));
  })()`;
  const out = execFileSync(join(repoRoot, 'node_modules/.bin/tsx'), ['--eval', script], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  return JSON.parse(out) as { type: string; state: string }[];
}

async function json<T>(url: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(url, { ...init, headers: { 'content-type': 'application/json', ...init.headers } });
  const body = (await res.json()) as { success: boolean; data: T };
  if (!res.ok || !body.success) throw new Error(`${url}: ${res.status} ${JSON.stringify(body)}`);
  return body.data;
}

/** A fresh database on the PostgreSQL server of TEST_DATABASE_URL, or none (PGlite under DATA_DIR). */
async function databaseFor(): Promise<string> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return '';
  const name = `foyer_crash_${process.pid}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const drop = new pg.Client({ connectionString: base });
    await drop.connect();
    await drop.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await drop.end();
  });
  const target = new URL(base);
  target.pathname = `/${name}`;
  return target.toString();
}

describe(`durable outbox across a crash (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('E1.07 an e-mail whose write committed before SIGKILL is sent once after the restart', async () => {
    const smtp: TestSmtp = await startSmtp();
    cleanups.push(() => smtp.close());
    const dataDir = mkdtempSync(join(tmpdir(), 'foyer-crash-'));
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    const env = { DATA_DIR: dataDir, SMTP_URL: smtp.url, DATABASE_URL: await databaseFor() };

    const first = await startServerProcess({ ...env, FOYER_OUTBOX_PAUSE: '1' });
    const login = await json<LoginResult>(`${first.url}/api/v1/auth/login`, {
      method: 'POST',
      body: JSON.stringify({ username: LOGINS.attendee, password: DEMO_PASSWORD }),
    });
    const auth = { authorization: `Bearer ${login.accessToken}` };
    const events = await json<EventListResult>(`${first.url}/api/v1/event`, { headers: auth });
    const eventId = (events.events[0] ?? events.active[0])?.id;
    expect(eventId).toBeDefined();
    const sent = await json<{ sentTo: string }>(`${first.url}/api/v1/event/agenda/export`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ eventId }),
    });
    expect(sent.sentTo).toBe(LOGINS.attendee);
    // Committed, not processed: the crash comes now.
    first.process.kill('SIGKILL');
    await exited(first.process);
    expect(smtp.inbox).toHaveLength(0);

    const second = await startServerProcess(env);
    await waitFor(() => smtp.inbox.length >= 1, 30_000, 'the agenda e-mail');
    // A graceful stop waits for the processor to finish; then the row must be done and no second copy sent.
    second.process.kill('SIGTERM');
    await exited(second.process);
    expect(smtp.inbox.map((m) => m.to)).toEqual([[LOGINS.attendee]]);
    expect(smtp.inbox[0]?.raw).toContain('Subject: Your agenda');

    const rows = outboxRows(env.DATABASE_URL, `${dataDir}/pglite`);
    expect(rows.filter((r) => r.type === 'messages.send')).toEqual([
      { type: 'messages.send', state: 'done' },
    ]);
    expect(rows.filter((r) => r.state !== 'done')).toEqual([]);
  }, 300_000);
});
