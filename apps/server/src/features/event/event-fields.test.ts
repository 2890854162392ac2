import {
  type EventDetails,
  type EventListResult,
  eventDetailsSchema,
  eventListResultSchema,
  type UserProfile,
  userProfileSchema,
} from '@foyer/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeEvent, makeParticipant, makeUser, tokenHeaders } from '../../../test/factories';
import { call, createTestApp, type TestApp } from '../../../test/helper';

describe('entity fields the client reads (A3.04, A3.06, A3.07)', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => t.close());

  const get = async <T>(url: string, userId: number) =>
    call<T>(t.app, { method: 'GET', url, headers: await tokenHeaders(t.ctx, userId) });

  it('A3.06 A3.07 event list and details carry the dates, the full date in event time, images and pages', async () => {
    const me = await makeUser(t.ctx);
    const start = new Date('2030-05-01T08:00:00Z');
    const event = await makeEvent(t.ctx, {
      start,
      days: 2,
      timezone: 'Europe/Istanbul',
      images: JSON.stringify({ logo: '/l.png', banner: '/b.png', mobile_banner: '/m.png', broken: 7 }),
      pages: JSON.stringify({ login: '/login.png' }),
    });
    await makeParticipant(t.ctx, event.id, me);
    const list = await get<EventListResult>('/api/v1/event?query=*:*', me.id);
    expect(list.status).toBe(200);
    const summary = eventListResultSchema.parse(list.body.data).events[0];
    expect(summary).toMatchObject({
      startDate: '2030-05-01T08:00:00.000Z',
      realSdt: '2030-05-01T08:00:00.000Z',
      realEdt: '2030-05-03T08:00:00.000Z',
      updatedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      fullDateStrInEventTime: '2030-05-01 11:00 – 2030-05-03 11:00 (Europe/Istanbul)',
    });
    const res = await get<EventDetails>(`/api/v1/event/${event.id}`, me.id);
    const details = eventDetailsSchema.parse(res.body.data);
    expect(details.fullDateStrInEventTime).toBe(summary?.fullDateStrInEventTime);
    // A3.07: the three named images, null when unset, and the event's other images; no non-links.
    expect(details.images).toEqual({
      logo: '/l.png',
      banner: '/b.png',
      side_banner: null,
      mobile_banner: '/m.png',
    });
    expect(details.pages).toEqual({ login: '/login.png' });
  });

  it('A3.04 the profile is loaded and has the query string the user is matched by', async () => {
    const me = await makeUser(t.ctx, { name: 'Çağla', surname: 'Öztürk' });
    const res = await get<UserProfile>('/api/v1/user/profile', me.id);
    expect(res.status).toBe(200);
    const profile = userProfileSchema.parse(res.body.data);
    expect(profile.loaded).toBe(true);
    expect(profile.query).toBe(`cagla ozturk ${profile.username.toLowerCase()}`);
  });
});
