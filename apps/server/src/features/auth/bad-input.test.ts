import { afterEach, beforeEach, describe, it } from 'vitest';
import { makeUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helper';
import { badBodies, cookieHeader, expectAllRefused, login, TEST_PASSWORD } from './auth.testing';

/** Every identity route refuses bad input with a 4xx envelope and leaves the database as it was. */
describe('identity routes refuse bad input', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => t.close());

  async function signedIn() {
    await makeUser(t.ctx, { password: TEST_PASSWORD, username: 'ada@foyer.test' });
    return login(t.app, 'ada@foyer.test');
  }

  it('A5.01 A5.02 A5.04 POST auth/login', async () => {
    await makeUser(t.ctx, { password: TEST_PASSWORD, username: 'ada@foyer.test' });
    await expectAllRefused(
      t.app,
      t.ctx,
      badBodies('POST', '/api/v1/auth/login', { username: 'ada@foyer.test', password: TEST_PASSWORD }),
    );
  });

  it('A5.06 A5.16 A8.22 POST user/signup', async () => {
    await expectAllRefused(
      t.app,
      t.ctx,
      badBodies('POST', '/api/v1/user/signup', {
        provider: 'cognito',
        name: 'Ada',
        surname: 'Lovelace',
        email: 'ada@foyer.test',
        password: TEST_PASSWORD,
        consent: true,
      }),
    );
  });

  it('A7.07 GET user/token/refresh', async () => {
    const session = await signedIn();
    const headers = cookieHeader(session.refreshToken);
    const url = '/api/v1/user/token/refresh';
    await expectAllRefused(t.app, t.ctx, [
      { name: 'unknown query field', options: { method: 'GET', url: `${url}?foo=1`, headers } },
      { name: 'asUserId of a wrong type', options: { method: 'GET', url: `${url}?asUserId=abc`, headers } },
      { name: 'negative asUserId', options: { method: 'GET', url: `${url}?asUserId=-4`, headers } },
      {
        name: 'asUserId of 1 MB',
        options: { method: 'GET', url, query: { asUserId: '9'.repeat(1024 * 1024) }, headers },
      },
      {
        name: 'a cookie of 1 MB',
        options: { method: 'GET', url, headers: cookieHeader('x'.repeat(1024 * 1024)) },
      },
    ]);
  });

  it('POST auth/logout', async () => {
    const session = await signedIn();
    await expectAllRefused(
      t.app,
      t.ctx,
      badBodies('POST', '/api/v1/auth/logout', {}, cookieHeader(session.refreshToken)),
    );
  });

  it('A7.32 A5.17 A5.18 POST auth/forgot-password', async () => {
    await makeUser(t.ctx, { password: TEST_PASSWORD, username: 'ada@foyer.test' });
    await expectAllRefused(
      t.app,
      t.ctx,
      badBodies('POST', '/api/v1/auth/forgot-password', { username: 'ada@foyer.test' }),
    );
  });

  it('A7.33 A5.19 A5.20 A5.30 A5.31 POST auth/confirm-password', async () => {
    await makeUser(t.ctx, { password: TEST_PASSWORD, username: 'ada@foyer.test' });
    await expectAllRefused(t.app, t.ctx, [
      ...badBodies('POST', '/api/v1/auth/confirm-password', {
        username: 'ada@foyer.test',
        code: '123456',
        password: 'A new secret 1',
      }),
      {
        name: 'a code with letters',
        options: {
          method: 'POST',
          url: '/api/v1/auth/confirm-password',
          payload: { username: 'ada@foyer.test', code: '12a456', password: 'A new secret 1' },
        },
      },
    ]);
  });

  it('A5.21 POST auth/change-password', async () => {
    const session = await signedIn();
    await expectAllRefused(
      t.app,
      t.ctx,
      badBodies(
        'POST',
        '/api/v1/auth/change-password',
        { oldPassword: TEST_PASSWORD, newPassword: 'A new secret 1' },
        session.headers,
      ),
    );
  });

  it('A7.37 A7.36 POST auth/token-login', async () => {
    await expectAllRefused(
      t.app,
      t.ctx,
      badBodies('POST', '/api/v1/auth/token-login', { token: 'abc', 'fb-token': 'def' }),
    );
  });

  it('POST auth/token', async () => {
    const session = await signedIn();
    await expectAllRefused(t.app, t.ctx, badBodies('POST', '/api/v1/auth/token', {}, session.headers));
  });
});
