import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { InjectOptions } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeEvent, makeParticipant, makeUser } from '../../test/factories';
import { call, createTestApp, type TestApp } from '../../test/helper';
import { type LoggedIn, login, TEST_PASSWORD } from '../features/auth/auth.testing';
import { deleteUser, findUserById } from '../features/user/user.repository';

/**
 * Bad input that once reached PostgreSQL or the router and came back as a 500 or as Fastify's own
 * JSON (issue 10, "Trust"). Each must be a 4xx in the envelope. The fuzz test (fuzz.test.ts) looks
 * for more of the same on every route.
 */
describe('bad input gets a 4xx envelope, never a 5xx', () => {
  let t: TestApp;
  let me: LoggedIn;
  let userId: number;
  beforeEach(async () => {
    t = await createTestApp();
    userId = (await makeUser(t.ctx, { password: TEST_PASSWORD, username: 'ada@foyer.test' })).id;
    me = await login(t.app, 'ada@foyer.test');
  });
  afterEach(async () => t.close());

  const refused = async (options: InjectOptions, status = 400) => {
    const res = await call(t.app, { headers: me.headers, ...options });
    expect(res.status, `${options.method} ${options.url}`).toBe(status);
    expect(res.body.success).toBe(false);
    expect(typeof res.body.error?.code).toBe('string');
    expect(typeof res.body.error?.msg).toBe('string');
    return res.body.error ?? { code: '', msg: '' };
  };

  it('A7.11 a NUL character in a body text is a 400 naming the field, and changes nothing', async () => {
    const error = await refused({
      method: 'PUT',
      url: '/api/v1/user/profile',
      payload: { action: 'profile', name: 'A\u0000da', surname: 'King' },
    });
    expect(error.code).toBe('MST-00400');
    expect(error.fields).toEqual({ name: 'validation.error.nul' });
    expect(error.msg).toContain('name');
    expect((await findUserById(t.ctx.db, userId))?.name).toBe('Ada');
  });

  it('a NUL character in a nested body field, a query value, a query key or a path parameter is a 400', async () => {
    const event = await makeEvent(t.ctx);
    await makeParticipant(t.ctx, event.id, (await findUserById(t.ctx.db, userId)) ?? null);
    const nested = await refused({
      method: 'PUT',
      url: '/api/v1/user/profile',
      payload: { action: 'profile', name: 'Ada', surname: 'King', channels: { sms: '+1\u0000' } },
    });
    expect(nested.fields).toEqual({ 'channels.sms': 'validation.error.nul' });
    for (const url of [
      '/api/v1/event?query=Ev%00ent',
      `/api/v1/event/${event.id}/sessions?q=%00`,
      '/api/v1/contact?search=a%00',
      '/api/v1/event?%00=1',
      '/api/v1/contact/%00',
    ]) {
      const error = await refused({ method: 'GET', url });
      expect(Object.values(error.fields ?? {}), url).toEqual(['validation.error.nul']);
    }
  });

  it('E3.11 an unknown IANA time zone in participantOff is a 400 on the field', async () => {
    const error = await refused({
      method: 'POST',
      url: '/api/v1/event/schedule/participantOff',
      payload: {
        eventId: 1,
        startTime: '2026-11-22 10:00',
        endTime: '2026-11-22 11:00',
        date: '2026-11-22',
        timezone: 'Mars/Olympus',
      },
    });
    expect(error.fields?.timezone).toBe('validation.error.timezone');
    expect(error.msg).toBe('timezone: Unknown time zone');
  });

  it('A4.36 a date in year 0 or past year 9999 in notifications/seen is a 400', async () => {
    for (const until of ['0000-01-01T00:00:00Z', '0001-01-01T00:00:00+14:00', '2024-02-30T10:00:00Z']) {
      const error = await refused({ method: 'POST', url: '/api/v1/notifications/seen', payload: { until } });
      expect(error.fields?.until, until).toBe('validation.error.date');
    }
  });

  it('E2.13 a sessions cursor past the dates or ids the database holds is a 400', async () => {
    const event = await makeEvent(t.ctx);
    await makeParticipant(t.ctx, event.id, (await findUserById(t.ctx.db, userId)) ?? null);
    for (const after of ['999999999999999.1', '1.9999999999', '1.0']) {
      const error = await refused({
        method: 'GET',
        url: `/api/v1/event/${event.id}/sessions?after=${after}`,
      });
      expect(error.fields?.after, after).toBe('validation.error.cursor');
    }
    const fine = await call(t.app, {
      method: 'GET',
      url: `/api/v1/event/${event.id}/sessions?after=1700000000000.5`,
      headers: me.headers,
    });
    expect(fine.status).toBe(200);
  });

  it('ids: huge, negative, fractional, boolean, array or hex values are a 400', async () => {
    for (const roomId of [2 ** 31, -1, 1.5, true, [1], '1e3', '0x10', '99999999999999999999', null]) {
      const error = await refused({
        method: 'POST',
        url: '/api/v1/chat/room/seen',
        payload: { roomId, messageId: 1 },
      });
      expect(error.fields?.roomId, JSON.stringify(roomId)).toBe('validation.error.number');
    }
    for (const id of ['1.5', '-1', '1e3', '0x10', '2147483648']) {
      const error = await refused({ method: 'GET', url: `/api/v1/contact/${id}` });
      expect(error.fields?.id, id).toBe('validation.error.number');
    }
  });

  it('malformed percent-encoding in the path is a 400 envelope, an over-long parameter a 414 envelope', async () => {
    for (const url of ['/api/v1/contact/%ff', '/api/v1/event/%E0%A4%A/sessions', '/api/v1/contact/%']) {
      const error = await refused({ method: 'GET', url });
      expect(error.code, url).toBe('MST-00400');
    }
    const error = await refused({ method: 'GET', url: `/api/v1/contact/${'1'.repeat(101)}` }, 414);
    expect(error.code).toBe('MST-00414');
  });

  it('an over-long parameter is a 414 envelope also when the built web app is served (its wildcard route)', async () => {
    const webDist = mkdtempSync(join(tmpdir(), 'foyer-web-'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Foyer</title>');
    const withSpa = await createTestApp({ env: { WEB_DIST: webDist } });
    try {
      const res = await withSpa.app.inject({ method: 'GET', url: `/api/v1/contact/${'1'.repeat(101)}` });
      expect(res.statusCode).toBe(414);
      expect(res.json()).toMatchObject({ success: false, error: { code: 'MST-00414' } });
      const page = await withSpa.app.inject({ method: 'GET', url: '/event/list' });
      expect(page.statusCode).toBe(200);
    } finally {
      await withSpa.close();
      rmSync(webDist, { recursive: true, force: true });
    }
  });

  it('with the built web app served, unknown /api paths still get the 404 envelope and the security headers', async () => {
    const webDist = mkdtempSync(join(tmpdir(), 'foyer-web-'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Foyer</title>');
    const withSpa = await createTestApp({ env: { WEB_DIST: webDist } });
    try {
      for (const method of ['GET', 'HEAD', 'POST', 'DELETE'] as const) {
        const res = await withSpa.app.inject({ method, url: '/api/v1/no-such-route?x=1' });
        expect(res.statusCode, method).toBe(404);
        expect(res.headers['content-security-policy'], method).toContain("default-src 'self'");
        expect(res.headers['x-content-type-options'], method).toBe('nosniff');
        if (method !== 'HEAD') {
          expect(res.json()).toEqual({
            success: false,
            error: { code: 'MST-00404', msg: `No route ${method} /api/v1/no-such-route` },
          });
        }
      }
      expect((await withSpa.app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode).toBe(200);
      const page = await withSpa.app.inject({ method: 'GET', url: '/api/' });
      expect(page.json()).toMatchObject({ success: false, error: { code: 'MST-00404' } });
      // Outside /api the web app answers, and a missing asset is a plain 404.
      const spa = await withSpa.app.inject({ method: 'GET', url: '/api' });
      expect(spa.statusCode).toBe(200);
      expect(spa.headers['content-type']).toContain('text/html');
      const asset = await withSpa.app.inject({ method: 'GET', url: '/assets/gone-123.js' });
      expect(asset.statusCode).toBe(404);
      expect(asset.headers['content-type']).toContain('text/plain');
      // A directory of the build is no file to send (it was a 403 envelope): the web app's page.
      mkdirSync(join(webDist, 'assets'));
      for (const url of ['/assets/', '/assets']) {
        const directory = await withSpa.app.inject({ method: 'GET', url });
        expect(directory.statusCode, url).toBe(200);
        expect(directory.body, url).toContain('<title>Foyer</title>');
      }
    } finally {
      await withSpa.close();
      rmSync(webDist, { recursive: true, force: true });
    }
  });

  it('A7.03 E7.03 A7.10 a still-valid access token of a deleted account gets 401 on every authenticated route', async () => {
    await deleteUser(t.ctx.db, userId);
    const calls: InjectOptions[] = [
      { method: 'POST', url: '/api/v1/contact', payload: { firstName: 'Bo', emails: ['bo@foyer.test'] } },
      { method: 'GET', url: '/api/v1/event' },
      { method: 'GET', url: '/api/v1/notifications' },
      { method: 'POST', url: '/api/v1/chat/room/seen', payload: { roomId: 1, messageId: 1 } },
    ];
    for (const options of calls) {
      const error = await refused(options, 401);
      expect(error.code, `${options.method} ${String(options.url)}`).toBe('MST-00401');
    }
    // A route open to guests treats the token as no token.
    const event = await makeEvent(t.ctx, { public_event: true });
    const open = await call(t.app, {
      method: 'GET',
      url: `/api/v1/event/${event.id}/public`,
      headers: me.headers,
    });
    expect(open.status).toBe(200);
  });
});
