import type { ConnectedEmail } from '@foyer/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeUser } from '../../../test/factories';
import { useHeldTransactions } from '../../../test/held-transactions';
import { call, createTestApp, type TestApp } from '../../../test/helper';
import { waitFor } from '../../../test/smtp';
import { cookieHeader, type LoggedIn, login, TEST_PASSWORD } from '../auth/auth.testing';

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

  it('A2.52 a code for an address nobody is connecting answers as a wrong code does (no address is told apart)', async () => {
    await add('work@foyer.test');
    const { code } = await lastMail();
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const pending = await confirm('work@foyer.test', wrong);
    const unknown = await confirm('nobody-asked@foyer.test', wrong, {});
    expect(unknown.status).toBe(pending.status);
    expect(unknown.body.error).toEqual(pending.body.error);
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

  it('A4.31 A7.34 two accounts connecting one address at once: a signed-in person’s code confirms it for their own account only', async () => {
    // A shared mailbox (info@…): Ada and Bob add it at the same moment, each from their own account.
    // The mailbox gets both codes; Ada types the newest one (Bob's) in her settings.
    await add('info@foyer.test');
    await makeUser(t.ctx, { password: TEST_PASSWORD, username: 'bob@foyer.test' });
    const bob = await login(t.app, 'bob@foyer.test');
    const asBob = (method: 'GET' | 'POST', payload?: Record<string, string>) =>
      call<ConnectedEmail[]>(t.app, {
        method,
        url: EMAILS,
        headers: bob.headers,
        ...(payload ? { payload } : {}),
      });
    expect((await asBob('POST', { email: 'info@foyer.test' })).status).toBe(200);
    const { code: bobsCode } = await lastMail();
    const mixedUp = await confirm('info@foyer.test', bobsCode);
    // Not a "confirmed" on Ada's screen while the address went to Bob's account.
    expect(mixedUp.status).toBe(400);
    expect(mixedUp.body.error?.code).toBe('CodeMismatchException');
    expect(await list()).toEqual([{ email: 'ada@foyer.test', primary: true, confirmed: true }]);
    expect((await asBob('GET')).body.data).toEqual([
      { email: 'bob@foyer.test', primary: true, confirmed: true },
      { email: 'info@foyer.test', primary: false, confirmed: false },
    ]);
    // Ada asks again and confirms her own code; from the link, signed out, a code works as before.
    await add('info@foyer.test');
    const own = await confirm('info@foyer.test', (await lastMail()).code);
    expect(own.status).toBe(200);
    expect(own.body.data).toEqual({ email: 'info@foyer.test', primary: false, confirmed: true });
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

  it('A4.31 A4.32 A5.21 a session ended by a password change cannot add an address or make one primary with its access token', async () => {
    // A thief's device: its refresh token ends with the password change, its access token is still
    // valid for up to 15 minutes, which must not be enough to move the login name to their mailbox.
    const stolen = await login(t.app, 'ada@foyer.test');
    const as = (session: LoggedIn, method: 'POST', url: string, payload: Record<string, string>) =>
      call<ConnectedEmail[]>(t.app, { method, url, headers: session.headers, payload });
    await as(stolen, 'POST', EMAILS, { email: 'thief@foyer.test' });
    expect((await confirm('thief@foyer.test', (await lastMail()).code, stolen.headers)).status).toBe(200);
    const changed = await call(t.app, {
      method: 'POST',
      url: '/api/v1/auth/change-password',
      headers: { ...me.headers, ...cookieHeader(me.refreshToken) },
      payload: { oldPassword: TEST_PASSWORD, newPassword: 'A brand new secret 2' },
    });
    expect(changed.status).toBe(200);
    const primary = await as(stolen, 'POST', '/api/v1/user/username', { username: 'thief@foyer.test' });
    expect(primary.status).toBe(401);
    const added = await as(stolen, 'POST', EMAILS, { email: 'thief2@foyer.test' });
    expect(added.status).toBe(401);
    const user = await t.ctx.db.selectFrom('users').select('username').executeTakeFirstOrThrow();
    expect(user.username).toBe('ada@foyer.test');
    expect((await list())?.map((e) => e.email)).toEqual(['ada@foyer.test', 'thief@foyer.test']);
    // The owner's own session, which changed the password, goes on: the thief's address goes.
    const removed = await call(t.app, {
      method: 'DELETE',
      url: `${EMAILS}?email=thief%40foyer.test`,
      headers: me.headers,
    });
    expect(removed.status).toBe(200);
  });

  /** PGlite runs one transaction at a time: only PostgreSQL lets a confirm meet a removal. */
  describe.skipIf(!process.env.TEST_DATABASE_URL)('beside a removal in flight (PostgreSQL)', () => {
    const held = useHeldTransactions(() => t.ctx.db);

    it('A4.31 A4.33 an address removed while its code is being confirmed stays removed', async () => {
      await add('typo@foyer.test');
      const { code } = await lastMail();
      // removeEmail in flight: the account's row held and the address deleted; it forgets the
      // address's codes last, after the confirm spent its code.
      const removal = await held.hold(
        async (trx) => {
          await trx.selectFrom('users').select('id').where('id', '=', me.user.id).forUpdate().execute();
          await trx.deleteFrom('user_emails').where('email', '=', 'typo@foyer.test').execute();
        },
        async (trx) => {
          await trx.deleteFrom('email_codes').where('email', '=', 'typo@foyer.test').execute();
        },
      );
      const confirming = confirm('typo@foyer.test', code);
      await waitFor(async () => (await held.lockWaiters()) > 0, 10_000, 'the confirm waiting');
      removal.release();
      await removal.done;
      const res = await confirming;
      expect(res.status).toBe(404);
      expect(res.body.error?.code).toBe('MST-00131');
      expect(await list()).toEqual([{ email: 'ada@foyer.test', primary: true, confirmed: true }]);
    });
  });

  it('caps connect codes at 5 an hour per account', async () => {
    for (let i = 0; i < 5; i += 1) expect((await add(`work${i}@foyer.test`)).status).toBe(200);
    const res = await add('work9@foyer.test');
    expect(res.status).toBe(429);
    expect(res.body.error?.code).toBe('MST-00429');
  });
});
