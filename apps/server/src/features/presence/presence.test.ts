import type { PresenceState } from '@foyer/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeEvent, makeParticipant, makeUser, tokenHeaders } from '../../../test/factories';
import { call, createTestApp, type TestApp } from '../../../test/helper';

describe('presence confirmation API', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => t.close());

  async function hybridMember() {
    const user = await makeUser(t.ctx);
    const event = await makeEvent(t.ctx, { event_type: 'hybrid' });
    await makeParticipant(t.ctx, event.id, user);
    return { user, event, headers: await tokenHeaders(t.ctx, user.id) };
  }

  it('A4.42 E9.38 E4.81 A9.34 reads a never-confirmed presence as null', async () => {
    const { event, headers } = await hybridMember();
    const res = await call<PresenceState>(t.app, {
      method: 'GET',
      url: `/api/v1/event/${event.id}/presence`,
      headers,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ present: null, lastPresenceConfirmTime: null });
  });

  it('A4.45 E4.84 E1.17 A1.09 saves on-site or remote with the confirmation time', async () => {
    const { event, headers } = await hybridMember();
    const at = new Date('2026-05-04T10:00:00.000Z');
    t.setNow(at);
    const url = `/api/v1/event/${event.id}/presence`;
    const put = await call<PresenceState>(t.app, {
      method: 'PUT',
      url,
      headers,
      payload: { present: 'venue' },
    });
    expect(put.status).toBe(200);
    expect(put.body.data).toEqual({ present: 'venue', lastPresenceConfirmTime: at.toISOString() });
    t.setNow(new Date(at.getTime() + 90_000_000));
    await call(t.app, { method: 'PUT', url, headers, payload: { present: 'online' } });
    const get = await call<PresenceState>(t.app, { method: 'GET', url, headers });
    expect(get.body.data).toEqual({
      present: 'online',
      lastPresenceConfirmTime: new Date(at.getTime() + 90_000_000).toISOString(),
    });
  });

  it('A4.45 rejects an unknown presence, a non-hybrid event, strangers and anonymous callers', async () => {
    const { event, headers } = await hybridMember();
    const url = `/api/v1/event/${event.id}/presence`;
    const bad = await call(t.app, { method: 'PUT', url, headers, payload: { present: 'moon' } });
    expect(bad.status).toBe(400);
    expect(bad.body.success).toBe(false);
    const extra = await call(t.app, { method: 'PUT', url, headers, payload: { present: 'venue', x: 1 } });
    expect(extra.status).toBe(400);

    const onsite = await makeEvent(t.ctx, { event_type: 'normal' });
    const owner = await makeUser(t.ctx);
    await makeParticipant(t.ctx, onsite.id, owner);
    const ownerHeaders = await tokenHeaders(t.ctx, owner.id);
    const normal = await call(t.app, {
      method: 'PUT',
      url: `/api/v1/event/${onsite.id}/presence`,
      headers: ownerHeaders,
      payload: { present: 'venue' },
    });
    expect(normal.status).toBe(400);

    const stranger = await tokenHeaders(t.ctx, (await makeUser(t.ctx)).id);
    const forbidden = await call(t.app, { method: 'GET', url, headers: stranger });
    expect(forbidden.status).toBe(403);
    const missing = await call(t.app, { method: 'GET', url: '/api/v1/event/999999/presence', headers });
    expect(missing.status).toBe(404);
    const anonymous = await call(t.app, { method: 'GET', url });
    expect(anonymous.status).toBe(401);
    const badId = await call(t.app, { method: 'GET', url: '/api/v1/event/abc/presence', headers });
    expect(badId.status).toBe(400);
  });
});
