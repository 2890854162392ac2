import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import * as Sentry from '@sentry/node';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../../test/db';
import { call } from '../../test/helper';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createMailer } from '../mail/mailer';
import { initCrashReports, scrubEvent } from './crash-reports';

/**
 * A stand-in for Sentry's ingestion host on loopback: the DSN points here, and every envelope the SDK
 * sends is kept as text.
 */
async function fakeIngest(): Promise<{ server: Server; dsn: string; origin: string; envelopes: string[] }> {
  const envelopes: string[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const gzip = req.headers['content-encoding'] === 'gzip';
      if (req.url?.startsWith('/api/1/envelope/')) {
        envelopes.push((gzip ? gunzipSync(body) : body).toString('utf8'));
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return { server, dsn: `http://publickey@127.0.0.1:${port}/1`, origin, envelopes };
}

/** The real app with one extra route that fails the way a bug would. */
async function appWith(env: Record<string, string>): Promise<FastifyInstance> {
  const { db, kind } = await testDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
    DATA_DIR: '/tmp/foyer-test-data',
    ...env,
  });
  await initCrashReports(config);
  const mailer = createMailer({ smtpUrl: undefined, from: config.mailFrom, db });
  const app = await buildApp({ config, db, dbKind: kind, mailer, now: () => new Date() });
  app.get('/api/v1/test/crash', async () => {
    throw new Error('database on fire');
  });
  app.addHook('onClose', () => mailer.close());
  await app.ready();
  return app;
}

const crash = (app: FastifyInstance) =>
  call(app, {
    method: 'GET',
    url: '/api/v1/test/crash?email=someone%40example.com',
    headers: { authorization: 'Bearer secret-token-123', cookie: 'refresh=secret-cookie-456' },
  });

describe('A2.64 server crash reports', () => {
  let ingest: Awaited<ReturnType<typeof fakeIngest>>;
  let app: FastifyInstance | undefined;
  beforeAll(async () => {
    ingest = await fakeIngest();
  });
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });
  afterAll(async () => {
    // The worker is shared with other test files (isolate: false): leave no client behind.
    await Sentry.close(2000);
    Sentry.getCurrentScope().setClient(undefined);
    await new Promise<void>((ok) => ingest.server.close(() => ok()));
  });

  // Runs first: the SDK must not be started at all without SENTRY_DSN.
  it('A2.64 A8.30 without SENTRY_DSN starts no SDK, serves no DSN and allows no extra origin', async () => {
    app = await appWith({});
    expect(Sentry.isInitialized()).toBe(false);
    const res = await crash(app);
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ success: false, error: { code: 'MST-00500', msg: 'Unknown error' } });
    const config = await call(app, { method: 'GET', url: '/api/v1/client-config' });
    expect(config.body).toEqual({ success: true, data: { sentryDsn: null } });
    const csp = String(config.headers['content-security-policy']);
    expect(csp).not.toContain(ingest.origin);
  });

  it('A2.64 A3.22 A8.32 with SENTRY_DSN reports a 500 without personal data, and still answers the envelope', async () => {
    app = await appWith({ SENTRY_DSN: ingest.dsn });
    expect(Sentry.isInitialized()).toBe(true);
    const res = await crash(app);
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ success: false, error: { code: 'MST-00500', msg: 'Unknown error' } });

    await expect.poll(() => ingest.envelopes.filter((e) => e.includes('"type":"event"')).length).toBe(1);
    const envelope = ingest.envelopes.find((e) => e.includes('"type":"event"')) ?? '';
    expect(envelope).toContain('database on fire');
    expect(envelope).toContain('/api/v1/test/crash');
    for (const secret of ['secret-token-123', 'secret-cookie-456', 'someone', 'example.com']) {
      expect(envelope).not.toContain(secret);
    }

    // Handled client errors (4xx) are not crashes.
    const missing = await call(app, { method: 'GET', url: '/api/v1/event/999999' });
    expect(missing.status).toBeGreaterThanOrEqual(400);
    expect(missing.status).toBeLessThan(500);
    await Sentry.flush(2000);
    expect(ingest.envelopes.filter((e) => e.includes('"type":"event"'))).toHaveLength(1);

    const config = await call(app, { method: 'GET', url: '/api/v1/client-config' });
    expect(config.body).toEqual({ success: true, data: { sentryDsn: ingest.dsn } });
    const connectSrc = String(config.headers['content-security-policy'])
      .split(';')
      .find((d) => d.trim().startsWith('connect-src'));
    expect(connectSrc).toContain(ingest.origin);
  });

  it('A2.64 strips credentials, cookies, bodies, query strings and the user from whatever an integration attached', () => {
    const event = scrubEvent({
      type: undefined,
      user: { ip_address: '203.0.113.9', email: 'someone@example.com' },
      request: {
        url: 'https://foyer.test/api/v1/user/login?token=abc',
        query_string: 'token=abc',
        cookies: { refresh: 'secret' },
        data: { password: 'hunter2' },
        headers: {
          Authorization: 'Bearer x',
          cookie: 'a=b',
          'X-Forwarded-For': '203.0.113.9',
          accept: 'json',
        },
      },
    });
    expect(event.user).toBeUndefined();
    expect(event.request).toEqual({
      url: 'https://foyer.test/api/v1/user/login',
      headers: { accept: 'json' },
    });
  });
});
