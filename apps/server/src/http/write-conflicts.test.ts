import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../../test/db';
import { call } from '../../test/helper';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createMailer } from '../mail/mailer';

/**
 * A write that meets another one where no code expected it (a unique index, a foreign key, a
 * deadlock) is answered 409 "try again", never 500: the transaction rolled back, nothing changed.
 * The real app with routes that fail the way such a race does.
 */
describe('write conflicts nobody expected are a 409, not a 500', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    const { db, kind } = await testDatabase();
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
      DATA_DIR: '/tmp/foyer-test-data',
    });
    const mailer = createMailer({ smtpUrl: undefined, from: config.mailFrom, db });
    app = await buildApp({ config, db, dbKind: kind, mailer, now: () => new Date() });
    // A note on a contact deleted meanwhile: its foreign key refuses it (23503).
    app.get('/api/v1/test/foreign-key', () =>
      db.transaction().execute(async (trx) => {
        await trx.insertInto('contact_notes').values({ contact_id: -1, note: 'orphan' }).execute();
      }),
    );
    // Two transactions that each hold what the other waits for: PostgreSQL ends one (40P01).
    app.get('/api/v1/test/deadlock', () =>
      sql`DO $$ BEGIN RAISE EXCEPTION USING ERRCODE = 'deadlock_detected'; END $$`.execute(db),
    );
    app.get('/api/v1/test/bug', () => {
      throw new Error('a plain bug');
    });
    app.addHook('onClose', () => mailer.close());
    await app.ready();
  });
  afterAll(() => app.close());

  it('a broken foreign key and a deadlock answer 409 with a sentence to act on; nothing was written', async () => {
    for (const url of ['/api/v1/test/foreign-key', '/api/v1/test/deadlock']) {
      const res = await call(app, { method: 'GET', url });
      expect(res.status, url).toBe(409);
      expect(res.body).toEqual({
        success: false,
        error: {
          code: 'MST-00409',
          msg: 'Someone changed this at the same moment. Nothing was saved: please try again.',
        },
      });
    }
    const { db } = await testDatabase();
    const orphans = await db.selectFrom('contact_notes').select('id').where('contact_id', '=', -1).execute();
    expect(orphans).toEqual([]);
  });

  it('any other failure is still a 500 without details', async () => {
    const res = await call(app, { method: 'GET', url: '/api/v1/test/bug' });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ success: false, error: { code: 'MST-00500', msg: 'Unknown error' } });
  });
});
