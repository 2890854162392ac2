import { MeetingErrorCode } from '@foyer/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeEvent, makePerson, makeSlots } from '../../../test/factories';
import { useTestApp } from '../../../test/helper';
import { meetingsApi } from '../../../test/meetings-api';

const t = useTestApp();
beforeEach(() => t.setNow(new Date('2030-05-01T07:00:00Z')));

async function overlappingMeetings(): Promise<number> {
  // Any two active bookings of one person whose times overlap.
  const rows = await t.ctx.db
    .selectFrom('meeting_participants as a')
    .innerJoin('meeting_participants as b', (join) =>
      join
        .onRef('a.participant_id', '=', 'b.participant_id')
        .onRef('a.meeting_id', '<', 'b.meeting_id')
        .onRef('a.sdt', '<', 'b.edt')
        .onRef('b.sdt', '<', 'a.edt'),
    )
    .select('a.participant_id')
    .where('a.active', '=', true)
    .where('b.active', '=', true)
    .execute();
  return rows.length;
}

describe('E5.11 race-free booking', () => {
  it('two people confirming the same slot with one person at the same time: exactly one wins', async () => {
    const event = await makeEvent(t.ctx);
    const [slot] = await makeSlots(t.ctx, event.id, new Date('2030-05-01T09:00:00Z'), 1);
    const api = meetingsApi(t.app, event.id);
    const ana = await makePerson(t.ctx, event.id);
    const guests = await Promise.all(Array.from({ length: 6 }, () => makePerson(t.ctx, event.id)));
    const invitations: number[] = [];
    for (const g of guests) invitations.push((await api.invite(ana, g)).body.data!.id);
    const results = await Promise.all(
      guests.map((g, i) => api.confirm(g, invitations[i] as number, slot!.id)),
    );
    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) {
      expect(r.status).toBe(409);
      expect(r.body.error?.code).toBe(MeetingErrorCode.SlotNotFree);
    }
    expect(await overlappingMeetings()).toBe(0);
  });

  it('one person confirming two invitations into one slot at the same time: exactly one wins', async () => {
    const event = await makeEvent(t.ctx);
    const [slot] = await makeSlots(t.ctx, event.id, new Date('2030-05-01T09:00:00Z'), 1);
    const api = meetingsApi(t.app, event.id);
    const ben = await makePerson(t.ctx, event.id);
    const senders = await Promise.all(Array.from({ length: 4 }, () => makePerson(t.ctx, event.id)));
    const ids: number[] = [];
    for (const s of senders) ids.push((await api.invite(s, ben)).body.data!.id);
    const results = await Promise.all(ids.map((id) => api.confirm(ben, id, slot!.id)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(3);
    expect(await overlappingMeetings()).toBe(0);
  });

  it('overlapping (not identical) slots and a concurrent session join never double-book', async () => {
    const event = await makeEvent(t.ctx);
    const api = meetingsApi(t.app, event.id);
    const [a] = await makeSlots(t.ctx, event.id, new Date('2030-05-01T09:00:00Z'), 1, 30);
    const [b] = await makeSlots(t.ctx, event.id, new Date('2030-05-01T09:15:00Z'), 1, 30);
    const ben = await makePerson(t.ctx, event.id);
    const x = await makePerson(t.ctx, event.id);
    const y = await makePerson(t.ctx, event.id);
    const i1 = (await api.invite(x, ben)).body.data!.id;
    const i2 = (await api.invite(y, ben)).body.data!.id;
    const results = await Promise.all([api.confirm(ben, i1, a!.id), api.confirm(ben, i2, b!.id)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await overlappingMeetings()).toBe(0);
  });

  it('the same invitation confirmed twice at once books once', async () => {
    const event = await makeEvent(t.ctx);
    const slots = await makeSlots(t.ctx, event.id, new Date('2030-05-01T09:00:00Z'), 2);
    const api = meetingsApi(t.app, event.id);
    const ana = await makePerson(t.ctx, event.id);
    const ben = await makePerson(t.ctx, event.id);
    const id = (await api.invite(ana, ben)).body.data!.id;
    const results = await Promise.all([
      api.confirm(ben, id, slots[0]!.id),
      api.confirm(ben, id, slots[1]!.id),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const meetings = await t.ctx.db.selectFrom('meetings').select('id').execute();
    expect(meetings).toHaveLength(1);
  });
});
