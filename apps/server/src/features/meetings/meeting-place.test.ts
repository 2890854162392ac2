import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeEvent, makePerson, makeSlots } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helper';
import { meetingsApi } from '../../../test/meetings-api';

/** Issue 15: a confirmed meeting has a place: a numbered table at the meeting point, or the video call online. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterEach(() => t.app.bus.idle());
afterAll(async () => t.close());
beforeEach(() => t.setNow(new Date('2030-05-01T07:00:00Z')));

async function setup(eventType: 'normal' | 'hybrid' | 'online', pairs = 2) {
  const event = await makeEvent(t.ctx, { event_type: eventType });
  const slots = await makeSlots(t.ctx, event.id, new Date('2030-05-01T09:00:00Z'), 3);
  const lounge = await t.ctx.db
    .insertInto('locations')
    .values({ event_id: event.id, name: 'Meeting Lounge', capacity: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.ctx.db
    .updateTable('sessions')
    .set({ location_id: lounge.id })
    .where(
      'id',
      'in',
      slots.map((s) => s.id),
    )
    .execute();
  const api = meetingsApi(t.app, event.id);
  const people = [];
  for (let i = 0; i < pairs; i++) {
    const from = await makePerson(t.ctx, event.id);
    const to = await makePerson(t.ctx, event.id);
    const invitationId = (await api.invite(from, to)).body.data!.id;
    people.push({ from, to, invitationId });
  }
  return { event, slots, api, people };
}

describe('meetings with a place', () => {
  it('E3.16 pairs confirming the same slot at once get different tables at the slot’s location', async () => {
    const { slots, api, people } = await setup('hybrid', 5);
    const results = await Promise.all(people.map((p) => api.confirm(p.to, p.invitationId, slots[0]!.id)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const places = [];
    for (const p of people) {
      const [meeting] = (await api.meetings(p.from)).body.data!;
      const [theirs] = (await api.meetings(p.to)).body.data!;
      expect(theirs?.place).toEqual(meeting?.place); // both see the same table
      places.push(meeting?.place);
    }
    expect(places.map((p) => p?.location)).toEqual(Array(5).fill('Meeting Lounge'));
    // E3.16: a meeting at a table is on site.
    expect((await api.meetings(people[0]!.from)).body.data![0]?.onSite).toBe(true);
    expect(places.map((p) => p?.table).sort()).toEqual([1, 2, 3, 4, 5]);
  });

  it('a cancelled meeting frees its table; another slot starts from table 1; a move takes a free table there', async () => {
    const { slots, api, people } = await setup('normal', 3);
    await api.confirm(people[0]!.to, people[0]!.invitationId, slots[0]!.id);
    await api.confirm(people[1]!.to, people[1]!.invitationId, slots[0]!.id);
    const tableOf = async (who: (typeof people)[number]['from']) =>
      (await api.meetings(who)).body.data![0]?.place?.table;
    expect(await tableOf(people[1]!.from)).toBe(2);
    expect((await api.cancel(people[0]!.from, people[0]!.invitationId)).status).toBe(200);
    await api.confirm(people[2]!.to, people[2]!.invitationId, slots[0]!.id);
    expect(await tableOf(people[2]!.from)).toBe(1);

    // Pair 1 moves to the second slot, where nobody sits yet: table 1 there.
    const request = await api.reschedule(people[1]!.from, people[1]!.invitationId, slots[1]!.id);
    expect((await api.confirmReschedule(people[1]!.to, request.body.data!.id)).status).toBe(200);
    const moved = (await api.meetings(people[1]!.from)).body.data![0];
    expect(moved).toMatchObject({
      sdt: new Date(slots[1]!.sdt).toISOString(),
      place: { table: 1, location: 'Meeting Lounge' },
    });
  });

  it('E3.16 online, the video call is the place: no table, not on site', async () => {
    const { slots, api, people } = await setup('online', 1);
    await api.confirm(people[0]!.to, people[0]!.invitationId, slots[0]!.id);
    expect((await api.meetings(people[0]!.from)).body.data![0]).toMatchObject({ place: null, onSite: false });
  });
});
