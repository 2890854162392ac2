import { type Search2Response, searchRowsToCards } from '@foyer/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  makeBooth,
  makeEvent,
  makePerson,
  makeType,
  type Person,
  tokenHeaders,
} from '../../../test/factories';
import { call, createTestApp, type TestApp } from '../../../test/helper';
import { insertUser } from '../user/user.service';

// Two app instances on one database stand for two server processes, each with its own page cache.
let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  a = await createTestApp();
  b = await createTestApp();
  a.app.searchCache.configure({ ttlMs: 60_000 });
  b.app.searchCache.configure({ ttlMs: 60_000 });
});
afterEach(() => Promise.all([a.app.bus.idle(), b.app.bus.idle()]));
afterAll(async () => {
  await a.close();
  await b.close();
});

async function search(t: TestApp, who: Person, body: Record<string, unknown>) {
  const res = await call<Search2Response>(t.app, {
    method: 'POST',
    url: '/api/v1/event/participant/search2',
    headers: who.headers,
    payload: body,
  });
  expect(res.status).toBe(200);
  const data = res.body.data!;
  return { matches: data.matches, cards: searchRowsToCards(data) };
}

describe('search2 in two processes (E7.32, E7.33)', () => {
  it('E7.32 a registration, a join, a profile edit, a type change and a removal show at once in every process', async () => {
    const event = await makeEvent(a.ctx, { public_event: true });
    await makeType(a.ctx, event.id, { name: 'Attendee', atRegistration: true });
    const { id: speakers } = await makeType(a.ctx, event.id, { name: 'Speaker' });
    const me = await makePerson(a.ctx, event.id, { name: 'Viewer' });
    const zelda = { eventId: event.id, query: 'zelda' };

    // Both processes cache "no match" first.
    expect((await search(a, me, zelda)).matches).toBe(0);
    expect((await search(b, me, zelda)).matches).toBe(0);

    // Registration through process b.
    const registered = await call(b.app, {
      method: 'POST',
      url: '/api/v1/event/register',
      payload: {
        eventId: event.id,
        name: 'Zelda',
        surname: 'Fitzgerald',
        email: 'zelda@example.test',
        password: 'Correct horse 1',
        consent: true,
      },
    });
    expect(registered.status).toBe(200);
    expect((await search(a, me, zelda)).cards.map((c) => c.fullName)).toEqual(['Zelda Fitzgerald']);
    expect((await search(b, me, zelda)).matches).toBe(1);

    // A logged-in user joins the public event through process b (A7.21 attendEvent).
    const yorick = await insertUser(b.ctx.db, {
      username: 'yorick@example.test',
      name: 'Yorick',
      surname: 'Joiner',
      passwordHash: null,
    });
    expect((await search(a, me, { eventId: event.id, query: 'yorick' })).matches).toBe(0);
    const joined = await call(b.app, {
      method: 'GET',
      url: `/api/v1/event/${event.id}?attendEvent=true`,
      headers: await tokenHeaders(b.ctx, yorick.id),
    });
    expect(joined.status).toBe(200);
    expect((await search(a, me, { eventId: event.id, query: 'yorick' })).matches).toBe(1);

    // Writes of any feature: a profile edit, a type change, a removal.
    const byCompany = { eventId: event.id, query: 'quantum' };
    expect((await search(a, me, byCompany)).matches).toBe(0);
    await b.ctx.db
      .updateTable('participants')
      .set({ company: 'Quantum Looms' })
      .where('email', '=', 'zelda@example.test')
      .execute();
    expect((await search(a, me, byCompany)).cards.map((c) => c.company)).toEqual(['Quantum Looms']);

    const bySpeakers = { eventId: event.id, filters: { typeIds: [speakers] } };
    expect((await search(a, me, bySpeakers)).matches).toBe(0);
    await b.ctx.db
      .updateTable('participants')
      .set({ type_id: speakers })
      .where('email', '=', 'zelda@example.test')
      .execute();
    expect((await search(a, me, bySpeakers)).matches).toBe(1);

    await b.ctx.db
      .updateTable('participants')
      .set({ state: 'deleted' })
      .where('email', '=', 'zelda@example.test')
      .execute();
    expect((await search(a, me, zelda)).matches).toBe(0);
    expect((await search(a, me, bySpeakers)).matches).toBe(0);
  });

  it('E7.33 a renamed booth or type, and presence, show on the cards at once', async () => {
    const event = await makeEvent(a.ctx);
    const { id: typeId } = await makeType(a.ctx, event.id, { name: 'Guest' });
    const booth = await makeBooth(a.ctx, event.id, 'Stand One');
    const me = await makePerson(a.ctx, event.id, { name: 'Viewer' });
    await makePerson(a.ctx, event.id, { name: 'Kim', typeId, boothId: booth.id, boothRole: 'user' });
    const kim = { eventId: event.id, query: 'kim' };
    expect((await search(a, me, kim)).cards[0]).toMatchObject({
      participantType: 'Guest',
      boothName: 'Stand One',
    });

    await b.ctx.db.updateTable('participant_types').set({ name: 'Press' }).where('id', '=', typeId).execute();
    expect((await search(a, me, kim)).cards[0]?.participantType).toBe('Press');
    await b.ctx.db.updateTable('booths').set({ name: 'Stand Two' }).where('id', '=', booth.id).execute();
    expect((await search(a, me, kim)).cards[0]?.boothName).toBe('Stand Two');

    // Presence is no search write (migration 0011_infra), but a page's cards are read fresh by id.
    await b.ctx.db
      .updateTable('participants')
      .set({ present: 'venue' })
      .where('event_id', '=', event.id)
      .where('name', '=', 'Kim')
      .execute();
    const stored = await a.ctx.db
      .selectFrom('participants')
      .select('present')
      .where('name', '=', 'Kim')
      .executeTakeFirstOrThrow();
    expect(stored.present).toBe('venue');
    expect((await search(a, me, kim)).cards[0]?.present).toBe('venue');
  });
});
