import { afterEach, beforeEach, describe, it } from 'vitest';
import { makeUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helper';
import { pngDataUrl } from '../../../test/images';
import {
  type BadCase,
  badBodies,
  expectAllRefused,
  type LoggedIn,
  login,
  TEST_PASSWORD,
} from '../auth/auth.testing';

const ONE_MB = 'x'.repeat(1024 * 1024);

/** Every account route refuses bad input with a 4xx envelope and leaves the database as it was. */
describe('account routes refuse bad input', () => {
  let t: TestApp;
  let me: LoggedIn;
  beforeEach(async () => {
    t = await createTestApp();
    await makeUser(t.ctx, { password: TEST_PASSWORD, username: 'ada@foyer.test' });
    me = await login(t.app, 'ada@foyer.test');
  });
  afterEach(async () => t.close());

  const queryCases = (method: 'GET' | 'DELETE', url: string): BadCase[] => [
    { name: 'an unknown query field', options: { method, url, query: { foo: '1' }, headers: me.headers } },
    { name: 'a 1 MB query field', options: { method, url, query: { foo: ONE_MB }, headers: me.headers } },
  ];

  it('A7.05 GET user/profile', async () => {
    await expectAllRefused(t.app, t.ctx, queryCases('GET', '/api/v1/user/profile'));
  });

  it('A7.11 A5.24 PUT user/profile action profile', async () => {
    await expectAllRefused(
      t.app,
      t.ctx,
      badBodies(
        'PUT',
        '/api/v1/user/profile',
        { action: 'profile', name: 'Ada', surname: 'King', timezone: 'UTC', channels: { sms: '+1' } },
        me.headers,
      ),
    );
  });

  it('A4.23 PUT user/profile action timezone', async () => {
    await expectAllRefused(
      t.app,
      t.ctx,
      badBodies('PUT', '/api/v1/user/profile', { action: 'timezone', timezone: 'UTC' }, me.headers),
    );
  });

  it('A7.12 A5.33 E9.15 E5.63 A9.05 PUT user/profile action photo', async () => {
    await expectAllRefused(
      t.app,
      t.ctx,
      badBodies('PUT', '/api/v1/user/profile', { action: 'photo', image: pngDataUrl() }, me.headers),
    );
  });

  it('A7.13 PUT user/profile action notifications', async () => {
    await expectAllRefused(t.app, t.ctx, [
      ...badBodies(
        'PUT',
        '/api/v1/user/profile',
        { action: 'notifications', notificationPreferenceList: [{ type: 'poll', channels: ['email'] }] },
        me.headers,
      ),
      {
        name: 'an unknown notification type',
        options: {
          method: 'PUT',
          url: '/api/v1/user/profile',
          headers: me.headers,
          payload: { action: 'notifications', notificationPreferenceList: [{ type: 'spam', channels: [] }] },
        },
      },
    ]);
  });

  it('A7.14 A4.30 PUT user/profile action update_device_token', async () => {
    await expectAllRefused(
      t.app,
      t.ctx,
      badBodies(
        'PUT',
        '/api/v1/user/profile',
        { action: 'update_device_token', firebaseDeviceTokens: [{ deviceUID: 'd', token: 't' }] },
        me.headers,
      ),
    );
  });

  it('PUT user/profile with an unknown action', async () => {
    await expectAllRefused(
      t.app,
      t.ctx,
      badBodies('PUT', '/api/v1/user/profile', { action: 'promote_to_admin' }, me.headers),
    );
  });

  it('A7.15 GET user/email', async () => {
    await expectAllRefused(t.app, t.ctx, queryCases('GET', '/api/v1/user/email'));
  });

  it('A5.27 A5.28 POST user/email', async () => {
    await expectAllRefused(
      t.app,
      t.ctx,
      badBodies('POST', '/api/v1/user/email', { email: 'work@foyer.test' }, me.headers),
    );
  });

  it('A7.35 A5.30 A5.31 A7.34 POST user/email/confirm', async () => {
    await expectAllRefused(t.app, t.ctx, [
      ...badBodies('POST', '/api/v1/user/email/confirm', { email: 'work@foyer.test', code: '123456' }),
      {
        name: 'a code with letters',
        options: {
          method: 'POST',
          url: '/api/v1/user/email/confirm',
          payload: { email: 'work@foyer.test', code: 'abcdef' },
        },
      },
    ]);
  });

  it('A7.18 POST user/username', async () => {
    await expectAllRefused(
      t.app,
      t.ctx,
      badBodies('POST', '/api/v1/user/username', { username: 'work@foyer.test' }, me.headers),
    );
  });

  it('A7.17 DELETE user/email', async () => {
    const url = '/api/v1/user/email';
    await expectAllRefused(t.app, t.ctx, [
      ...queryCases('DELETE', url),
      { name: 'no email', options: { method: 'DELETE', url, headers: me.headers } },
      {
        name: 'a bad email',
        options: { method: 'DELETE', url, query: { email: 'nope' }, headers: me.headers },
      },
      {
        name: 'a 1 MB email',
        options: { method: 'DELETE', url, query: { email: `${ONE_MB}@foyer.test` }, headers: me.headers },
      },
      {
        name: 'an unknown field beside email',
        options: { method: 'DELETE', url, query: { email: 'ada@foyer.test', x: '1' }, headers: me.headers },
      },
    ]);
  });

  it('A7.10 A5.32 DELETE user', async () => {
    await expectAllRefused(
      t.app,
      t.ctx,
      badBodies('DELETE', '/api/v1/user', { confirm: 'delete', password: TEST_PASSWORD }, me.headers),
    );
  });
});
