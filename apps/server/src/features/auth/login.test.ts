import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeUser } from '../../../test/factories';
import { call, createTestApp, type TestApp } from '../../../test/helper';
import { freshIp, login, refreshCookie, refreshCookieLine, TEST_PASSWORD } from './auth.testing';
import { LOGIN_ADDRESS_FAILURES } from './login.service';

const LOGIN = '/api/v1/auth/login';
const SIGNUP = '/api/v1/user/signup';
const MINUTE = 60_000;

describe('login and signup', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => t.close());

  it('A1.03 A7.01 E7.01 answers accessToken and user and sets an httpOnly refresh cookie on /api/v1', async () => {
    const user = await makeUser(t.ctx, { password: TEST_PASSWORD, username: 'ada@foyer.test' });
    const res = await call<{ accessToken: string; user: { id: number } }>(t.app, {
      method: 'POST',
      url: LOGIN,
      payload: { username: 'ada@foyer.test', password: TEST_PASSWORD },
    });
    expect(res.status).toBe(200);
    expect(res.body.data?.accessToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(res.body.data?.user).toEqual({
      id: user.id,
      name: 'Ada',
      surname: 'Lovelace',
      username: 'ada@foyer.test',
      timezone: null,
    });
    const line = refreshCookieLine(res.headers);
    expect(line).toMatch(/HttpOnly/);
    expect(line).toMatch(/SameSite=Lax/);
    expect(line).toMatch(/Path=\/api\/v1/);
    expect(line).toMatch(/Max-Age=2592000/);
    expect(line).not.toMatch(/Secure/);
    const stored = await t.ctx.db.selectFrom('refresh_tokens').select('token_hash').execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.token_hash).not.toBe(refreshCookie(res.headers)); // stored hashed only
  });

  it('marks the refresh cookie Secure when PUBLIC_URL is https', async () => {
    const secure = await createTestApp({ env: { PUBLIC_URL: 'https://foyer.example' } });
    try {
      await makeUser(secure.ctx, { password: TEST_PASSWORD, username: 'ada@foyer.test' });
      const res = await call(secure.app, {
        method: 'POST',
        url: LOGIN,
        payload: { username: 'ada@foyer.test', password: TEST_PASSWORD },
      });
      expect(refreshCookieLine(res.headers)).toMatch(/Secure/);
    } finally {
      await secure.close();
    }
  });

  it('A5.03 lowercases and trims the username', async () => {
    await makeUser(t.ctx, { password: TEST_PASSWORD, username: 'grace@foyer.test' });
    const res = await call(t.app, {
      method: 'POST',
      url: LOGIN,
      payload: { username: '  Grace@FOYER.test ', password: TEST_PASSWORD },
    });
    expect(res.status).toBe(200);
  });

  it('A5.02 A5.05 E5.03 A9.01 refuses a malformed e-mail and a short password with field messages', async () => {
    const res = await call(t.app, {
      method: 'POST',
      url: LOGIN,
      payload: { username: 'nope', password: 'short' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error?.fields).toEqual({
      username: 'validation.error.email',
      password: 'validation.error.password.min',
    });
  });

  it('A8.05 answers UserNotFoundException for an e-mail without account', async () => {
    const res = await call(t.app, {
      method: 'POST',
      url: LOGIN,
      payload: { username: 'nobody@foyer.test', password: TEST_PASSWORD },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({ code: 'UserNotFoundException', msg: 'User does not exist.' });
  });

  it('A8.04 answers NotAuthorizedException for a wrong password, without echoing it', async () => {
    await makeUser(t.ctx, { password: TEST_PASSWORD, username: 'ada@foyer.test' });
    const res = await call(t.app, {
      method: 'POST',
      url: LOGIN,
      payload: { username: 'ada@foyer.test', password: 'wrong-password-1' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({
      code: 'NotAuthorizedException',
      msg: 'Incorrect username or password.',
    });
    expect(JSON.stringify(res.body)).not.toContain('wrong-password-1');
  });

  it('A8.03 A9.46 locks a username for 30 minutes after 5 failures, on every instance', async () => {
    await makeUser(t.ctx, { password: TEST_PASSWORD, username: 'ada@foyer.test' });
    const start = new Date('2030-01-01T10:00:00Z');
    t.setNow(start);
    const attempt = (app = t.app, password = 'wrong-password-1') =>
      call(app, { method: 'POST', url: LOGIN, payload: { username: 'ada@foyer.test', password } });
    for (let i = 0; i < 5; i += 1) {
      expect((await attempt()).body.error?.code).toBe('NotAuthorizedException');
    }
    const locked = await attempt(t.app, TEST_PASSWORD);
    expect(locked.status).toBe(429);
    expect(locked.body.error?.code).toBe('LimitedPasswordAttempts');
    expect(locked.body.error?.msg).toContain('Password attempts');
    expect(locked.body.error?.msg).toContain('30 minutes');

    // The count lives in the database, so a second server instance refuses too.
    const other = await createTestApp();
    try {
      other.setNow(new Date(start.getTime() + 29 * MINUTE));
      expect((await attempt(other.app, TEST_PASSWORD)).body.error?.code).toBe('LimitedPasswordAttempts');
    } finally {
      await other.close();
    }

    t.setNow(new Date(start.getTime() + 30 * MINUTE + 1000));
    expect((await attempt(t.app, TEST_PASSWORD)).status).toBe(200);
  });

  it('A9.46 guesses sent all at once get no more tries than guesses sent one by one', async () => {
    await makeUser(t.ctx, { password: TEST_PASSWORD, username: 'ada@foyer.test' });
    const guesses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        call(t.app, {
          method: 'POST',
          url: LOGIN,
          payload: { username: 'ada@foyer.test', password: `wrong-password-${i}` },
        }),
      ),
    );
    const codes = guesses.map((g) => g.body.error?.code);
    expect(codes.filter((c) => c === 'NotAuthorizedException')).toHaveLength(5);
    expect(codes.filter((c) => c === 'LimitedPasswordAttempts')).toHaveLength(7);
    // Locked now: the right password too is refused.
    const right = await call(t.app, {
      method: 'POST',
      url: LOGIN,
      payload: { username: 'ada@foyer.test', password: TEST_PASSWORD },
    });
    expect(right.status).toBe(429);
  });

  it('A9.46 counts failures per username: another account is not locked', async () => {
    await makeUser(t.ctx, { password: TEST_PASSWORD, username: 'ada@foyer.test' });
    await makeUser(t.ctx, { password: TEST_PASSWORD, username: 'grace@foyer.test' });
    for (let i = 0; i < 5; i += 1) {
      await call(t.app, {
        method: 'POST',
        url: LOGIN,
        payload: { username: 'ada@foyer.test', password: 'wrong-password-1' },
      });
    }
    expect((await login(t.app, 'grace@foyer.test')).user.username).toBe('grace@foyer.test');
  });

  it('rate-limits login per client address with a 429 envelope', async () => {
    const ip = freshIp();
    let last = { status: 0, code: '' };
    for (let i = 0; i < 31; i += 1) {
      const res = await call(t.app, {
        method: 'POST',
        url: LOGIN,
        remoteAddress: ip,
        payload: { username: `someone${i}@foyer.test`, password: TEST_PASSWORD },
      });
      last = { status: res.status, code: res.body.error?.code ?? '' };
    }
    expect(last).toEqual({ status: 429, code: 'MST-00429' });
  });

  it('a crowd signing in from one address (a venue) is not limited by its successes', async () => {
    const ip = freshIp();
    const crowd = LOGIN_ADDRESS_FAILURES + 10;
    for (let i = 0; i < crowd; i += 1) {
      await makeUser(t.ctx, { password: TEST_PASSWORD, username: `guest${i}@foyer.test` });
    }
    const statuses: number[] = [];
    for (let i = 0; i < crowd; i += 1) {
      const res = await call(t.app, {
        method: 'POST',
        url: LOGIN,
        remoteAddress: ip,
        payload: { username: `guest${i}@foyer.test`, password: TEST_PASSWORD },
      });
      statuses.push(res.status);
    }
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
  });

  it("failures from one address are limited whatever the names, and leave another address's alone", async () => {
    const ip = freshIp();
    await makeUser(t.ctx, { password: TEST_PASSWORD, username: 'ada@foyer.test' });
    for (let i = 0; i < LOGIN_ADDRESS_FAILURES; i += 1) {
      const res = await call(t.app, {
        method: 'POST',
        url: LOGIN,
        remoteAddress: ip,
        payload: { username: `guess${i}@foyer.test`, password: 'wrong-password-1' },
      });
      expect(res.status).toBe(400);
    }
    const blocked = await call(t.app, {
      method: 'POST',
      url: LOGIN,
      remoteAddress: ip,
      payload: { username: 'ada@foyer.test', password: TEST_PASSWORD },
    });
    expect([blocked.status, blocked.body.error?.code]).toEqual([429, 'MST-00429']);
    const elsewhere = await call(t.app, {
      method: 'POST',
      url: LOGIN,
      remoteAddress: freshIp(),
      payload: { username: 'ada@foyer.test', password: TEST_PASSWORD },
    });
    expect(elsewhere.status).toBe(200);
    // A minute later the address may try again.
    t.setNow(new Date(Date.now() + MINUTE + 1000));
    const later = await call(t.app, {
      method: 'POST',
      url: LOGIN,
      remoteAddress: ip,
      payload: { username: 'ada@foyer.test', password: TEST_PASSWORD },
    });
    expect(later.status).toBe(200);
  });

  const signup = {
    provider: 'cognito',
    name: 'Ada',
    surname: 'Lovelace',
    email: ' Ada@Foyer.test ',
    password: TEST_PASSWORD,
    consent: true,
  };

  it('A7.08 signup creates an unconfirmed account and mails a code; it does not log in yet', async () => {
    const res = await call<{ username: string; confirmationRequired: boolean }>(t.app, {
      method: 'POST',
      url: SIGNUP,
      payload: signup,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ username: 'ada@foyer.test', confirmationRequired: true });
    expect(refreshCookie(res.headers)).toBeUndefined();
    const emails = await t.ctx.db.selectFrom('user_emails').selectAll().execute();
    expect(emails).toMatchObject([{ email: 'ada@foyer.test', is_primary: true, confirmed_at: null }]);
    const [mail] = await t.ctx.db.selectFrom('outbox').selectAll().execute();
    expect(mail?.recipient).toBe('ada@foyer.test');
    expect(mail?.body_text).toMatch(/\b\d{6}\b/);
  });

  it('A5.16 refuses a provider other than cognito with MST-UI0001', async () => {
    for (const provider of ['google', undefined]) {
      const res = await call(t.app, { method: 'POST', url: SIGNUP, payload: { ...signup, provider } });
      expect(res.status).toBe(400);
      expect(res.body.error).toEqual({ code: 'MST-UI0001', msg: 'Invalid provider' });
    }
    expect(await t.ctx.db.selectFrom('users').selectAll().execute()).toEqual([]);
  });

  it('A8.08 answers 409 UsernameExistsException for an e-mail already registered', async () => {
    await makeUser(t.ctx, { password: TEST_PASSWORD, username: 'ada@foyer.test' });
    const res = await call(t.app, { method: 'POST', url: SIGNUP, payload: signup });
    expect(res.status).toBe(409);
    expect(res.body.error?.code).toBe('UsernameExistsException');
    expect(res.body.error?.msg).toContain('already exists');
  });

  it('A5.06 requires consent, name and surname at signup', async () => {
    const res = await call(t.app, {
      method: 'POST',
      url: SIGNUP,
      payload: { ...signup, consent: false, name: ' ', surname: '' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error?.fields).toMatchObject({
      name: 'validation.error.required',
      surname: 'validation.error.required',
      consent: 'validation.error.consent',
    });
  });
});
