import type { LoginResult, LoginTokenResult, UserProfile } from '@foyer/contract';
import type { Transaction } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeUser } from '../../../test/factories';
import { useHeldTransactions } from '../../../test/held-transactions';
import { call, createTestApp, type TestApp } from '../../../test/helper';
import type { DB } from '../../db/schema';
import { verifyAccessToken } from '../../http/auth';
import { findUserById } from '../user/user.service';
import { findRefreshToken } from './auth.repository';
import { bearer, cookieHeader, login, refreshCookie, refreshCookieLine, TEST_PASSWORD } from './auth.testing';
import { endActingAs, rotateRefreshToken } from './session.service';
import { sha256 } from './tokens';

const REFRESH = '/api/v1/user/token/refresh';
const DAY = 86_400_000;

describe('sessions: refresh, logout, acting as, one-time login tokens', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => t.close());

  const refresh = (token: string | null, query = '') =>
    call<LoginResult>(t.app, {
      method: 'GET',
      url: `${REFRESH}${query}`,
      headers: token ? cookieHeader(token) : {},
    });

  it('A7.07 rotates the refresh token: the old one is used, the new one of the same family works', async () => {
    await makeUser(t.ctx, { password: TEST_PASSWORD, username: 'ada@foyer.test' });
    const session = await login(t.app, 'ada@foyer.test');
    const first = await refresh(session.refreshToken);
    expect(first.status).toBe(200);
    expect(first.body.data?.user.username).toBe('ada@foyer.test');
    const next = refreshCookie(first.headers);
    expect(next).toBeTruthy();
    expect(next).not.toBe(session.refreshToken);
    const rows = await t.ctx.db.selectFrom('refresh_tokens').selectAll().orderBy('id').execute();
    expect(rows).toHaveLength(2);
    expect(rows[0]?.used_at).not.toBeNull();
    expect(rows[1]?.used_at).toBeNull();
    expect(rows[1]?.family_id).toBe(rows[0]?.family_id);
    expect((await refresh(next ?? '')).status).toBe(200);
  });

  it('A4.04 revokes the whole family when a used refresh token comes back, and clears the cookie', async () => {
    await makeUser(t.ctx, { password: TEST_PASSWORD, username: 'ada@foyer.test' });
    const session = await login(t.app, 'ada@foyer.test');
    const rotated = refreshCookie((await refresh(session.refreshToken)).headers) ?? '';
    const replay = await refresh(session.refreshToken);
    expect(replay.status).toBe(401);
    expect(replay.body.error?.code).toBe('MST-00133');
    expect(refreshCookie(replay.headers)).toBeNull();
    // The thief's replay also ends the rightful holder's newer token.
    expect((await refresh(rotated)).status).toBe(401);
    const live = await t.ctx.db
      .selectFrom('refresh_tokens')
      .where('revoked_at', 'is', null)
      .selectAll()
      .execute();
    expect(live).toEqual([]);
  });

  it('lets at most one of two parallel refreshes with the same token through', async () => {
    await makeUser(t.ctx, { password: TEST_PASSWORD, username: 'ada@foyer.test' });
    const session = await login(t.app, 'ada@foyer.test');
    const results = await Promise.all([refresh(session.refreshToken), refresh(session.refreshToken)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 401]);
    const live = await t.ctx.db
      .selectFrom('refresh_tokens')
      .where('revoked_at', 'is', null)
      .selectAll()
      .execute();
    expect(live).toEqual([]); // treated as reuse: the family ends
  });

  it('A4.04 answers 401 without a cookie or with an unknown one', async () => {
    expect((await refresh(null)).status).toBe(401);
    expect((await refresh('made-up-token')).status).toBe(401);
  });

  it('refresh tokens live 30 days', async () => {
    await makeUser(t.ctx, { password: TEST_PASSWORD, username: 'ada@foyer.test' });
    const start = new Date('2030-01-01T00:00:00Z');
    t.setNow(start);
    const session = await login(t.app, 'ada@foyer.test');
    t.setNow(new Date(start.getTime() + 30 * DAY - 1000));
    const late = await refresh(session.refreshToken);
    expect(late.status).toBe(200);
    t.setNow(new Date(start.getTime() + 60 * DAY));
    expect((await refresh(refreshCookie(late.headers) ?? '')).status).toBe(401);
  });

  it('logout revokes the family and clears the cookie', async () => {
    await makeUser(t.ctx, { password: TEST_PASSWORD, username: 'ada@foyer.test' });
    const session = await login(t.app, 'ada@foyer.test');
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: cookieHeader(session.refreshToken),
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: null });
    expect(refreshCookieLine(res.headers)).toMatch(/Expires=Thu, 01 Jan 1970|Max-Age=0/);
    expect((await refresh(session.refreshToken)).status).toBe(401);
    // Logging out twice, or without a cookie, is harmless.
    expect((await call(t.app, { method: 'POST', url: '/api/v1/auth/logout' })).status).toBe(200);
  });

  it('A7.02 E7.02 protected routes answer 401 MST-00401 without a valid bearer token', async () => {
    const none = await call(t.app, { method: 'GET', url: '/api/v1/user/profile' });
    expect(none.status).toBe(401);
    expect(none.body.error?.code).toBe('MST-00401');
    const forged = await call(t.app, {
      method: 'GET',
      url: '/api/v1/user/profile',
      headers: bearer('a.b.c'),
    });
    expect(forged.status).toBe(401);
  });

  /** PGlite runs one transaction at a time: only PostgreSQL lets a refresh meet a revocation. */
  describe.skipIf(!process.env.TEST_DATABASE_URL)('beside a refresh in flight (PostgreSQL)', () => {
    const held = useHeldTransactions(() => t.ctx.db);

    /** Another device's refresh (session.service rotateRefreshToken) in flight, not committed yet. */
    function rotating(presented: string, next: string) {
      return async (trx: Transaction<DB>) => {
        const row = await findRefreshToken(trx, sha256(presented));
        if (!row) throw new Error('no such refresh token');
        const rotated = await rotateRefreshToken(trx, row, { token: next, asUserId: null, at: new Date() });
        expect(rotated).toEqual({ asUserId: null });
      };
    }

    it('A5.21 A8.15 a password change ends the other device’s session also when it was refreshing just then', async () => {
      await makeUser(t.ctx, { password: TEST_PASSWORD, username: 'ada@foyer.test' });
      const here = await login(t.app, 'ada@foyer.test');
      const stolen = await login(t.app, 'ada@foyer.test');
      const changed = await held.behind(rotating(stolen.refreshToken, 'stolen-next'), () =>
        call(t.app, {
          method: 'POST',
          url: '/api/v1/auth/change-password',
          headers: { ...here.headers, ...cookieHeader(here.refreshToken) },
          payload: { oldPassword: TEST_PASSWORD, newPassword: 'A brand new secret 2' },
        }),
      );
      expect(changed.status).toBe(200);
      expect((await refresh('stolen-next')).status).toBe(401);
      expect((await refresh(here.refreshToken)).status).toBe(200);
    });

    it('A6.04 A4.34 a refresh acting as a person whose account is being deleted goes back to the super user', async () => {
      const admin = await makeUser(t.ctx, {
        password: TEST_PASSWORD,
        username: 'root@foyer.test',
        superUser: true,
      });
      const attendee = await makeUser(t.ctx, { password: TEST_PASSWORD, username: 'ada@foyer.test' });
      const session = await login(t.app, 'root@foyer.test');
      const acting = await refresh(session.refreshToken, `?asUserId=${attendee.id}`);
      expect(acting.body.data?.user.id).toBe(attendee.id);
      // account.service deleteAccount's transaction in flight.
      const back = await held.behind(
        async (trx) => {
          await findUserById(trx, attendee.id, 'lock');
          await endActingAs(trx, attendee.id);
          await trx.deleteFrom('users').where('id', '=', attendee.id).execute();
        },
        () => refresh(refreshCookie(acting.headers) ?? ''),
      );
      expect(back.status).toBe(200);
      expect(back.body.data?.user.id).toBe(admin.id);
      expect(back.body.data?.actorId).toBeUndefined();
      expect((await refresh(refreshCookie(back.headers) ?? '')).body.data?.user.id).toBe(admin.id);
    });

    it('A4.05 logout ends the session also when another tab was refreshing it just then', async () => {
      await makeUser(t.ctx, { password: TEST_PASSWORD, username: 'ada@foyer.test' });
      const session = await login(t.app, 'ada@foyer.test');
      const out = await held.behind(rotating(session.refreshToken, 'tab-next'), () =>
        call(t.app, {
          method: 'POST',
          url: '/api/v1/auth/logout',
          headers: cookieHeader(session.refreshToken),
        }),
      );
      expect(out.status).toBe(200);
      expect((await refresh('tab-next')).status).toBe(401);
    });
  });

  describe('A6.04 A6.08 acting as another user', () => {
    it('lets a super user act as an attendee: sub is the attendee, act the super user', async () => {
      const admin = await makeUser(t.ctx, {
        password: TEST_PASSWORD,
        username: 'root@foyer.test',
        superUser: true,
      });
      const attendee = await makeUser(t.ctx, { password: TEST_PASSWORD, username: 'ada@foyer.test' });
      const session = await login(t.app, 'root@foyer.test');
      const res = await refresh(session.refreshToken, `?asUserId=${attendee.id}`);
      expect(res.status).toBe(200);
      expect(res.body.data?.user.id).toBe(attendee.id);
      expect(res.body.data?.actorId).toBe(admin.id);
      const claims = await verifyAccessToken(t.ctx.config.jwtSecret, res.body.data?.accessToken ?? '');
      expect(claims).toEqual({ userId: attendee.id, actorId: admin.id, sessionId: expect.any(String) });
      const profile = await call<UserProfile>(t.app, {
        method: 'GET',
        url: '/api/v1/user/profile',
        headers: bearer(res.body.data?.accessToken ?? ''),
      });
      expect(profile.body.data?.username).toBe('ada@foyer.test');

      // A plain refresh keeps acting; asking for one's own id ends it.
      const again = await refresh(refreshCookie(res.headers) ?? '');
      expect(again.body.data?.user.id).toBe(attendee.id);
      const back = await refresh(refreshCookie(again.headers) ?? '', `?asUserId=${admin.id}`);
      expect(back.body.data?.user.id).toBe(admin.id);
      expect(back.body.data?.actorId).toBeUndefined();
    });

    it('A6.04 A4.34 the account acted as being deleted sends the super user back to their own identity', async () => {
      const admin = await makeUser(t.ctx, {
        password: TEST_PASSWORD,
        username: 'root@foyer.test',
        superUser: true,
      });
      const attendee = await makeUser(t.ctx, { password: TEST_PASSWORD, username: 'ada@foyer.test' });
      const session = await login(t.app, 'root@foyer.test');
      const acting = await refresh(session.refreshToken, `?asUserId=${attendee.id}`);
      expect(acting.body.data?.user.id).toBe(attendee.id);
      const own = await login(t.app, 'ada@foyer.test');
      const deleted = await call(t.app, {
        method: 'DELETE',
        url: '/api/v1/user',
        headers: own.headers,
        payload: { confirm: 'delete', password: TEST_PASSWORD },
      });
      expect(deleted.status).toBe(200);
      const back = await refresh(refreshCookie(acting.headers) ?? '');
      expect(back.status).toBe(200);
      expect(back.body.data?.user.id).toBe(admin.id);
      expect(back.body.data?.actorId).toBeUndefined();
    });

    it('refuses acting to a user who is not a super user, and keeps their token usable', async () => {
      await makeUser(t.ctx, { password: TEST_PASSWORD, username: 'eve@foyer.test' });
      const victim = await makeUser(t.ctx, { password: TEST_PASSWORD, username: 'ada@foyer.test' });
      const session = await login(t.app, 'eve@foyer.test');
      const res = await refresh(session.refreshToken, `?asUserId=${victim.id}`);
      expect(res.status).toBe(403);
      expect(res.body.error?.code).toBe('MST-00403');
      expect((await refresh(session.refreshToken)).body.data?.user.username).toBe('eve@foyer.test');
    });

    it('refuses acting as another super user or a missing user', async () => {
      await makeUser(t.ctx, { password: TEST_PASSWORD, username: 'root@foyer.test', superUser: true });
      const other = await makeUser(t.ctx, {
        password: TEST_PASSWORD,
        username: 'root2@foyer.test',
        superUser: true,
      });
      const session = await login(t.app, 'root@foyer.test');
      expect((await refresh(session.refreshToken, `?asUserId=${other.id}`)).status).toBe(403);
      expect((await refresh(session.refreshToken, '?asUserId=999999')).status).toBe(404);
    });

    it('refuses account-level changes while acting', async () => {
      await makeUser(t.ctx, { password: TEST_PASSWORD, username: 'root@foyer.test', superUser: true });
      const attendee = await makeUser(t.ctx, { password: TEST_PASSWORD, username: 'ada@foyer.test' });
      const session = await login(t.app, 'root@foyer.test');
      const acting = await refresh(session.refreshToken, `?asUserId=${attendee.id}`);
      const headers = bearer(acting.body.data?.accessToken ?? '');
      const attempts = [
        {
          method: 'POST',
          url: '/api/v1/auth/change-password',
          payload: { oldPassword: 'x', newPassword: `Y${'y'.repeat(8)}9` },
        },
        { method: 'DELETE', url: '/api/v1/user', payload: { password: TEST_PASSWORD } },
        { method: 'POST', url: '/api/v1/user/email', payload: { email: 'new@foyer.test' } },
        { method: 'POST', url: '/api/v1/auth/token' },
      ] as const;
      for (const attempt of attempts) {
        const res = await call(t.app, { ...attempt, headers });
        expect(res.status, attempt.url).toBe(403);
      }
      expect(await t.ctx.db.selectFrom('users').select('id').execute()).toHaveLength(2);
    });
  });

  describe('A2.46 A7.36 one-time login tokens', () => {
    async function issueToken() {
      await makeUser(t.ctx, { password: TEST_PASSWORD, username: 'ada@foyer.test' });
      const session = await login(t.app, 'ada@foyer.test');
      const res = await call<LoginTokenResult>(t.app, {
        method: 'POST',
        url: '/api/v1/auth/token',
        headers: session.headers,
      });
      expect(res.status).toBe(200);
      return res.body.data as LoginTokenResult;
    }
    const tokenLogin = (payload: unknown) =>
      call<LoginResult>(t.app, {
        method: 'POST',
        url: '/api/v1/auth/token-login',
        payload: payload as object,
      });

    it('logs in once with the token (and an optional fb-token), like a login', async () => {
      const issued = await issueToken();
      expect(issued.url).toBe(`${t.ctx.config.publicUrl}/token-login?token=${issued.token}`);
      const stored = await t.ctx.db.selectFrom('one_time_tokens').select('token_hash').execute();
      expect(stored[0]?.token_hash).not.toBe(issued.token);
      const res = await tokenLogin({ token: issued.token, 'fb-token': 'device-token' });
      expect(res.status).toBe(200);
      expect(res.body.data?.user.username).toBe('ada@foyer.test');
      expect(refreshCookie(res.headers)).toBeTruthy();
      const again = await tokenLogin({ token: issued.token });
      expect(again.status).toBe(400);
      expect(again.body.error?.code).toBe('MST-00133');
    });

    it('expires the token after 15 minutes', async () => {
      const start = new Date('2030-01-01T00:00:00Z');
      t.setNow(start);
      const issued = await issueToken();
      t.setNow(new Date(start.getTime() + 15 * 60_000 + 1000));
      expect((await tokenLogin({ token: issued.token })).status).toBe(400);
    });

    it('A5.21 A8.15 A4.05 a session ended by a password change or logout mints no login link with its access token', async () => {
      await makeUser(t.ctx, { password: TEST_PASSWORD, username: 'ada@foyer.test' });
      const here = await login(t.app, 'ada@foyer.test');
      const stolen = await login(t.app, 'ada@foyer.test');
      const mint = (headers: Record<string, string>) =>
        call<LoginTokenResult>(t.app, { method: 'POST', url: '/api/v1/auth/token', headers });
      // A link the thief minted before, and the access token they still hold (valid 15 minutes).
      const early = await mint(stolen.headers);
      expect(early.status).toBe(200);
      const changed = await call(t.app, {
        method: 'POST',
        url: '/api/v1/auth/change-password',
        headers: { ...here.headers, ...cookieHeader(here.refreshToken) },
        payload: { oldPassword: TEST_PASSWORD, newPassword: 'A brand new secret 2' },
      });
      expect(changed.status).toBe(200);
      const late = await mint(stolen.headers);
      expect(late.status).toBe(401);
      expect(late.body.error?.code).toBe('MST-00133');
      expect((await tokenLogin({ token: early.body.data?.token })).status).toBe(400);
      // The session that changed the password goes on minting; after its logout it mints no more.
      expect((await mint(here.headers)).status).toBe(200);
      await call(t.app, {
        method: 'POST',
        url: '/api/v1/auth/logout',
        headers: cookieHeader(here.refreshToken),
      });
      expect((await mint(here.headers)).status).toBe(401);
      expect(
        await t.ctx.db.selectFrom('refresh_tokens').where('revoked_at', 'is', null).selectAll().execute(),
      ).toEqual([]);
    });

    it('creating a token needs a logged-in user', async () => {
      expect((await call(t.app, { method: 'POST', url: '/api/v1/auth/token' })).status).toBe(401);
    });
  });
});
