import { DEFAULT_ALLOWED_TABS, type EventDetails, type EventListResult } from '@foyer/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeEvent, makeParticipant, makeType, makeUser, tokenHeaders } from '../../../test/factories';
import { call, createTestApp, type TestApp } from '../../../test/helper';

const DAY = 86_400_000;

describe('event list and details', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => t.close());

  const get = async <T>(url: string, userId?: number) =>
    call<T>(t.app, {
      method: 'GET',
      url,
      headers: userId ? await tokenHeaders(t.ctx, userId) : {},
    });

  it('A7.20 E7.26 requires a login', async () => {
    const res = await get('/api/v1/event');
    expect(res.status).toBe(401);
    expect(res.body.error?.code).toBe('MST-00401');
  });

  it('A4.10 A4.11 E4.40 lists my events by start date, split into active and past', async () => {
    const me = await makeUser(t.ctx);
    const other = await makeUser(t.ctx);
    const now = new Date('2026-06-15T12:00:00Z');
    t.setNow(now);
    const ends = (ms: number) => {
      const end = new Date(now.getTime() + ms);
      return {
        start_date: new Date(end.getTime() - DAY),
        real_sdt: new Date(end.getTime() - DAY),
        real_edt: end,
      };
    };
    const upcoming = await makeEvent(t.ctx, { name: 'Upcoming', ...ends(10 * DAY) });
    const endedHalfDayAgo = await makeEvent(t.ctx, { name: 'Just ended', ...ends(-DAY / 2) });
    const endedTwoDaysAgo = await makeEvent(t.ctx, { name: 'Ended', ...ends(-2 * DAY) });
    const flagged = await makeEvent(t.ctx, { name: 'Flagged', is_finished: true, ...ends(5 * DAY) });
    const left = await makeEvent(t.ctx, { name: 'Left', ...ends(DAY) });
    const notMine = await makeEvent(t.ctx, { name: 'Not mine', ...ends(DAY) });
    for (const event of [upcoming, endedHalfDayAgo, endedTwoDaysAgo, flagged]) {
      await makeParticipant(t.ctx, event.id, me);
    }
    await makeParticipant(t.ctx, left.id, me, { state: 'deleted' });
    await makeParticipant(t.ctx, notMine.id, other);

    const res = await get<EventListResult>('/api/v1/event', me.id);
    expect(res.status).toBe(200);
    const data = res.body.data!;
    expect(data.events.map((e) => e.name)).toEqual(['Ended', 'Just ended', 'Flagged', 'Upcoming']);
    expect(data.active.map((e) => e.name)).toEqual(['Just ended', 'Upcoming']);
    expect(data.past.map((e) => e.name)).toEqual(['Ended', 'Flagged']);
    expect(data.past.every((e) => e.isFinished)).toBe(true);
    const first = data.events[0]!;
    expect(first.me).toMatchObject({ organizer: false, checkInAdmin: false, rights: {} });
    expect(first.images).toEqual({ logo: null, banner: null, side_banner: null });
    expect(typeof first.realEdt).toBe('string');
  });

  it('A4.11 an event becomes past exactly one day after its real end', async () => {
    const me = await makeUser(t.ctx);
    const end = new Date('2026-03-01T18:00:00Z');
    const event = await makeEvent(t.ctx, {
      start_date: new Date(end.getTime() - DAY),
      real_sdt: new Date(end.getTime() - DAY),
      real_edt: end,
    });
    await makeParticipant(t.ctx, event.id, me);
    t.setNow(new Date(end.getTime() + DAY));
    let data = (await get<EventListResult>('/api/v1/event', me.id)).body.data!;
    expect([data.active.length, data.past.length]).toEqual([1, 0]);
    t.setNow(new Date(end.getTime() + DAY + 1));
    data = (await get<EventListResult>('/api/v1/event', me.id)).body.data!;
    expect([data.active.length, data.past.length]).toEqual([0, 1]);
  });

  it('A7.20 query *:* lists all, other text filters by name; unknown query fields are refused', async () => {
    const me = await makeUser(t.ctx);
    for (const name of ['Alpha Summit', 'Beta Days']) {
      await makeParticipant(t.ctx, (await makeEvent(t.ctx, { name })).id, me);
    }
    expect((await get<EventListResult>('/api/v1/event?query=*:*', me.id)).body.data!.events).toHaveLength(2);
    const filtered = await get<EventListResult>('/api/v1/event?query=beta', me.id);
    expect(filtered.body.data!.events.map((e) => e.name)).toEqual(['Beta Days']);
    const odd = await get<EventListResult>('/api/v1/event?query=%25', me.id);
    expect(odd.body.data!.events).toHaveLength(0);
    const bad = await get('/api/v1/event?foo=1', me.id);
    expect(bad.status).toBe(400);
    expect(bad.body.error?.fields?._).toMatch(/Unknown field/);
  });

  it('A7.21 A3.05–A3.13 gives a participant the details with me, categories, types and default tabs', async () => {
    const db = t.ctx.db;
    const me = await makeUser(t.ctx);
    const event = await makeEvent(t.ctx, { name: 'Details', domain: 'details' });
    const { id: typeId } = await makeType(t.ctx, event.id, { name: 'Attendee', priority: 1 });
    const [industry] = await db
      .insertInto('categories')
      .values({ event_id: event.id, name: 'Industry' })
      .returning('id')
      .execute();
    await db
      .insertInto('categories')
      .values([
        { event_id: event.id, name: 'Fintech', parent_id: industry!.id },
        { event_id: event.id, name: 'Sector', kind: 'booth' },
      ])
      .execute();
    const participant = await makeParticipant(t.ctx, event.id, me, {
      type_id: typeId,
      organizer: true,
      check_in_admin: true,
      rights: JSON.stringify({ inviteparticipant: true }),
    });
    const res = await get<EventDetails>(`/api/v1/event/${event.id}`, me.id);
    expect(res.status).toBe(200);
    const data = res.body.data!;
    expect(data).toMatchObject({
      id: event.id,
      name: 'Details',
      domain: 'details',
      indexPagePath: 'attendees',
    });
    expect(data.me).toEqual({
      id: participant.id,
      typeId,
      boothId: null,
      organizer: true,
      organizerRole: null,
      profilePhoto: null,
      checkInAdmin: true,
      rights: { inviteparticipant: true },
      profileFilled: false,
      profileComplete: false,
    });
    expect(data.categories.map((c) => [c.name, c.parentId])).toEqual([
      ['Industry', null],
      ['Fintech', industry!.id],
    ]);
    expect(data.categoriesForBooth.map((c) => c.name)).toEqual(['Sector']);
    expect(data.participantTypes).toEqual([
      { id: typeId, name: 'Attendee', priority: 1, maxMeetingCount: null, disableGuest: false, texts: {} },
    ]);
    expect(data.tabs).toEqual([...DEFAULT_ALLOWED_TABS]);
    expect(data.pages).toEqual({ login: null });
  });

  it('A3.08 A3.09 A3.10 gives the colours, the tab limits and configuration, and the event’s translations', async () => {
    const me = await makeUser(t.ctx);
    const event = await makeEvent(t.ctx, {
      colors: JSON.stringify({ primary: '#0a4d8c' }),
      limit_tabs: JSON.stringify({ Speaker: ['agenda', 'lobby'] }),
      tabs_config: JSON.stringify({ tabs: ['participant', 'lobby'] }),
      translation: JSON.stringify({ tr: { welcome: 'Hoş geldiniz' } }),
    });
    const participant = await makeParticipant(t.ctx, event.id, me);
    const res = await get<EventDetails>(`/api/v1/event/${event.id}`, me.id);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      colors: { primary: '#0a4d8c' },
      limitTabs: { Speaker: ['agenda', 'lobby'] },
      tabsConfig: { tabs: ['participant', 'lobby'] },
      translation: { tr: { welcome: 'Hoş geldiniz' } },
      me: { id: participant.id },
    });
  });

  it('A7.21 refuses non-participants of a private event, and deleted participants', async () => {
    const db = t.ctx.db;
    const outsider = await makeUser(t.ctx);
    const removed = await makeUser(t.ctx);
    const event = await makeEvent(t.ctx);
    await makeParticipant(t.ctx, event.id, removed, { state: 'deleted' });
    for (const user of [outsider, removed]) {
      const res = await get(`/api/v1/event/${event.id}`, user.id);
      expect(res.status).toBe(403);
      expect(res.body.error?.code).toBe('MST-00403');
    }
    // attendEvent never opens a private event.
    expect((await get(`/api/v1/event/${event.id}?attendEvent=true`, outsider.id)).status).toBe(403);
    await db.updateTable('users').set({ is_super_user: true }).where('id', '=', outsider.id).execute();
    expect((await get(`/api/v1/event/${event.id}`, outsider.id)).status).toBe(200);
  });

  it('A7.21 shows a public event to anyone logged in; attendEvent joins it as the registration type', async () => {
    const db = t.ctx.db;
    const user = await makeUser(t.ctx);
    const event = await makeEvent(t.ctx, { public_event: true });
    const { id: typeId } = await makeType(t.ctx, event.id, { name: 'Attendee', atRegistration: true });
    const look = await get<EventDetails>(`/api/v1/event/${event.id}?refresh=true`, user.id);
    expect(look.status).toBe(200);
    expect(look.body.data!.me).toBeNull();
    const joined = await get<EventDetails>(`/api/v1/event/${event.id}?attendEvent=true`, user.id);
    expect(joined.body.data!.me).toMatchObject({ typeId, organizer: false });
    const again = await get<EventDetails>(`/api/v1/event/${event.id}?join=1`, user.id);
    expect(again.body.data!.me!.id).toBe(joined.body.data!.me!.id);
    const rows = await db.selectFrom('participants').selectAll().where('event_id', '=', event.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      user_id: user.id,
      email: user.username,
      reg_type: 'join',
      state: 'active',
    });
    expect(rows[0]!.ticket_id).toMatch(/^[2-9A-HJ-NP-Z]{10}$/);
  });

  it('A7.21 attendEvent after a removal and a change of login address joins, as the record listed at the new address or the old place', async () => {
    const db = t.ctx.db;
    const event = await makeEvent(t.ctx, { public_event: true });
    const join = (userId: number) => get<EventDetails>(`/api/v1/event/${event.id}?attendEvent=true`, userId);
    const rows = (userId: number) =>
      db
        .selectFrom('participants')
        .select(['id', 'email', 'state'])
        .where('user_id', '=', userId)
        .where('event_id', '=', event.id)
        .execute();
    // Removed, then the account's address changed to one the organizer has listed since.
    const moved = await makeUser(t.ctx);
    const removedPlace = await makeParticipant(t.ctx, event.id, moved, { state: 'deleted' });
    const newAddress = `moved-${moved.id}@foyer.test`;
    await db.updateTable('users').set({ username: newAddress }).where('id', '=', moved.id).execute();
    const listing = await makeParticipant(t.ctx, event.id, null, { email: newAddress });
    const first = await join(moved.id);
    expect(first.status).toBe(200);
    expect(first.body.data!.me?.id).toBe(listing.id);
    expect(await rows(moved.id)).toEqual([{ id: listing.id, email: newAddress, state: 'active' }]);
    const left = await db
      .selectFrom('participants')
      .select('user_id')
      .where('id', '=', removedPlace.id)
      .executeTakeFirstOrThrow();
    expect(left.user_id).toBeNull();

    // Removed, and the new address is another account's removed place: the old place comes back.
    const other = await makeUser(t.ctx);
    const otherAddress = `taken-${other.id}@foyer.test`;
    await makeParticipant(t.ctx, event.id, other, { state: 'deleted', email: otherAddress });
    const back = await makeUser(t.ctx);
    const ownPlace = await makeParticipant(t.ctx, event.id, back, { state: 'deleted' });
    await db.updateTable('users').set({ username: otherAddress }).where('id', '=', back.id).execute();
    const second = await join(back.id);
    expect(second.status).toBe(200);
    expect(second.body.data!.me?.id).toBe(ownPlace.id);
    expect(await rows(back.id)).toEqual([{ id: ownPlace.id, email: ownPlace.email, state: 'active' }]);
  });

  it('A7.21 attendEvent does not join a public event whose registration is closed', async () => {
    const user = await makeUser(t.ctx);
    const event = await makeEvent(t.ctx, { public_event: true, registration_open: false });
    const res = await get<EventDetails>(`/api/v1/event/${event.id}?attendEvent=true`, user.id);
    expect(res.status).toBe(200);
    expect(res.body.data!.me).toBeNull();
  });

  it('answers unknown ids with 404 and malformed ids or flags with 400', async () => {
    const user = await makeUser(t.ctx);
    const notFound = await get('/api/v1/event/999999', user.id);
    expect(notFound.status).toBe(404);
    expect(notFound.body.error?.code).toBe('MST-00404');
    for (const url of [
      '/api/v1/event/abc',
      '/api/v1/event/0',
      '/api/v1/event/-4',
      '/api/v1/event/1.5',
      '/api/v1/event/99999999999',
      '/api/v1/event/1?attendEvent=yes',
      '/api/v1/event/1?extra=1',
      `/api/v1/event/1?refresh=${'x'.repeat(5000)}`,
    ]) {
      const res = await get(url, user.id);
      expect(res.status, url).toBe(400);
      expect(res.body.success).toBe(false);
    }
    expect((await get('/api/v1/event/1')).status).toBe(401);
  });
});
