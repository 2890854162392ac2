import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../test/helper';
import type { AppContext } from '../context';
import { isDatabaseUnavailable } from '../db/errors';

const UNAVAILABLE = {
  success: false,
  error: {
    code: 'MST-00503',
    msg: 'The service is briefly unavailable: please try again in a moment.',
  },
};

/** A slow query, and the errors node-postgres and the socket throw when the database is not there. */
function addRoutes(app: FastifyInstance, { db }: AppContext): void {
  app.get('/api/v1/test/slow', async () => {
    await sql`SELECT pg_sleep(30) AS slept /* database-unavailable.test */`.execute(db);
    return { success: true };
  });
  const failures: Record<string, () => Error> = {
    shutdown: () =>
      Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
    starting: () => Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
    slots: () => Object.assign(new Error('sorry, too many clients already'), { code: '53300' }),
    refused: () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    ended: () => new Error('Connection terminated unexpectedly'),
  };
  app.get<{ Params: { kind: string } }>('/api/v1/test/fail/:kind', async (request) => {
    throw (failures[request.params.kind] ?? (() => new Error('a plain bug')))();
  });
}

/**
 * A database that is not there to answer (restarting, failing over, out of connection slots) is a
 * 503 "try again", which the web app takes as "not reached" (it keeps what it shows and asks again),
 * not a 500 reported as a bug.
 */
describe('a database that does not answer is a 503, not a 500', () => {
  let t: TestApp;
  const app = () => t.app;
  beforeAll(async () => {
    t = await createTestApp({ routes: addRoutes });
  });
  afterAll(() => t.close());

  it('the errors of a database that is down, starting, full or cut off answer 503 with Retry-After', async () => {
    for (const kind of ['shutdown', 'starting', 'slots', 'refused', 'ended']) {
      const res = await call(app(), { method: 'GET', url: `/api/v1/test/fail/${kind}` });
      expect(res.status, kind).toBe(503);
      expect(res.headers['retry-after'], kind).toBe('5');
      expect(res.body, kind).toEqual(UNAVAILABLE);
    }
    const bug = await call(app(), { method: 'GET', url: '/api/v1/test/fail/bug' });
    expect(bug.status).toBe(500);
  });

  it('statements the database refuses are not "unavailable"', () => {
    for (const code of ['23505', '40P01', '42P01', '22P02', '57014']) {
      expect(isDatabaseUnavailable(Object.assign(new Error('refused'), { code })), code).toBe(false);
    }
    expect(isDatabaseUnavailable(null)).toBe(false);
    expect(isDatabaseUnavailable('Connection terminated')).toBe(false);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'a request whose connection PostgreSQL ends under it answers 503, and requests are served again (PostgreSQL)',
    async () => {
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      try {
        const pending = call(app(), { method: 'GET', url: '/api/v1/test/slow' });
        const backend = async () =>
          (
            await admin.query<{ pid: number }>(
              `SELECT pid FROM pg_stat_activity WHERE query LIKE '%database-unavailable.test%' AND pid <> pg_backend_pid()`,
            )
          ).rows[0]?.pid;
        await expect.poll(backend).toBeTypeOf('number');
        await admin.query('SELECT pg_terminate_backend($1)', [await backend()]);
        const res = await pending;
        expect(res.status).toBe(503);
        expect(res.body).toEqual(UNAVAILABLE);
      } finally {
        await admin.end();
      }
      // The pool may hand out the cut connection once more before its socket has closed (that
      // request is a 503 too); then it opens a new one.
      await expect
        .poll(async () => (await call(app(), { method: 'GET', url: '/api/v1/health' })).status)
        .toBe(200);
    },
  );
});
