import type { ConnectedEmail } from '@foyer/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeUser } from '../../../test/factories';
import { call, createTestApp, type TestApp } from '../../../test/helper';
import { type LoggedIn, login, TEST_PASSWORD } from '../auth/auth.testing';

const EMAILS = '/api/v1/user/email';

describe('connected e-mails', () => {
  let t: TestApp;
  let me: LoggedIn;
  beforeEach(async () => {
    t = await createTestApp();
    await makeUser(t.ctx, { password: TEST_PASSWORD, username: 'ada@foyer.test' });
    me = await login(t.app, 'ada@foyer.test');
  });
  afterEach(async () => t.close());

  const add = (email: string) =>
    call<ConnectedEmail[]>(t.app, { method: 'POST', url: EMAILS, headers: me.headers, payload: { email } });
  const confirm = (email: string, code: string, headers: Record<string, string> = me.headers) =>
    call<ConnectedEmail>(t.app, {
      method: 'POST',
      url: `${EMAILS}/confirm`,
      headers,
      payload: { email, code },
    });
  const list = async () =>
    (await call<ConnectedEmail[]>(t.app, { method: 'GET', url: EMAILS, headers: me.headers })).body.data;

  async function lastMail() {
    const mail = await t.ctx.db.selectFrom('outbox').selectAll().orderBy('id', 'desc').executeTakeFirst();
    const code = /\b(\d{6})\b/.exec(mail?.body_text ?? '')?.[1] ?? '';
    return { mail, code };
  }

  it('A7.15 lists the primary address', async () => {
    expect(await list()).toEqual([{ email: 'ada@foyer.test', primary: true, confirmed: true }]);
  });

  it('A4.31 A7.16 A7.34 adds an address, mails a code and a link, and confirms it with the code', async () => {
    const res = await add(' Work@Foyer.test ');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { email: 'ada@foyer.test', primary: true, confirmed: true },
      { email: 'work@foyer.test', primary: false, confirmed: false },
    ]);
    const { mail, code } = await lastMail();
    expect(mail?.recipient).toBe('work@foyer.test');
    expect(mail?.body_text).toContain(
      `${t.ctx.config.publicUrl}/confirmEmail?email=work%40foyer.test&code=${code}`,
    );
    const ok = await confirm('work@foyer.test', code);
    expect(ok.status).toBe(200);
    expect(ok.body.data).toEqual({ email: 'work@foyer.test', primary: false, confirmed: true });
    expect((await list())?.[1]?.confirmed).toBe(true);
  });

  it('A2.50 confirms from the mailed link without being logged in', async () => {
    await add('work@foyer.test');
    const { code } = await lastMail();
    expect((await confirm('work@foyer.test', code, {})).status).toBe(200);
  });

  it('A2.52 A8.16 a wrong code answers CodeMismatchException and confirms nothing', async () => {
    await add('work@foyer.test');
    const { code } = await lastMail();
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const res = await confirm('work@foyer.test', wrong);
    expect(res.status).toBe(400);
    expect(res.body.error?.code).toBe('CodeMismatchException');
    expect((await list())?.[1]?.confirmed).toBe(false);
  });

  it('A5.29 A8.17 answers 409 MST-00130 for an address already connected', async () => {
    for (const email of ['ada@foyer.test', 'ADA@foyer.test']) {
      const res = await add(email);
      expect(res.status).toBe(409);
      expect(res.body.error).toEqual({ code: 'MST-00130', msg: 'E-mail is already connected' });
    }
  });

  it('refuses an address that belongs to another account', async () => {
    await makeUser(t.ctx, { password: TEST_PASSWORD, username: 'grace@foyer.test' });
    const res = await add('grace@foyer.test');
    expect(res.status).toBe(409);
    expect(res.body.error?.code).toBe('UsernameExistsException');
  });

  it('a pending address reserves nothing: its owner can still sign up with it', async () => {
    await add('grace@foyer.test');
    const { code } = await lastMail();
    const signup = await call(t.app, {
      method: 'POST',
      url: '/api/v1/user/signup',
      payload: {
        provider: 'cognito',
        name: 'Grace',
        surname: 'Hopper',
        email: 'grace@foyer.test',
        password: TEST_PASSWORD,
        consent: true,
      },
    });
    expect(signup.status).toBe(200);
    expect(await list()).toHaveLength(1);
    expect((await confirm('grace@foyer.test', code)).status).toBe(409);
  });

  it('A4.32 A7.18 makes a confirmed address primary: it becomes the login name', async () => {
    await add('work@foyer.test');
    await confirm('work@foyer.test', (await lastMail()).code);
    const res = await call<ConnectedEmail[]>(t.app, {
      method: 'POST',
      url: '/api/v1/user/username',
      headers: me.headers,
      payload: { username: 'work@foyer.test' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { email: 'work@foyer.test', primary: true, confirmed: true },
      { email: 'ada@foyer.test', primary: false, confirmed: true },
    ]);
    expect((await login(t.app, 'work@foyer.test')).user.username).toBe('work@foyer.test');
    const old = await call(t.app, {
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: 'ada@foyer.test', password: TEST_PASSWORD },
    });
    expect(old.body.error?.code).toBe('UserNotFoundException');
  });

  it('A4.32 A4.33 making an address primary while another tab removes it leaves a login name with its address', async () => {
    await add('work@foyer.test');
    await confirm('work@foyer.test', (await lastMail()).code);
    const [primary, removed] = await Promise.all([
      call(t.app, {
        method: 'POST',
        url: '/api/v1/user/username',
        headers: me.headers,
        payload: { username: 'work@foyer.test' },
      }),
      call(t.app, { method: 'DELETE', url: `${EMAILS}?email=work%40foyer.test`, headers: me.headers }),
    ]);
    // One of the two wins; the other is refused (removing the primary, or an address no longer there).
    expect([primary.status, removed.status].sort()).toEqual([200, primary.status === 200 ? 400 : 404].sort());
    const user = await t.ctx.db.selectFrom('users').select('username').executeTakeFirstOrThrow();
    const emails = await list();
    expect(emails?.find((e) => e.primary)?.email).toBe(user.username);
  });

  it('A7.18 refuses to make an unconfirmed or unknown address primary', async () => {
    await add('work@foyer.test');
    for (const username of ['work@foyer.test', 'other@foyer.test']) {
      const res = await call(t.app, {
        method: 'POST',
        url: '/api/v1/user/username',
        headers: me.headers,
        payload: { username },
      });
      expect(res.status).toBe(404);
      expect(res.body.error?.code).toBe('MST-00131');
    }
  });

  it('A4.33 A7.17 A8.18 E8.56 removes a secondary address but never the primary one', async () => {
    await add('work@foyer.test');
    const removed = await call<ConnectedEmail[]>(t.app, {
      method: 'DELETE',
      url: `${EMAILS}?email=work%40foyer.test`,
      headers: me.headers,
    });
    expect(removed.status).toBe(200);
    expect(removed.body.data).toEqual([{ email: 'ada@foyer.test', primary: true, confirmed: true }]);
    const primary = await call(t.app, {
      method: 'DELETE',
      url: `${EMAILS}?email=ada%40foyer.test`,
      headers: me.headers,
    });
    expect(primary.status).toBe(400);
    expect(primary.body.error?.code).toBe('MST-00132');
    const unknown = await call(t.app, {
      method: 'DELETE',
      url: `${EMAILS}?email=nope%40foyer.test`,
      headers: me.headers,
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error?.code).toBe('MST-00131');
  });

  it('caps connect codes at 5 an hour per account', async () => {
    for (let i = 0; i < 5; i += 1) expect((await add(`work${i}@foyer.test`)).status).toBe(200);
    const res = await add('work9@foyer.test');
    expect(res.status).toBe(429);
    expect(res.body.error?.code).toBe('MST-00429');
  });
});
