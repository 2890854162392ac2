import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { UserProfile } from '@foyer/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeUser } from '../../../test/factories';
import { call, createTestApp, failingRealtime, type TestApp } from '../../../test/helper';
import { PNG_1X1, pngBase64 } from '../../../test/images';
import { signAccessToken } from '../../http/auth';
import { cookieHeader, type LoggedIn, login, TEST_PASSWORD } from '../auth/auth.testing';
import { updateProfile } from './profile.service';
import { deleteUser } from './user.repository';

const PROFILE = '/api/v1/user/profile';

/** SOI, an APP0 segment, then a baseline frame header of the given size. */
function jpeg(width: number, height: number): string {
  const app0 = [0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0, 0, 1, 0, 1, 0, 0];
  const sof = [0xff, 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 255, width >> 8, width & 255, 3];
  return Buffer.from([0xff, 0xd8, ...app0, ...sof, ...new Array(12).fill(0), 0xff, 0xd9]).toString('base64');
}

describe('profile', () => {
  let t: TestApp;
  let me: LoggedIn;
  beforeEach(async () => {
    t = await createTestApp();
    await makeUser(t.ctx, { password: TEST_PASSWORD, username: 'ada@foyer.test' });
    me = await login(t.app, 'ada@foyer.test');
  });
  afterEach(async () => t.close());

  const put = (payload: object) =>
    call<UserProfile>(t.app, { method: 'PUT', url: PROFILE, headers: me.headers, payload });

  it('A7.05 A7.45 A3.01 A3.04 answers the profile with the server time, loaded and its matching query', async () => {
    const now = new Date('2030-05-01T12:00:00Z');
    t.setNow(now);
    const res = await call<UserProfile>(t.app, { method: 'GET', url: PROFILE, headers: me.headers });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      id: me.user.id,
      name: 'Ada',
      surname: 'Lovelace',
      username: 'ada@foyer.test',
      timezone: null,
      profilePhotoPath: null,
      channels: { sms: null },
      uiSettings: {},
      notificationPreferenceList: [],
      isSuperUser: false,
      now: now.toISOString(),
      loaded: true,
      query: 'ada lovelace ada@foyer.test',
    });
  });

  it('A7.10 A6.04 answers 401 to a token of a deleted account, or one acting as a deleted super user', async () => {
    const get = (token: string) =>
      call<UserProfile>(t.app, {
        method: 'GET',
        url: PROFILE,
        headers: { authorization: `Bearer ${token}` },
      });
    const actor = await makeUser(t.ctx, { superUser: true });
    const gone = await makeUser(t.ctx);
    const acting = await signAccessToken(t.ctx.config.jwtSecret, { userId: me.user.id, actorId: actor.id });
    expect((await get(acting)).body.data?.id).toBe(me.user.id);
    await deleteUser(t.ctx.db, gone.id);
    await deleteUser(t.ctx.db, actor.id);
    for (const token of [gone.token, acting]) {
      const res = await get(token);
      expect(res.status).toBe(401);
      expect(res.body.error?.code).toBe('MST-00401');
    }
    expect((await get('not-a-token')).status).toBe(401);
    expect((await call(t.app, { method: 'GET', url: PROFILE })).status).toBe(401);
  });

  it('A7.11 A5.24 A5.26 A3.03 action profile: name and surname required, timezone optional', async () => {
    const res = await put({
      action: 'profile',
      name: ' Augusta ',
      surname: 'King',
      channels: { sms: '+44 20 7946 0000' },
      uiSettings: { timezoneCheck: { userTimezone: 'Europe/London', localTimezone: 'Europe/Istanbul' } },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      name: 'Augusta',
      surname: 'King',
      timezone: null,
      channels: { sms: '+44 20 7946 0000' },
      uiSettings: { timezoneCheck: { userTimezone: 'Europe/London', localTimezone: 'Europe/Istanbul' } },
    });
    const missing = await put({ action: 'profile', name: '', surname: 'King' });
    expect(missing.status).toBe(400);
    expect(missing.body.error?.fields).toEqual({ name: 'validation.error.required' });
  });

  it('A3.02 A5.25 keeps the username read-only in the profile', async () => {
    const res = await put({ action: 'profile', name: 'Ada', surname: 'L', username: 'evil@foyer.test' });
    expect(res.status).toBe(400);
    const user = await t.ctx.db.selectFrom('users').select('username').executeTakeFirst();
    expect(user?.username).toBe('ada@foyer.test');
  });

  it('A4.23 A8.21 E8.54 action timezone sets an IANA zone and refuses an unknown one', async () => {
    expect((await put({ action: 'timezone', timezone: 'Europe/Istanbul' })).body.data?.timezone).toBe(
      'Europe/Istanbul',
    );
    const bad = await put({ action: 'timezone', timezone: 'Mars/Olympus' });
    expect(bad.status).toBe(400);
    expect(bad.body.error?.fields).toEqual({ timezone: 'validation.error.timezone' });
  });

  it('A7.12 A7.46 E7.90 action photo stores a png and serves it from /uploads', async () => {
    const res = await put({ action: 'photo', image: `data:image/png;base64,${PNG_1X1}` });
    expect(res.status).toBe(200);
    const path = res.body.data?.profilePhotoPath ?? '';
    expect(path).toMatch(new RegExp(`^/uploads/profile/${me.user.id}-[0-9a-f]+\\.png$`));
    const stored = await readFile(join(t.ctx.config.dataDir, path));
    expect(stored.equals(Buffer.from(PNG_1X1, 'base64'))).toBe(true);
    const served = await t.app.inject({ method: 'GET', url: path });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(stored)).toBe(true);

    // A new photo replaces the file of the old one.
    const next = await put({ action: 'photo', image: `data:image/jpeg;base64,${jpeg(700, 700)}` });
    expect(next.body.data?.profilePhotoPath).toMatch(/\.jpg$/);
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
    await expect(readFile(join(t.ctx.config.dataDir, path))).rejects.toThrow();
  });

  it('serves nothing outside DATA_DIR/uploads', async () => {
    await writeFile(join(t.ctx.config.dataDir, 'secret.txt'), 'top secret');
    for (const url of ['/uploads/../secret.txt', '/uploads/%2e%2e/secret.txt', '/uploads/..%2fsecret.txt']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.body, url).not.toContain('top secret');
    }
  });

  it('A5.33 A5.35 E9.16 A9.04 A8.33 A5.37 E9.17 E2.63 A9.06 refuses a non-image, a file over 2 MB and a photo over 700x700', async () => {
    const notImage = await put({
      action: 'photo',
      image: `data:image/png;base64,${Buffer.from('hello').toString('base64')}`,
    });
    expect(notImage.status).toBe(400);
    expect(notImage.body.error?.fields).toEqual({ image: 'account.photo.type' });
    const gif = await put({ action: 'photo', image: 'data:image/gif;base64,R0lGODlhAQABAAAAACw=' });
    expect(gif.status).toBe(400);
    const big = Buffer.alloc(2 * 1024 * 1024 + 1);
    Buffer.from(PNG_1X1, 'base64').copy(big);
    const large = await put({ action: 'photo', image: `data:image/png;base64,${big.toString('base64')}` });
    expect(large.status).toBe(400);
    expect(large.body.error?.msg).toContain('File is larger than 2 Mb.');
    const wide = await put({ action: 'photo', image: `data:image/png;base64,${pngBase64(701, 10)}` });
    expect(wide.status).toBe(400);
    expect(wide.body.error?.fields).toEqual({ image: 'account.photo.dimensions' });
    const user = await t.ctx.db.selectFrom('users').select('profile_photo_path').executeTakeFirst();
    expect(user?.profile_photo_path).toBeNull();
  });

  it('A7.13 A9.43 A9.44 action notifications: e-mail for every type, sms only for meeting reminders', async () => {
    const res = await put({
      action: 'notifications',
      notificationPreferenceList: [
        { type: 'meeting_reminder', channels: ['email', 'sms'] },
        { type: 'announcement', channels: [] },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.data?.notificationPreferenceList).toEqual([
      { type: 'meeting_reminder', channels: ['email', 'sms'] },
      { type: 'announcement', channels: [] },
    ]);
    const sms = await put({
      action: 'notifications',
      notificationPreferenceList: [{ type: 'poll', channels: ['sms'] }],
    });
    expect(sms.status).toBe(400);
    expect(sms.body.error?.fields).toEqual({
      'notificationPreferenceList.0.channels': 'validation.error.channel',
    });
  });

  it('A7.14 A4.30 A7.38 action update_device_token needs deviceUID and token; a device keeps one token', async () => {
    const ok = await put({
      action: 'update_device_token',
      firebaseDeviceTokens: [{ deviceUID: 'phone-1', token: 'tok-a' }],
    });
    expect(ok.status).toBe(200);
    await put({
      action: 'update_device_token',
      firebaseDeviceTokens: [{ deviceUID: 'phone-1', token: 'tok-b' }],
    });
    const row = await t.ctx.db.selectFrom('users').select('device_tokens').executeTakeFirst();
    expect(row?.device_tokens).toEqual([{ deviceUID: 'phone-1', token: 'tok-b' }]);
    for (const entry of [{ deviceUID: 'phone-2' }, { token: 'tok-c' }, { deviceUID: '', token: 'x' }]) {
      const bad = await put({ action: 'update_device_token', firebaseDeviceTokens: [entry] });
      expect(bad.status).toBe(400);
    }
  });

  it('A6.04 A6.08 A4.30 a super user acting as the person cannot register a device for their pushes', async () => {
    // The native shell sends its device token again when the user changes, acting included: kept,
    // the person's private pushes would go on reaching the super user's phone after acting ends.
    const actor = await makeUser(t.ctx, { superUser: true });
    const acting = await signAccessToken(t.ctx.config.jwtSecret, { userId: me.user.id, actorId: actor.id });
    const res = await call<UserProfile>(t.app, {
      method: 'PUT',
      url: PROFILE,
      headers: { authorization: `Bearer ${acting}` },
      payload: {
        action: 'update_device_token',
        firebaseDeviceTokens: [{ deviceUID: 'admin-phone', token: 'tok-x' }],
      },
    });
    expect(res.status).toBe(403);
    expect(res.body.error?.code).toBe('MST-00403');
    expect(await deviceTokens()).toEqual([]);
  });

  /** The person's registered device tokens, as stored. */
  const deviceTokens = async () =>
    (
      await t.ctx.db
        .selectFrom('users')
        .select('device_tokens')
        .where('id', '=', me.user.id)
        .executeTakeFirstOrThrow()
    ).device_tokens;

  /** A second session of the person (a thief's), ended by the owner's password change; its access token still valid. */
  async function sessionEndedByPasswordChange() {
    const stolen = await login(t.app, 'ada@foyer.test');
    const changed = await call(t.app, {
      method: 'POST',
      url: '/api/v1/auth/change-password',
      headers: { ...me.headers, ...cookieHeader(me.refreshToken) },
      payload: { oldPassword: TEST_PASSWORD, newPassword: 'A brand new secret 2' },
    });
    expect(changed.status).toBe(200);
    return stolen;
  }

  it('A4.30 A7.14 A5.21 a session ended by a password change cannot register a device for the person’s pushes', async () => {
    // A thief's device: its refresh token ends with the password change, its access token is still
    // valid for up to 15 minutes, which must not be enough to keep receiving the person's pushes.
    const stolen = await sessionEndedByPasswordChange();
    const res = await call<UserProfile>(t.app, {
      method: 'PUT',
      url: PROFILE,
      headers: stolen.headers,
      payload: {
        action: 'update_device_token',
        firebaseDeviceTokens: [{ deviceUID: 'thief-phone', token: 'tok-thief' }],
      },
    });
    expect(res.status).toBe(401);
    expect(res.body.error?.code).toBe('MST-00133');
    expect(await deviceTokens()).toEqual([]);
    // The owner's own session, which changed the password, goes on registering its devices.
    const own = await put({
      action: 'update_device_token',
      firebaseDeviceTokens: [{ deviceUID: 'own-phone', token: 'tok-own' }],
    });
    expect(own.status).toBe(200);
  });

  it('A9.44 A5.21 a session ended by a password change cannot move the SMS reminders to another number', async () => {
    const stolen = await sessionEndedByPasswordChange();
    const body = {
      action: 'profile',
      name: 'Ada',
      surname: 'Lovelace',
      channels: { sms: '+44 20 7946 0999' },
    };
    const res = await call<UserProfile>(t.app, {
      method: 'PUT',
      url: PROFILE,
      headers: stolen.headers,
      payload: body,
    });
    expect([res.status, res.body.error?.code]).toEqual([401, 'MST-00133']);
    const sms = async () =>
      (
        await t.ctx.db
          .selectFrom('users')
          .select('sms_phone')
          .where('id', '=', me.user.id)
          .executeTakeFirstOrThrow()
      ).sms_phone;
    expect(await sms()).toBeNull();
    // The owner's live session sets it.
    expect((await put(body)).status).toBe(200);
    expect(await sms()).toBe('+44 20 7946 0999');
  });

  it('A4.30 A7.14 devices registering their tokens at the same moment all keep theirs', async () => {
    const devices = ['phone-1', 'phone-2', 'tablet', 'watch', 'laptop'];
    const answers = await Promise.all(
      devices.map((deviceUID) =>
        put({
          action: 'update_device_token',
          firebaseDeviceTokens: [{ deviceUID, token: `tok-${deviceUID}` }],
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(devices.map(() => 200));
    const row = await t.ctx.db.selectFrom('users').select('device_tokens').executeTakeFirst();
    expect(row?.device_tokens.map((d) => d.deviceUID).sort()).toEqual([...devices].sort());
  });

  it('A7.12 two photos sent at the same moment leave the profile’s photo and no other file', async () => {
    const dir = join(t.ctx.config.dataDir, 'uploads', 'profile');
    const mine = async () => {
      const files = await readdir(dir).catch(() => []);
      return files.filter((f) => f.startsWith(`${me.user.id}-`)).map((f) => `/uploads/profile/${f}`);
    };
    const before = new Set(await mine()); // files of earlier tests' accounts with the same id
    await put({ action: 'photo', image: `data:image/png;base64,${PNG_1X1}` });
    const [a, b] = await Promise.all([
      put({ action: 'photo', image: `data:image/png;base64,${pngBase64(10, 10)}` }),
      put({ action: 'photo', image: `data:image/jpeg;base64,${jpeg(20, 20)}` }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const shown = (await call<UserProfile>(t.app, { method: 'GET', url: PROFILE, headers: me.headers })).body
      .data?.profilePhotoPath;
    expect((await mine()).filter((f) => !before.has(f))).toEqual([shown]);
  });

  it('A7.42 A7.43 a profile change whose announcement cannot be written is not saved either', async () => {
    const realtime = failingRealtime(t);
    await expect(
      updateProfile(
        { ctx: t.ctx, realtime },
        { userId: me.user.id },
        {
          action: 'profile',
          name: 'Lost',
          surname: 'Change',
        },
      ),
    ).rejects.toThrow('realtime insert failed');
    const profile = await call<UserProfile>(t.app, { method: 'GET', url: PROFILE, headers: me.headers });
    expect(profile.body.data?.name).not.toBe('Lost');
  });

  it('A7.12 A7.42 a photo whose change cannot be saved leaves no file behind', async () => {
    const dir = join(t.ctx.config.dataDir, 'uploads', 'profile');
    const mine = async () => {
      const files = await readdir(dir).catch(() => []);
      return files.filter((f) => f.startsWith(`${me.user.id}-`));
    };
    const before = new Set(await mine()); // files of earlier tests' accounts with the same id
    await expect(
      updateProfile(
        { ctx: t.ctx, realtime: failingRealtime(t) },
        { userId: me.user.id },
        { action: 'photo', image: `data:image/png;base64,${PNG_1X1}` },
      ),
    ).rejects.toThrow('realtime insert failed');
    expect((await mine()).filter((f) => !before.has(f))).toEqual([]);
    const row = await t.ctx.db
      .selectFrom('users')
      .select('profile_photo_path')
      .where('id', '=', me.user.id)
      .executeTakeFirstOrThrow();
    expect(row.profile_photo_path).toBeNull();
  });

  it('A7.10 A4.34 DELETE user removes the account, its sessions and its e-mails', async () => {
    await put({ action: 'photo', image: `data:image/png;base64,${PNG_1X1}` });
    const res = await call(t.app, {
      method: 'DELETE',
      url: '/api/v1/user',
      headers: me.headers,
      payload: { confirm: 'delete', password: 'Correct horse 1' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: null });
    for (const table of ['users', 'user_emails', 'identities', 'refresh_tokens'] as const) {
      expect(await t.ctx.db.selectFrom(table).selectAll().execute(), table).toEqual([]);
    }
    const after = await call(t.app, { method: 'GET', url: PROFILE, headers: me.headers });
    expect(after.status).toBe(401);
    const again = await call(t.app, {
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: 'ada@foyer.test', password: 'Correct horse 1' },
    });
    expect(again.body.error?.code).toBe('UserNotFoundException');
  });

  it('DELETE user asks for the password: none or a wrong one leaves the account in place', async () => {
    const cases = [
      { payload: { confirm: 'delete' }, status: 400, code: 'MST-00400' },
      { payload: {}, status: 400, code: 'MST-00400' },
      {
        payload: { confirm: 'delete', password: 'not my password' },
        status: 400,
        code: 'NotAuthorizedException',
      },
    ];
    for (const { payload, status, code } of cases) {
      const res = await call(t.app, { method: 'DELETE', url: '/api/v1/user', headers: me.headers, payload });
      expect(res.status, JSON.stringify(payload)).toBe(status);
      expect(res.body.error?.code).toBe(code);
    }
    expect(await t.ctx.db.selectFrom('users').select('id').execute()).toHaveLength(1);
    expect((await call(t.app, { method: 'GET', url: PROFILE, headers: me.headers })).status).toBe(200);
  });

  it('A5.32 DELETE user refuses a confirmation without the word delete', async () => {
    const res = await call(t.app, {
      method: 'DELETE',
      url: '/api/v1/user',
      headers: me.headers,
      payload: { confirm: 'yes please', password: 'Correct horse 1' },
    });
    expect(res.status).toBe(400);
    expect(await t.ctx.db.selectFrom('users').selectAll().execute()).toHaveLength(1);
  });
});
