import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../../test/db';
import { call, createTestApp, type TestApp } from '../../test/helper';

/**
 * A write that meets another one where no code expected it (a unique index, a foreign key, a
 * deadlock) is answered 409 "try again", never 500: the transaction rolled back, nothing changed.
 * The real app with routes that fail the way such a race does.
 */
describe('write conflicts nobody expected are a 409, not a 500', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      routes: (app, { db }) => {
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
      },
    });
  });
  afterAll(() => t.close());

  it('a broken foreign key and a deadlock answer 409 with a sentence to act on; nothing was written', async () => {
    for (const url of ['/api/v1/test/foreign-key', '/api/v1/test/deadlock']) {
      const res = await call(t.app, { method: 'GET', url });
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
    const res = await call(t.app, { method: 'GET', url: '/api/v1/test/bug' });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ success: false, error: { code: 'MST-00500', msg: 'Unknown error' } });
  });
});
