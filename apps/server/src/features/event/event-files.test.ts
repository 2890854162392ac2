import { type DomainFile, domainFileSchema, eventBannerPath } from '@foyer/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeEvent } from '../../../test/factories';
import { call, createTestApp, type TestApp } from '../../../test/helper';

describe('public files outside the API base (access-shell-account.md §7)', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('A7.24 GET the public domain file /public/domain/{label}.json holds the domain details, no login', async () => {
    const event = await makeEvent(t.ctx, {
      domain: 'filed',
      public_event: true,
      use_ticket_id_for_signup: true,
      index_page_path: 'agenda',
    });
    const res = await get('/public/domain/Filed.json');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.headers['cache-control']).toContain('public');
    const file: DomainFile = domainFileSchema.parse(res.json());
    expect(file).toEqual({
      id: event.id,
      publicEvent: true,
      indexPagePath: 'agenda',
      useTicketIdForSignup: true,
    });
    // The file is the same domain details the API's lookup answers.
    const api = await call<{ domain: DomainFile }>(t.app, {
      method: 'GET',
      url: '/api/v1/event/domain/filed',
    });
    expect(api.body.data?.domain).toEqual(file);
  });

  it('A7.24 an unknown or excluded domain is a 404 and a malformed file name a 400, in the error envelope', async () => {
    await makeEvent(t.ctx, { domain: 'www' });
    for (const url of ['/public/domain/nothing-here.json', '/public/domain/www.json']) {
      const res = await call(t.app, { method: 'GET', url });
      expect(res.status, url).toBe(404);
      expect(res.body).toEqual({ success: false, error: { code: 'MST-00404', msg: expect.any(String) } });
    }
    const bad = [
      '/public/domain/filed',
      '/public/domain/filed.txt',
      '/public/domain/-dash.json',
      '/public/domain/under_score.json',
      '/public/domain/.json',
      `/public/domain/${'x'.repeat(64)}.json`,
      '/public/domain/a%00b.json',
      '/public/domain/%2e%2e%2fetc.json',
      '/public/domain/demo.json?x=1',
    ];
    for (const url of bad) {
      const res = await call(t.app, { method: 'GET', url });
      expect(res.status, url).toBe(400);
      expect(res.body.success, url).toBe(false);
      expect(res.body.error?.code, url).toMatch(/^MST-/);
    }
  });

  it('A7.47 E7.91 GET /public/event/images/{eventId}/banner.png redirects to the stored banner', async () => {
    const event = await makeEvent(t.ctx, {
      public_event: true,
      images: JSON.stringify({ logo: '/l.png', banner: '/uploads/events/1-banner.png' }),
    });
    expect(eventBannerPath(event.id)).toBe(`/public/event/images/${event.id}/banner.png`);
    const res = await get(eventBannerPath(event.id));
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/uploads/events/1-banner.png');
    // A domain event's public screens show its banner (A1.12), so its banner is public too.
    const branded = await makeEvent(t.ctx, {
      domain: 'bannered',
      images: JSON.stringify({ banner: 'https://cdn.example.com/b.png' }),
    });
    const external = await get(eventBannerPath(branded.id));
    expect(external.statusCode).toBe(302);
    expect(external.headers.location).toBe('https://cdn.example.com/b.png');
  });

  it('A7.47 no banner, an unsafe banner link or a private event is a clean 404 in the envelope', async () => {
    const none = await makeEvent(t.ctx, { public_event: true, images: JSON.stringify({ logo: '/l.png' }) });
    const unsafe = await makeEvent(t.ctx, {
      public_event: true,
      images: JSON.stringify({ banner: 'javascript:alert(1)' }),
    });
    const protocolRelative = await makeEvent(t.ctx, {
      public_event: true,
      images: JSON.stringify({ banner: '//evil.example/b.png' }),
    });
    const hidden = await makeEvent(t.ctx, {
      public_event: false,
      registration_open: false,
      images: JSON.stringify({ banner: '/uploads/events/secret.png' }),
    });
    const archived = await makeEvent(t.ctx, {
      public_event: true,
      archived_at: new Date(),
      images: JSON.stringify({ banner: '/uploads/events/old.png' }),
    });
    for (const id of [none.id, unsafe.id, protocolRelative.id, hidden.id, archived.id, 2_000_000_000]) {
      const res = await call(t.app, { method: 'GET', url: eventBannerPath(id) });
      expect(res.status, String(id)).toBe(404);
      expect(res.body.error?.code).toBe('MST-00404');
      expect(res.headers.location).toBeUndefined();
    }
  });

  it('A7.47 bad event ids (huge, negative, zero, NUL, text) are 400/404, never 5xx', async () => {
    const ids = [
      '99999999999999999999999',
      '2147483648',
      '-1',
      '0',
      '1.5',
      'abc',
      '%00',
      '1%00',
      '%ff',
      'x'.repeat(101),
    ];
    for (const id of ids) {
      const res = await call(t.app, { method: 'GET', url: `/public/event/images/${id}/banner.png` });
      expect([400, 404, 414], id).toContain(res.status);
      expect(res.body.success, id).toBe(false);
    }
    expect((await get('/public/event/images/1/logo.png')).statusCode).toBe(404);
  });
});
