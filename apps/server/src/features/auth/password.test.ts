import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeUser } from '../../../test/factories';
import { call, createTestApp, type TestApp } from '../../../test/helper';
import { cookieHeader, freshIp, login, TEST_PASSWORD } from './auth.testing';

const FORGOT = '/api/v1/auth/forgot-password';
const CONFIRM = '/api/v1/auth/confirm-password';
const CHANGE = '/api/v1/auth/change-password';
const NEW_PASSWORD = 'A brand new secret 2';
const MINUTE = 60_000;

describe('password reset and change', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => t.close());

  const forgot = (username: string) =>
    call(t.app, { method: 'POST', url: FORGOT, payload: { username }, remoteAddress: freshIp() });
  const confirm = (code: string, password = NEW_PASSWORD, username = 'ada@foyer.test') =>
    call(t.app, {
      method: 'POST',
      url: CONFIRM,
      payload: { username, code, password },
      remoteAddress: freshIp(),
    });

  async function mails() {
    return t.ctx.db.selectFrom('outbox').selectAll().orderBy('id').execute();
  }

  async function lastCode(): Promise<string> {
    const text = (await mails()).at(-1)?.body_text ?? '';
    const code = /\b(\d{6})\b/.exec(text)?.[1];
    if (!code) throw new Error(`no code in: ${text}`);
    return code;
  }

  const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('A7.30 A4.18 mails a 6-digit code and a link to the confirm page', async () => {
    await makeUser(t.ctx, { password: TEST_PASSWORD, username: 'ada@foyer.test' });
    const res = await forgot(' ADA@foyer.test');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: null });
    const [mail] = await mails();
    expect(mail?.recipient).toBe('ada@foyer.test');
    expect(mail?.body_text).toMatch(/\b\d{6}\b/);
    expect(mail?.body_text).toContain(
      `${t.ctx.config.publicUrl}/forgot-password-confirm?username=ada%40foyer.test`,
    );
    const code = await lastCode();
    const stored = await t.ctx.db.selectFrom('email_codes').selectAll().execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.code_hash).not.toContain(code); // only a digest is kept
  });

  it('A7.30 answers the same for an unknown e-mail and sends nothing (no account enumeration)', async () => {
    const res = await forgot('nobody@foyer.test');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: null });
    expect(await mails()).toEqual([]);
    expect(await t.ctx.db.selectFrom('email_codes').selectAll().execute()).toEqual([]);
  });

  it('A7.31 A4.20 sets the new password with the code and ends every session', async () => {
    await makeUser(t.ctx, { password: TEST_PASSWORD, username: 'ada@foyer.test' });
    const session = await login(t.app, 'ada@foyer.test');
    await forgot('ada@foyer.test');
    const res = await confirm(await lastCode());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: null });
    const refreshed = await call(t.app, {
      method: 'GET',
      url: '/api/v1/user/token/refresh',
      headers: cookieHeader(session.refreshToken),
    });
    expect(refreshed.status).toBe(401);
    const old = await call(t.app, {
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: 'ada@foyer.test', password: TEST_PASSWORD },
    });
    expect(old.body.error?.code).toBe('NotAuthorizedException');
    expect((await login(t.app, 'ada@foyer.test', NEW_PASSWORD)).user.username).toBe('ada@foyer.test');
  });

  it('a reset code works once only', async () => {
    await makeUser(t.ctx, { password: TEST_PASSWORD, username: 'ada@foyer.test' });
    await forgot('ada@foyer.test');
    const code = await lastCode();
    expect((await confirm(code)).status).toBe(200);
    const again = await confirm(code, 'Yet another secret 3');
    expect(again.status).toBe(400);
    expect(again.body.error?.code).toBe('CodeMismatchException');
  });

  it('a reset code is valid for 1 hour', async () => {
    await makeUser(t.ctx, { password: TEST_PASSWORD, username: 'ada@foyer.test' });
    const start = new Date('2030-01-01T10:00:00Z');
    t.setNow(start);
    await forgot('ada@foyer.test');
    const code = await lastCode();
    t.setNow(new Date(start.getTime() + 60 * MINUTE + 1000));
    const late = await confirm(code);
    expect(late.body.error?.code).toBe('CodeMismatchException');

    t.setNow(start);
    await forgot('ada@foyer.test');
    t.setNow(new Date(start.getTime() + 59 * MINUTE));
    expect((await confirm(await lastCode())).status).toBe(200);
  });

  it('answers CodeMismatchException for a wrong code and refuses even the right one after 5 wrong tries', async () => {
    await makeUser(t.ctx, { password: TEST_PASSWORD, username: 'ada@foyer.test' });
    await forgot('ada@foyer.test');
    const code = await lastCode();
    for (let i = 0; i < 5; i += 1) {
      const wrong = await confirm(otherCode(code));
      expect(wrong.status).toBe(400);
      expect(wrong.body.error?.code).toBe('CodeMismatchException');
    }
    expect((await confirm(code)).body.error?.code).toBe('CodeMismatchException');
  });

  it('a new code replaces the previous one: the old one is just a wrong code now', async () => {
    await makeUser(t.ctx, { password: TEST_PASSWORD, username: 'ada@foyer.test' });
    await forgot('ada@foyer.test');
    const first = await lastCode();
    await forgot('ada@foyer.test');
    const second = await lastCode();
    if (first !== second) expect((await confirm(first)).body.error?.code).toBe('CodeMismatchException');
    expect((await confirm(second)).status).toBe(200);
  });

  it('a wrong code for a known address answers exactly like any code for an unknown one (no enumeration)', async () => {
    await makeUser(t.ctx, { password: TEST_PASSWORD, username: 'ada@foyer.test' });
    await forgot('ada@foyer.test');
    const known = await confirm(otherCode(await lastCode()));
    const unknown = await confirm('123456', NEW_PASSWORD, 'nobody@foyer.test');
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect(known.body.error?.code).toBe('CodeMismatchException');
  });

  it('sends at most 5 codes per account an hour, still answering success', async () => {
    await makeUser(t.ctx, { password: TEST_PASSWORD, username: 'ada@foyer.test' });
    for (let i = 0; i < 6; i += 1) expect((await forgot('ada@foyer.test')).status).toBe(200);
    expect(await mails()).toHaveLength(5);
  });

  it('sends at most 5 codes an hour also when the requests come all at once', async () => {
    await makeUser(t.ctx, { password: TEST_PASSWORD, username: 'ada@foyer.test' });
    const answers = await Promise.all(Array.from({ length: 9 }, () => forgot('ada@foyer.test')));
    expect(answers.map((a) => a.status)).toEqual(Array(9).fill(200));
    expect(await mails()).toHaveLength(5);
    expect(await t.ctx.db.selectFrom('email_codes').select('id').execute()).toHaveLength(5);
  });

  it('A8.10 rate-limits forgot-password per client address', async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      const res = await call(t.app, {
        method: 'POST',
        url: FORGOT,
        payload: { username: 'a@foyer.test' },
        remoteAddress: ip,
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('A4.32 A4.33 A7.31 a reset code mailed to an address the account has since given up resets nothing', async () => {
    // Whoever reads the old mailbox (a former employer's, a compromised one) asked for a code while
    // it was the login name; the owner then moved to another address and removed the old one.
    await makeUser(t.ctx, { password: TEST_PASSWORD, username: 'ada@foyer.test' });
    const me = await login(t.app, 'ada@foyer.test');
    await forgot('ada@foyer.test');
    const stale = await lastCode();
    const account = (method: 'POST' | 'DELETE', url: string, payload?: Record<string, string>) =>
      call(t.app, { method, url: `/api/v1/user/${url}`, headers: me.headers, payload });
    await account('POST', 'email', { email: 'home@foyer.test' });
    expect(
      (await account('POST', 'email/confirm', { email: 'home@foyer.test', code: await lastCode() })).status,
    ).toBe(200);
    expect((await account('POST', 'username', { username: 'home@foyer.test' })).status).toBe(200);
    expect((await account('DELETE', 'email?email=ada%40foyer.test')).status).toBe(200);

    const res = await confirm(stale, NEW_PASSWORD, 'ada@foyer.test');
    expect(res.status).toBe(400);
    expect(res.body.error?.code).toBe('CodeMismatchException');
    expect((await login(t.app, 'home@foyer.test')).user.username).toBe('home@foyer.test');
    const refreshed = await call(t.app, {
      method: 'GET',
      url: '/api/v1/user/token/refresh',
      headers: cookieHeader(me.refreshToken),
    });
    expect(refreshed.status).toBe(200); // the owner's sessions were not ended either
  });

  it('a successful reset lifts a login lockout', async () => {
    await makeUser(t.ctx, { password: TEST_PASSWORD, username: 'ada@foyer.test' });
    for (let i = 0; i < 5; i += 1) {
      await call(t.app, {
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { username: 'ada@foyer.test', password: 'wrong-password-1' },
      });
    }
    await forgot('ada@foyer.test');
    await confirm(await lastCode());
    expect((await login(t.app, 'ada@foyer.test', NEW_PASSWORD)).user.username).toBe('ada@foyer.test');
  });

  it('A8.13 A8.15 change-password answers NotAuthorizedException "Incorrect old password"', async () => {
    await makeUser(t.ctx, { password: TEST_PASSWORD, username: 'ada@foyer.test' });
    const session = await login(t.app, 'ada@foyer.test');
    const res = await call(t.app, {
      method: 'POST',
      url: CHANGE,
      headers: session.headers,
      payload: { oldPassword: 'not-my-password', newPassword: NEW_PASSWORD },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({ code: 'NotAuthorizedException', msg: 'Incorrect old password' });
  });

  it('A5.23 A9.02 change-password and confirm-password refuse a new password without an uppercase letter and a digit', async () => {
    await makeUser(t.ctx, { password: TEST_PASSWORD, username: 'ada@foyer.test' });
    const me = await login(t.app, 'ada@foyer.test');
    for (const weak of ['only lowercase 1', 'NoDigitsAtAll']) {
      const change = await call(t.app, {
        method: 'POST',
        url: CHANGE,
        headers: me.headers,
        payload: { oldPassword: TEST_PASSWORD, newPassword: weak },
      });
      expect(change.status, weak).toBe(400);
      expect(change.body.error?.fields).toEqual({ newPassword: 'validation.error.password.rule' });
      await forgot('ada@foyer.test');
      const reset = await confirm(await lastCode(), weak);
      expect(reset.body.error?.fields).toEqual({ password: 'validation.error.password.rule' });
    }
    expect((await login(t.app, 'ada@foyer.test')).user.username).toBe('ada@foyer.test');
  });

  it('A5.21 A5.22 change-password sets the new password; other sessions end, this one stays', async () => {
    await makeUser(t.ctx, { password: TEST_PASSWORD, username: 'ada@foyer.test' });
    const here = await login(t.app, 'ada@foyer.test');
    const elsewhere = await login(t.app, 'ada@foyer.test');
    const short = await call(t.app, {
      method: 'POST',
      url: CHANGE,
      headers: here.headers,
      payload: { oldPassword: TEST_PASSWORD, newPassword: 'short' },
    });
    expect(short.body.error?.fields).toEqual({ newPassword: 'validation.error.password.min' });
    const res = await call(t.app, {
      method: 'POST',
      url: CHANGE,
      headers: { ...here.headers, ...cookieHeader(here.refreshToken) },
      payload: { oldPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD },
    });
    expect(res.status).toBe(200);
    const refreshWith = (token: string) =>
      call(t.app, { method: 'GET', url: '/api/v1/user/token/refresh', headers: cookieHeader(token) });
    expect((await refreshWith(here.refreshToken)).status).toBe(200);
    expect((await refreshWith(elsewhere.refreshToken)).status).toBe(401);
    expect((await login(t.app, 'ada@foyer.test', NEW_PASSWORD)).user.username).toBe('ada@foyer.test');
  });
});
