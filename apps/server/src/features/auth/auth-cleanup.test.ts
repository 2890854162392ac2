import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helper';
import {
  insertEmailCode,
  insertOneTimeToken,
  insertRefreshToken,
  recordLoginFailure,
} from './auth.repository';
import { TEST_PASSWORD } from './auth.testing';
import { pruneAuthRows } from './auth-cleanup';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

describe('pruning spent identity rows', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => t.close());

  it('deletes what nothing reads any more and keeps what still counts', async () => {
    const { db } = t.ctx;
    const now = t.ctx.now().getTime();
    const at = (offset: number) => new Date(now + offset);
    const user = await makeUser(t.ctx, { password: TEST_PASSWORD });

    await recordLoginFailure(db, 'x@foyer.test', at(-31 * MINUTE)); // outside the 30-minute window
    await recordLoginFailure(db, 'x@foyer.test', at(-5 * MINUTE)); // still counts for A9.46
    const code = { userId: user.id, email: 'x@foyer.test', purpose: 'reset' as const, at: at(-3 * DAY) };
    await insertEmailCode(db, { ...code, codeHash: 'old', expiresAt: at(-2 * DAY) });
    await insertEmailCode(db, { ...code, codeHash: 'new', expiresAt: at(30 * MINUTE) });
    const family = { userId: user.id, asUserId: null, familyId: '00000000-0000-4000-8000-000000000001' };
    await insertRefreshToken(db, { ...family, tokenHash: 'gone', expiresAt: at(-2 * DAY) });
    await insertRefreshToken(db, { ...family, tokenHash: 'recent', expiresAt: at(-1 * MINUTE) });
    await insertRefreshToken(db, { ...family, tokenHash: 'live', expiresAt: at(29 * DAY) });
    await insertOneTimeToken(db, { userId: user.id, tokenHash: 'ott-old', expiresAt: at(-2 * DAY) });
    await insertOneTimeToken(db, { userId: user.id, tokenHash: 'ott-new', expiresAt: at(DAY) });

    expect(await pruneAuthRows(t.ctx)).toEqual({
      loginFailures: 1,
      emailCodes: 1,
      refreshTokens: 1,
      oneTimeTokens: 1,
    });
    const left = async (table: 'login_failures' | 'email_codes' | 'refresh_tokens' | 'one_time_tokens') =>
      Number((await db.selectFrom(table).select(db.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    expect(await left('login_failures')).toBe(1);
    expect(await left('email_codes')).toBe(1);
    expect(await left('refresh_tokens')).toBe(2);
    expect(await left('one_time_tokens')).toBe(1);
    // A second run finds nothing more to do.
    expect(Object.values(await pruneAuthRows(t.ctx))).toEqual([0, 0, 0, 0]);
  });
});
