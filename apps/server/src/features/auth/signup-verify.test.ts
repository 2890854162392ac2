import type { LoginResult } from '@foyer/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../../test/helper';
import { freshIp, login, refreshCookie } from './auth.testing';

const SIGNUP = '/api/v1/user/signup';
const CONFIRM = '/api/v1/auth/confirm-signup';
const RESEND = '/api/v1/auth/resend-code';
const LOGIN = '/api/v1/auth/login';
const PASSWORD = 'Correct horse 1';

describe('e-mail verification at sign-up (issue 10)', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => t.close());

  const post = <T = unknown>(url: string, payload: Record<string, unknown>) =>
    call<T>(t.app, { method: 'POST', url, payload, remoteAddress: freshIp() });
  const signup = (email = 'ada@foyer.test', password = PASSWORD) =>
    post(SIGNUP, { provider: 'cognito', name: 'Ada', surname: 'Lovelace', email, password, consent: true });

  async function codes(to = 'ada@foyer.test'): Promise<string[]> {
    const rows = await t.ctx.db
      .selectFrom('outbox')
      .select('body_text')
      .where('recipient', '=', to)
      .orderBy('id')
      .execute();
    return rows.map((r) => /\b(\d{6})\b/.exec(r.body_text ?? '')?.[1] ?? '');
  }
  const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('an unconfirmed account cannot log in: the right password answers UserNotConfirmedException', async () => {
    await signup();
    const right = await post(LOGIN, { username: 'ada@foyer.test', password: PASSWORD });
    expect(right.status).toBe(400);
    expect(right.body.error?.code).toBe('UserNotConfirmedException');
    expect(refreshCookie(right.headers)).toBeUndefined();
    const wrong = await post(LOGIN, { username: 'ada@foyer.test', password: 'Wrong password 1' });
    expect(wrong.body.error?.code).toBe('NotAuthorizedException');
  });

  it('the mailed code confirms the address and logs in; later logins work', async () => {
    await signup();
    const [code] = await codes();
    const mail = await t.ctx.db.selectFrom('outbox').select('body_text').executeTakeFirstOrThrow();
    expect(mail.body_text).toContain(`/confirm-signup?username=ada%40foyer.test&code=${code}`);
    const res = await post<LoginResult>(CONFIRM, { username: ' ADA@foyer.test', code });
    expect(res.status).toBe(200);
    expect(res.body.data?.user.username).toBe('ada@foyer.test');
    expect(res.body.data?.accessToken).toBeTruthy();
    expect(refreshCookie(res.headers)).toBeTruthy();
    const emails = await t.ctx.db.selectFrom('user_emails').select('confirmed_at').execute();
    expect(emails[0]?.confirmed_at).not.toBeNull();
    expect((await login(t.app, 'ada@foyer.test', PASSWORD)).user.username).toBe('ada@foyer.test');
    // The code is spent.
    expect((await post(CONFIRM, { username: 'ada@foyer.test', code })).status).toBe(400);
  });

  it('a wrong code and an unknown address answer alike', async () => {
    await signup();
    const [code] = await codes();
    const wrong = await post(CONFIRM, { username: 'ada@foyer.test', code: otherCode(code!) });
    const unknown = await post(CONFIRM, { username: 'nobody@foyer.test', code: '123456' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error?.code).toBe('CodeMismatchException');
    expect(unknown.body).toEqual(wrong.body);
  });

  it('"send the code again" mails a new code that replaces the old; same answer for anyone', async () => {
    await signup();
    const again = await post(RESEND, { username: 'ada@foyer.test' });
    expect(again.body).toEqual({ success: true, data: null });
    const [first, second] = await codes();
    expect(second).toMatch(/^\d{6}$/);
    if (first !== second)
      expect((await post(CONFIRM, { username: 'ada@foyer.test', code: first })).status).toBe(400);
    expect((await post(CONFIRM, { username: 'ada@foyer.test', code: second })).status).toBe(200);
    // Confirmed accounts and unknown addresses get the same answer and no mail.
    expect((await post(RESEND, { username: 'ada@foyer.test' })).body).toEqual({ success: true, data: null });
    expect((await post(RESEND, { username: 'nobody@foyer.test' })).body).toEqual({
      success: true,
      data: null,
    });
    expect(await codes()).toHaveLength(2);
    expect(await codes('nobody@foyer.test')).toEqual([]);
  });

  it('sends at most 5 sign-up codes an hour per account and limits resend per client address', async () => {
    await signup();
    for (let i = 0; i < 6; i += 1) await post(RESEND, { username: 'ada@foyer.test' });
    expect(await codes()).toHaveLength(5);
    const ip = freshIp();
    let last = 0;
    for (let i = 0; i < 6; i += 1) {
      const res = await call(t.app, {
        method: 'POST',
        url: RESEND,
        payload: { username: 'x@foyer.test' },
        remoteAddress: ip,
      });
      last = res.status;
    }
    expect(last).toBe(429);
  });

  it('signing up again with an unconfirmed address is refused: log in (then confirm) or reset', async () => {
    await signup();
    const again = await signup('ada@foyer.test', 'Other password 2');
    expect(again.status).toBe(409);
    expect(again.body.error?.code).toBe('UsernameExistsException');
    expect(await codes()).toHaveLength(1);
  });

  it('a password reset by mailed code also confirms the address', async () => {
    await signup();
    await post('/api/v1/auth/forgot-password', { username: 'ada@foyer.test' });
    const reset = (await codes()).at(-1)!;
    const res = await post('/api/v1/auth/confirm-password', {
      username: 'ada@foyer.test',
      code: reset,
      password: 'Brand new secret 2',
    });
    expect(res.status).toBe(200);
    expect((await login(t.app, 'ada@foyer.test', 'Brand new secret 2')).user.username).toBe('ada@foyer.test');
  });

  it('A5.23 signup refuses a password without an uppercase letter or a digit', async () => {
    for (const password of ['all lower 12', 'NO DIGITS HERE']) {
      const res = await signup('ada@foyer.test', password);
      expect(res.status, password).toBe(400);
      expect(res.body.error?.fields).toEqual({ password: 'validation.error.password.rule' });
    }
    expect(await t.ctx.db.selectFrom('users').selectAll().execute()).toEqual([]);
  });
});
