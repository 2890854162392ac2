import {
  type AttendeeCard,
  SEARCH_COUNT_CAP,
  SEARCH_PROPS,
  type Search2Response,
  searchRowsToCards,
} from '@foyer/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  makeBooth,
  makeCategory,
  makeEvent,
  makePerson,
  makeType,
  type Person,
} from '../../../test/factories';
import { call, useTestApp } from '../../../test/helper';

const t = useTestApp();

async function search(person: Person, body: Record<string, unknown>) {
  return call<Search2Response>(t.app, {
    method: 'POST',
    url: '/api/v1/event/participant/search2',
    headers: person.headers,
    payload: body,
  });
}
const cards = (r: { body: { data?: Search2Response } }): AttendeeCard[] => searchRowsToCards(r.body.data!);

describe('POST /event/participant/search2', () => {
  it('E7.33 answers matches, props and rows aligned with props', async () => {
    const event = await makeEvent(t.ctx);
    const me = await makePerson(t.ctx, event.id, { name: 'Ada', surname: 'Lovelace', company: 'Engines' });
    await makePerson(t.ctx, event.id, { name: 'Alan', surname: 'Turing', jobTitle: 'Cryptanalyst' });
    const res = await search(me, { eventId: event.id });
    expect(res.status).toBe(200);
    expect(res.body.data?.props).toEqual([...SEARCH_PROPS]);
    expect(res.body.data?.matches).toBe(2);
    expect(res.body.data?.results[0]).toHaveLength(SEARCH_PROPS.length);
    const alan = cards(res).find((c) => c.name === 'Alan');
    expect(alan).toMatchObject({
      fullName: 'Alan Turing',
      jobTitle: 'Cryptanalyst',
      canInvite: true,
      tags: [],
    });
    expect(cards(res).find((c) => c.name === 'Ada')?.canInvite).toBe(false); // E6.18
  });

  it('A9.18 E9.01 pages by 60 with an after cursor and no duplicates', async () => {
    const event = await makeEvent(t.ctx);
    const me = await makePerson(t.ctx, event.id);
    for (let i = 0; i < 70; i++)
      await makePerson(t.ctx, event.id, { name: `N${String(i).padStart(2, '0')}` });
    const first = await search(me, { eventId: event.id });
    expect(first.body.data?.results).toHaveLength(60);
    expect(first.body.data?.matches).toBe(71);
    const second = await search(me, { eventId: event.id, after: first.body.data?.after });
    expect(second.body.data?.results).toHaveLength(11);
    expect(second.body.data?.after).toBeNull();
    expect(second.body.data?.matches).toBeNull();
    const ids = [...cards(first), ...cards(second)].map((c) => c.id);
    expect(new Set(ids).size).toBe(71);
    const byName = await search(me, { eventId: event.id, orderBy: 'name', asc: false, length: 5 });
    const names = cards(byName).map((c) => c.fullName.toLowerCase());
    expect(names).toEqual([...names].sort().reverse());
  });

  it('counts a narrowed search up to SEARCH_COUNT_CAP, and pages dense and rare matches alike', async () => {
    const event = await makeEvent(t.ctx);
    const me = await makePerson(t.ctx, event.id, { name: 'Viewer' });
    // More "Ann"s than the cap, 70 "Zoltan"s: a dense and a rare query, paged by walking and by sorting.
    const dense = SEARCH_COUNT_CAP + 5;
    await sql`
      INSERT INTO participants (event_id, email, name, surname, state)
      SELECT ${event.id}, 'cap-' || i || '@foyer.test', CASE WHEN i <= ${dense} THEN 'Ann' ELSE 'Zoltan' END,
             'S' || lpad(i::text, 5, '0'), CASE WHEN i % 7 = 0 THEN 'inactive' ELSE 'active' END
        FROM generate_series(1, ${dense + 70}) i`.execute(t.ctx.db);
    const whole = await search(me, { eventId: event.id });
    expect(whole.body.data?.matches).toBe(dense + 71); // the directory is counted exactly
    expect(whole.body.data?.matchesCapped).toBeUndefined();

    const pageAll = async (body: Record<string, unknown>) => {
      const first = await search(me, { eventId: event.id, ...body });
      const all = cards(first);
      let after = first.body.data?.after;
      while (after) {
        const next = await search(me, { eventId: event.id, ...body, after, length: 100 });
        expect(next.status).toBe(200);
        all.push(...cards(next));
        after = next.body.data?.after;
      }
      return { first: first.body.data, all };
    };
    const anns = await pageAll({ query: 'ann' });
    expect(anns.first?.matches).toBe(SEARCH_COUNT_CAP);
    expect(anns.first?.matchesCapped).toBe(true);
    expect(anns.all).toHaveLength(dense);
    expect(new Set(anns.all.map((c) => c.id)).size).toBe(dense);

    const rare = await pageAll({ query: 'zolt', length: 25 });
    expect(rare.first?.matches).toBe(70);
    expect(rare.first?.matchesCapped).toBeUndefined();
    expect(rare.all).toHaveLength(70);
    // Relevance order holds across pages read by sorting: active people first, then by name.
    const key = (c: AttendeeCard) => `${c.fullName.toLowerCase()}`;
    const inactive = (c: AttendeeCard) => Number(c.surname.slice(1)) % 7 === 0;
    const sorted = (list: AttendeeCard[]) => list.map(key).sort();
    expect(rare.all.map(key)).toEqual([
      ...sorted(rare.all.filter((c) => !inactive(c))),
      ...sorted(rare.all.filter(inactive)),
    ]);
    const byName = await pageAll({ query: 'zolt', orderBy: 'name', asc: false, length: 30 });
    expect(byName.all.map(key)).toEqual([...rare.all.map(key)].sort().reverse());
  });

  it('E9 A9.50 E9.57 boosts active people, booth owners and higher type priority first', async () => {
    const event = await makeEvent(t.ctx);
    const low = await makeType(t.ctx, event.id, { priority: 1 });
    const high = await makeType(t.ctx, event.id, { priority: 5 });
    const booth = await makeBooth(t.ctx, event.id);
    const me = await makePerson(t.ctx, event.id, { name: 'Zed', state: 'inactive' });
    await makePerson(t.ctx, event.id, { name: 'Low', typeId: low.id });
    await makePerson(t.ctx, event.id, { name: 'High', typeId: high.id });
    await makePerson(t.ctx, event.id, {
      name: 'Owner',
      typeId: low.id,
      boothId: booth.id,
      boothRole: 'owner',
    });
    const res = await search(me, { eventId: event.id });
    expect(cards(res).map((c) => c.name)).toEqual(['Owner', 'High', 'Low', 'Zed']);
    expect(cards(res)[0]?.boothName).toBe(booth.name);
  });

  it('E1.01 finds by name prefix, company substring, offer, seek and category names', async () => {
    const event = await makeEvent(t.ctx);
    const industry = await makeCategory(t.ctx, event.id, { name: 'Industry' });
    const fintech = await makeCategory(t.ctx, event.id, { name: 'Fintech', parentId: industry.id });
    const me = await makePerson(t.ctx, event.id);
    await makePerson(t.ctx, event.id, { name: 'Grace', surname: 'Hopper', company: 'Navy Labs' });
    await makePerson(t.ctx, event.id, { name: 'Bob', offer: 'seed funding', seek: 'founders' });
    await makePerson(t.ctx, event.id, { name: 'Cat', categoryIds: [fintech.id] });
    const names = async (query: string) =>
      cards(await search(me, { eventId: event.id, query })).map((c) => c.name);
    expect(await names('gra')).toEqual(['Grace']);
    expect(await names('Grace Hop')).toEqual(['Grace']);
    expect(await names('avy la')).toEqual(['Grace']);
    expect(await names('funding')).toEqual(['Bob']);
    expect(await names('founder')).toEqual(['Bob']);
    expect(await names('fintech')).toEqual(['Cat']);
    expect(await names('nobody-like-this')).toEqual([]);
    expect(await names("o'; DROP TABLE participants; --")).toEqual([]);
  });

  it('filters by participant type, categories and tags; hides ignored people', async () => {
    const event = await makeEvent(t.ctx);
    const speaker = await makeType(t.ctx, event.id, { name: 'Speaker' });
    const topic = await makeCategory(t.ctx, event.id, { name: 'Topic' });
    const ai = await makeCategory(t.ctx, event.id, { name: 'AI', parentId: topic.id });
    const me = await makePerson(t.ctx, event.id);
    const s = await makePerson(t.ctx, event.id, { name: 'Speaks', typeId: speaker.id });
    const a = await makePerson(t.ctx, event.id, { name: 'Aiko', categoryIds: [ai.id] });
    const names = async (body: Record<string, unknown>) =>
      cards(await search(me, { eventId: event.id, ...body })).map((c) => c.name);
    expect(await names({ filters: { typeIds: [speaker.id] } })).toEqual(['Speaks']);
    expect(await names({ filters: { categoryIds: [ai.id] } })).toEqual(['Aiko']);
    const tag = (participantId: number, tagName: string, on: boolean) =>
      call(t.app, {
        method: 'POST',
        url: '/api/v1/event/participant/tag',
        headers: me.headers,
        payload: { eventId: event.id, participantId, tag: tagName, on },
      });
    expect((await tag(s.id, 'fav', true)).status).toBe(200);
    expect(await names({ filters: { tags: ['fav'] } })).toEqual(['Speaks']);
    await tag(a.id, 'ignored', true);
    expect(await names({})).not.toContain('Aiko');
    expect(await names({ filters: { tags: ['ignored'] } })).toEqual(['Aiko']);
    const own = await tag(me.id, 'fav', true);
    expect(own.status).toBe(400); // E6.21
  });

  it('E6.01, E6.17 hides invisible people from attendees, and restricted events segment by type', async () => {
    const event = await makeEvent(t.ctx, { restricted: true });
    const buyer = await makeType(t.ctx, event.id, { name: 'Buyer' });
    const seller = await makeType(t.ctx, event.id, { name: 'Seller', invitationRights: [] });
    await t.ctx.db
      .updateTable('participant_types')
      .set({ invitation_rights: JSON.stringify([seller.id]) })
      .where('id', '=', buyer.id)
      .execute();
    const me = await makePerson(t.ctx, event.id, { name: 'Me', typeId: buyer.id });
    await makePerson(t.ctx, event.id, { name: 'OtherBuyer', typeId: buyer.id });
    await makePerson(t.ctx, event.id, { name: 'Seller', typeId: seller.id });
    await makePerson(t.ctx, event.id, { name: 'Hidden', typeId: seller.id, visible: false });
    const org = await makePerson(t.ctx, event.id, { name: 'Org', organizer: true });
    const mine = cards(await search(me, { eventId: event.id, restricted: false, organizer: true }));
    expect(mine.map((c) => c.name).sort()).toEqual(['Me', 'Seller']);
    const all = cards(await search(org, { eventId: event.id }));
    expect(all.map((c) => c.name).sort()).toEqual(['Hidden', 'Me', 'Org', 'OtherBuyer', 'Seller']);
  });

  it('rejects bad input with a 4xx envelope', async () => {
    const event = await makeEvent(t.ctx);
    const me = await makePerson(t.ctx, event.id);
    const bad = [
      { eventId: 'x' },
      { eventId: event.id, length: 1000 },
      { eventId: event.id, query: 'a'.repeat(1_000_000) },
      { eventId: event.id, unknown: 1 },
      { eventId: event.id, after: 'not-a-cursor' },
      { eventId: event.id, orderBy: 'password' },
    ];
    for (const body of bad) {
      const res = await search(me, body);
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(res.body.success).toBe(false);
    }
    const malformed = await call(t.app, {
      method: 'POST',
      url: '/api/v1/event/participant/search2',
      headers: { ...me.headers, 'content-type': 'application/json' },
      payload: '{"eventId":',
    });
    expect(malformed.status).toBe(400);
    const anonymous = await call(t.app, {
      method: 'POST',
      url: '/api/v1/event/participant/search2',
      payload: {},
    });
    expect(anonymous.status).toBe(401);
    const stranger = await makePerson(t.ctx, (await makeEvent(t.ctx)).id);
    expect((await search(stranger, { eventId: event.id })).status).toBe(403);
  });
});

describe('search2 with the short cache on', () => {
  it('shows my fresh tags, leaves out the person I ignore, and shows presence and profile changes at once', async () => {
    t.app.searchCache.configure({ ttlMs: 60_000 });
    try {
      const event = await makeEvent(t.ctx);
      const me = await makePerson(t.ctx, event.id, { name: 'Me' });
      const other = await makePerson(t.ctx, event.id, { name: 'Other' });
      const bob = await makePerson(t.ctx, event.id, { name: 'Bob' });
      const otherEvent = await makeEvent(t.ctx);
      const first = await search(me, { eventId: event.id });
      expect(first.body.data?.matches).toBe(3);
      // Presence is no search write (migration 0011_infra), but cards are read fresh by id.
      await t.ctx.db.updateTable('participants').set({ present: 'venue' }).where('id', '=', bob.id).execute();
      await makePerson(t.ctx, otherEvent.id, { name: 'Elsewhere' });
      const tag = (participantId: number, tagName: string) =>
        call(t.app, {
          method: 'POST',
          url: '/api/v1/event/participant/tag',
          headers: me.headers,
          payload: { eventId: event.id, participantId, tag: tagName, on: true },
        });
      await tag(bob.id, 'ignored');
      await tag(other.id, 'fav');
      const second = await search(me, { eventId: event.id });
      expect(
        cards(second)
          .map((c) => c.name)
          .sort(),
      ).toEqual(['Me', 'Other']);
      expect(second.body.data?.matches).toBe(2);
      expect(cards(second).find((c) => c.name === 'Other')?.tags).toEqual(['fav']);
      const otherView = await search(other, { eventId: event.id });
      expect(
        cards(otherView)
          .map((c) => c.name)
          .sort(),
      ).toEqual(['Bob', 'Me', 'Other']);
      expect(cards(otherView).find((c) => c.name === 'Other')?.tags).toEqual([]);
      expect(cards(otherView).find((c) => c.name === 'Bob')?.present).toBe('venue');
      await call(t.app, {
        method: 'PUT',
        url: '/api/v1/event/participant',
        headers: me.headers,
        payload: { eventId: event.id, company: 'Renamed' },
      });
      const fresh = cards(await search(other, { eventId: event.id, query: 'renamed' }));
      expect(fresh.map((c) => c.name)).toEqual(['Me']);
      expect(fresh[0]?.company).toBe('Renamed');
    } finally {
      t.app.searchCache.configure({ ttlMs: 0 });
    }
  });
});
