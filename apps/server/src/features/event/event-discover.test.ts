import { type DiscoverEvent, discoverEventSchema, type EventListResult } from '@foyer/contract';
import { describe, expect, it } from 'vitest';
import { makeEvent, makeParticipant, makePerson, makeUser } from '../../../test/factories';
import { call, useTestApp } from '../../../test/helper';

const t = useTestApp();

const get = <T>(url: string, headers: Record<string, string> = {}) =>
  call<T>(t.app, { method: 'GET', url: `/api/v1${url}`, headers });

let n = 0;
/** A name no other test uses, so a search finds only this test's events. */
const unique = (label: string) => `${label} ${Date.now()}-${++n}`;

describe('discovery of public events (issue 12, part 9)', () => {
  it('lists public upcoming and running events, newest first, to anyone; not private, over, finished or archived ones', async () => {
    const tag = unique('Discover');
    const running = await makeEvent(t.ctx, {
      name: `${tag} running`,
      public_event: true,
      startsInDays: -1,
      days: 3,
    });
    const upcoming = await makeEvent(t.ctx, {
      name: `${tag} upcoming`,
      public_event: true,
      startsInDays: 10,
      domain: `up-${Date.now()}`,
      images: JSON.stringify({ logo: '/logo.png', banner: null }),
      colors: JSON.stringify({ primary: '#123456' }),
    });
    await makeEvent(t.ctx, { name: `${tag} private`, public_event: false, startsInDays: 5 });
    await makeEvent(t.ctx, { name: `${tag} over`, public_event: true, startsInDays: -5, days: 1 });
    await makeEvent(t.ctx, {
      name: `${tag} finished`,
      public_event: true,
      startsInDays: 2,
      is_finished: true,
    });
    await makeEvent(t.ctx, {
      name: `${tag} archived`,
      public_event: true,
      startsInDays: 3,
      archived_at: new Date(),
    });

    const res = await get<DiscoverEvent[]>(`/event/discover?query=${encodeURIComponent(tag.toUpperCase())}`);
    expect(res.status).toBe(200);
    const events = res.body.data!;
    expect(events.map((e) => e.id)).toEqual([upcoming.id, running.id]);
    for (const event of events) expect(discoverEventSchema.parse(event)).toEqual(event);
    expect(events[0]).toMatchObject({
      name: `${tag} upcoming`,
      domain: upcoming.domain,
      logo: '/logo.png',
      banner: null,
      colors: { primary: '#123456' },
      timezone: 'UTC',
      registrationOpen: true,
      joined: false,
    });
    const all = await get<DiscoverEvent[]>('/event/discover');
    expect(all.status).toBe(200);
    expect(all.body.data!.length).toBeLessThanOrEqual(50);
  });

  it('answers at most 50 events', async () => {
    const tag = unique('Crowd');
    for (let i = 0; i < 51; i++) {
      await makeEvent(t.ctx, { name: `${tag} ${i}`, public_event: true, startsInDays: 1 + i / 100 });
    }
    const res = await get<DiscoverEvent[]>(`/event/discover?query=${encodeURIComponent(tag)}`);
    expect(res.body.data).toHaveLength(50);
    expect(res.body.data![0]!.name).toBe(`${tag} 50`);
  });

  it('marks the events the caller joined, and joining from the list works (A7.21 E7.27)', async () => {
    const tag = unique('Joinable');
    const event = await makeEvent(t.ctx, { name: tag, public_event: true, startsInDays: 4 });
    const user = await makeUser(t.ctx);
    const before = await get<DiscoverEvent[]>(
      `/event/discover?query=${encodeURIComponent(tag)}`,
      user.headers,
    );
    expect(before.body.data?.[0]).toMatchObject({ id: event.id, joined: false });
    const joined = await get(`/event/${event.id}?attendEvent=true`, user.headers);
    expect(joined.status).toBe(200);
    const after = await get<DiscoverEvent[]>(
      `/event/discover?query=${encodeURIComponent(tag)}`,
      user.headers,
    );
    expect(after.body.data?.[0]).toMatchObject({ id: event.id, joined: true });
    // A bad token is no token: still public.
    const stale = await get<DiscoverEvent[]>(`/event/discover?query=${encodeURIComponent(tag)}`, {
      authorization: 'Bearer nonsense',
    });
    expect(stale.status).toBe(200);
    expect(stale.body.data?.[0]).toMatchObject({ joined: false });
  });

  it('takes the search text literally and refuses bad input with field keys', async () => {
    const tag = unique('Literal');
    const event = await makeEvent(t.ctx, {
      name: `${tag} 100% fun_day`,
      public_event: true,
      startsInDays: 2,
    });
    await makeEvent(t.ctx, { name: `${tag} 100 x funXday`, public_event: true, startsInDays: 2 });
    const literal = await get<DiscoverEvent[]>(
      `/event/discover?query=${encodeURIComponent(`${tag} 100% fun_`)}`,
    );
    expect(literal.body.data?.map((e) => e.id)).toEqual([event.id]);
    const nul = await get(`/event/discover?query=a%00b`);
    expect(nul.status).toBe(400);
    expect(nul.body.error?.fields).toEqual({ query: 'validation.error.nul' });
    const long = await get(`/event/discover?query=${'x'.repeat(201)}`);
    expect(long.status).toBe(400);
    expect(long.body.error?.fields).toEqual({ query: 'validation.error.maxLength' });
    const unknown = await get('/event/discover?page=2');
    expect(unknown.status).toBe(400);
  });

  it('opens a public event by its domain label or number; private, archived and unknown codes are not found', async () => {
    const label = `code-${Date.now()}`;
    const open = await makeEvent(t.ctx, { public_event: true, startsInDays: 3, domain: label });
    const hidden = await makeEvent(t.ctx, { public_event: false, startsInDays: 3, domain: `${label}-p` });
    const archived = await makeEvent(t.ctx, {
      public_event: true,
      startsInDays: 3,
      domain: `${label}-a`,
      archived_at: new Date(),
    });
    const byLabel = await get<{ id: number }>(`/event/code/${label.toUpperCase()}`);
    expect(byLabel.status).toBe(200);
    expect(byLabel.body.data).toEqual({ id: open.id });
    expect((await get<{ id: number }>(`/event/code/${open.id}`)).body.data).toEqual({ id: open.id });
    for (const code of [
      `${label}-p`,
      String(hidden.id),
      `${label}-a`,
      String(archived.id),
      'no-such-event',
      '99999999999',
      '0',
    ]) {
      const res = await get(`/event/code/${code}`);
      expect(res.status, code).toBe(404);
      expect(res.body.success).toBe(false);
    }
    const bad = await get(`/event/code/${encodeURIComponent('a b!')}`);
    expect(bad.status).toBe(400);
    expect(bad.body.error?.fields).toEqual({ code: 'validation.error.eventCode' });
    expect((await get(`/event/code/${label}?x=1`)).status).toBe(400);
  });

  it('drops archived events from the attendee list (GET /event)', async () => {
    const person = await makeUser(t.ctx);
    const kept = await makeEvent(t.ctx, { startsInDays: 3 });
    const gone = await makeEvent(t.ctx, { startsInDays: 3, archived_at: new Date() });
    await makeParticipant(t.ctx, kept.id, person);
    await makeParticipant(t.ctx, gone.id, person);
    const res = await get<EventListResult>('/event', person.headers);
    expect(res.status).toBe(200);
    expect(res.body.data!.events.map((e) => e.id)).toEqual([kept.id]);
    // The organizer still finds it in the console, to restore it.
    const organizer = await makePerson(t.ctx, gone.id, { organizer: true, organizerRole: 'owner' });
    const console = await get<{ id: number; archived: boolean }[]>('/organizer/event', organizer.headers);
    expect(console.body.data).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: gone.id, archived: true })]),
    );
  });
});
