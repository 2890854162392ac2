import type { DomainLookupResult } from '@foyer/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeEvent } from '../../../test/factories';
import { call, createTestApp, type TestApp } from '../../../test/helper';

describe('event by domain (public)', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => t.close());

  const get = (url: string) => call<DomainLookupResult>(t.app, { method: 'GET', url });

  it('A7.23 A7.22 A3.12 A3.14 A1.12 answers domain details and branding without a login', async () => {
    const form = [
      {
        fieldName: 'industry',
        type: 'select',
        required: true,
        dataList: ['A', 'B'],
        placeholder: 'Pick one',
      },
    ];
    const event = await makeEvent(t.ctx, {
      name: 'Branded',
      description: 'About it',
      domain: 'branded',
      public_event: true,
      use_ticket_id_for_signup: true,
      event_type: 'hybrid',
      timezone: 'Europe/Istanbul',
      images: JSON.stringify({ logo: '/l.svg', banner: '/b.svg' }),
      colors: JSON.stringify({ primary: '#123456' }),
      pages: JSON.stringify({ login: '/login.svg' }),
      registration_form: JSON.stringify(form),
      own_words: ['en'],
    });
    const res = await get('/api/v1/event/domain/Branded');
    expect(res.status).toBe(200);
    expect(res.body.data!.domain).toEqual({
      id: event.id,
      publicEvent: true,
      indexPagePath: 'attendees',
      useTicketIdForSignup: true,
    });
    expect(res.body.data!.event).toEqual({
      id: event.id,
      name: 'Branded',
      description: 'About it',
      eventType: 'hybrid',
      images: { logo: '/l.svg', banner: '/b.svg', side_banner: null },
      colors: { primary: '#123456' },
      pages: { login: '/login.svg' },
      realSdt: event.real_sdt.toISOString(),
      realEdt: event.real_edt.toISOString(),
      timezone: 'Europe/Istanbul',
      defaultLanguage: 'en',
      registrationOpen: true,
      registrationForm: form,
      // A7.28: the branded login asks for messagesForEvent/{id}.json in these languages only.
      ownWords: ['en'],
    });
    // Nothing about participants leaks into the public answer.
    expect(JSON.stringify(res.body.data)).not.toContain('"me"');
  });

  it('A2.41 never looks up the excluded host labels', async () => {
    for (const label of ['www', 'app', 'localhost']) {
      await makeEvent(t.ctx, { domain: label });
      const res = await get(`/api/v1/event/domain/${label}`);
      expect(res.status, label).toBe(404);
      expect(res.body.error?.code).toBe('MST-00404');
    }
  });

  it('A2.44 answers an unknown label with 404 and a malformed one with 400', async () => {
    expect((await get('/api/v1/event/domain/nothing-here')).status).toBe(404);
    for (const label of ['under_score', '-dash', 'a.b', 'x'.repeat(64), '%20']) {
      const res = await get(`/api/v1/event/domain/${label}`);
      expect(res.status, label).toBe(400);
      expect(res.body.success).toBe(false);
    }
    expect((await get('/api/v1/event/domain/demo?x=1')).status).toBe(400);
  });

  it('reports closed registration for a finished event', async () => {
    await makeEvent(t.ctx, { domain: 'old', is_finished: true });
    const res = await get('/api/v1/event/domain/old');
    expect(res.body.data!.event.registrationOpen).toBe(false);
  });

  it('GET /event/:id/public brands registration pages of public or open events only', async () => {
    const open = await makeEvent(t.ctx, { public_event: false, registration_open: true });
    const shown = await makeEvent(t.ctx, { public_event: true, registration_open: false });
    const hidden = await makeEvent(t.ctx, { public_event: false, registration_open: false });
    expect((await get(`/api/v1/event/${open.id}/public`)).body.data!.domain.id).toBe(open.id);
    expect((await get(`/api/v1/event/${shown.id}/public`)).body.data!.event.registrationOpen).toBe(false);
    expect((await get(`/api/v1/event/${hidden.id}/public`)).status).toBe(404);
    expect((await get('/api/v1/event/abc/public')).status).toBe(400);
  });
});
