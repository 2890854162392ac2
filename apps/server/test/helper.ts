import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { AppContext } from '../src/context';
import { createMailer } from '../src/mail/mailer';
import type { Realtime } from '../src/realtime/realtime';
import { testDatabase } from './db';

/** Apps built in this worker and not closed yet: their event processors must finish before a reset. */
const liveApps = new Set<FastifyInstance>();

/** Waits until no after-commit processor of any live test app is running (emptying the tables under it could deadlock). */
export async function settleLiveApps(): Promise<void> {
  await Promise.all([...liveApps].map((app) => app.bus.idle()));
}

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  /** Moves the injected clock. */
  setNow(date: Date): void;
  close(): Promise<void>;
}

/**
 * The test file's app: built before its tests, closed after them, its clock set to `now` (when given)
 * before each test. Use its fields inside tests (`t.app`, `t.ctx`), not at the file's top level.
 */
export function useTestApp(now?: Date): TestApp {
  let built: TestApp | undefined;
  const app = (): TestApp => {
    if (!built) throw new Error('The test app is built in beforeAll: use it inside a test');
    return built;
  };
  beforeAll(async () => {
    built = await createTestApp();
  });
  afterAll(async () => {
    await built?.close();
  });
  if (now) beforeEach(() => app().setNow(now));
  return {
    get app() {
      return app().app;
    },
    get ctx() {
      return app().ctx;
    },
    setNow: (date) => app().setNow(date),
    close: () => app().close(),
  };
}

/**
 * Builds the real app on the worker's test database. `routes` adds a test's own routes before the
 * app is ready (Fastify takes none after).
 */
export async function createTestApp(
  overrides: {
    smtpUrl?: string;
    env?: Record<string, string>;
    routes?: (app: FastifyInstance, ctx: AppContext) => void;
  } = {},
): Promise<TestApp> {
  const { db, kind } = await testDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
    DATA_DIR: '/tmp/foyer-test-data',
    ...(overrides.smtpUrl ? { SMTP_URL: overrides.smtpUrl } : {}),
    ...overrides.env,
  });
  let now: Date | null = null;
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db });
  const ctx: AppContext = { config, db, dbKind: kind, mailer, now: () => now ?? new Date() };
  const app = await buildApp(ctx);
  overrides.routes?.(app, ctx);
  await app.ready();
  liveApps.add(app);
  return {
    app,
    ctx,
    setNow(date) {
      now = date;
    },
    async close() {
      await app.bus.idle();
      liveApps.delete(app);
      await app.close();
      await mailer.close();
    },
  };
}

export interface Envelope<T = unknown> {
  success: boolean;
  data?: T;
  error?: { code: string; msg: string; fields?: Record<string, string> };
}

/** fastify.inject returning the parsed envelope and status. */
export async function call<T = unknown>(
  app: FastifyInstance,
  options: InjectOptions,
): Promise<{ status: number; body: Envelope<T>; headers: Record<string, unknown> }> {
  const response = await app.inject(options);
  let body: Envelope<T>;
  try {
    body = response.json() as Envelope<T>;
  } catch {
    body = { success: false, error: { code: 'NOT_JSON', msg: response.body.slice(0, 200) } };
  }
  return { status: response.statusCode, body, headers: response.headers };
}

/**
 * The test app's API as a person would call it: `/api/v1{url}` with `who`'s headers (null: signed
 * out), and a JSON payload when one is given. `t` may be a getter, for an app built in `beforeAll`.
 */
export function apiAs(t: Pick<TestApp, 'app'> | (() => Pick<TestApp, 'app'>)) {
  return <T = unknown>(
    who: { headers: Record<string, string> } | null,
    method: InjectOptions['method'],
    url: string,
    payload?: unknown,
  ) =>
    call<T>((typeof t === 'function' ? t() : t).app, {
      method,
      url: `/api/v1${url}`,
      headers: who?.headers ?? {},
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
}

/**
 * A realtime whose record writes fail, as a crash between a change and its record would: a change
 * announced in its own transaction must then not stay either (realtime/README.md, "Publishing").
 */
export function failingRealtime(t: TestApp): Realtime {
  const fail = async (): Promise<never> => {
    throw new Error('realtime insert failed');
  };
  return { ...t.app.realtime, pushed: async () => {}, publish: fail, publishAll: fail };
}

/**
 * The payloads of a room's records of one type, oldest first, once the bus has run what was
 * pending (the records processors write after a commit).
 */
export async function roomPayloads<P>(t: TestApp, room: string, type: string): Promise<P[]> {
  await t.app.bus.idle();
  const rows = await t.ctx.db
    .selectFrom('realtime_events')
    .select('payload')
    .where('room', '=', room)
    .where('type', '=', type)
    .orderBy('seq')
    .execute();
  return rows.map((r) => r.payload as P);
}
