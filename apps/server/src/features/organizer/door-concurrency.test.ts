import { type ConsoleCheckInArea, type ConsoleDoor, ErrorCode } from '@foyer/contract';
import { describe, expect, it } from 'vitest';
import { makePerson, type Person } from '../../../test/factories';
import { useHeldTransactions } from '../../../test/held-transactions';
import { useTestApp } from '../../../test/helper';
import { consoleDoor } from './door.fixtures';
import { updateArea } from './door.repository';

/**
 * E5.56: two organizers editing one check-in area at once. A save names the `updatedAt` it read; a
 * save from an older read is a 409 that changes nothing (door.service.ts updateArea).
 */

const t = useTestApp();
const { api, setup, scan } = consoleDoor(t);

describe('organizer console: two organizers editing one area (optimistic concurrency)', () => {
  const put = (who: Person, base: string, id: number, body: object) =>
    api<ConsoleCheckInArea>(who, 'PUT', `${base}/areas/${id}`, body);

  it('E5.56 a save made from an area read before another organizer’s save is a 409 and changes nothing', async () => {
    const { event, organizer, room, vip, visitor, base } = await setup();
    const other = await makePerson(t.ctx, event.id, { organizer: true, organizerRole: 'owner' });
    const created = await api<ConsoleCheckInArea>(organizer, 'POST', `${base}/areas`, {
      entityType: 'location',
      entityId: room.id,
      name: 'Hall',
      capacity: 50,
    });
    const read = created.body.data!;
    expect(read.updatedAt).toEqual(expect.any(String));
    // Both open the area; the other organizer saves first.
    const first = await put(other, base, read.id, {
      name: 'VIP lounge',
      allowedTypeIds: [vip.id],
      updatedAt: read.updatedAt,
    });
    expect(first.status).toBe(200);
    expect(first.body.data?.updatedAt).not.toBe(read.updatedAt);
    const second = await put(organizer, base, read.id, {
      name: 'Visitors',
      capacity: 10,
      allowedTypeIds: [visitor.id],
      updatedAt: read.updatedAt,
    });
    expect(second.status).toBe(409);
    expect(second.body.error).toMatchObject({
      code: ErrorCode.Conflict,
      msg: expect.stringMatching(/changed/i),
    });
    expect(second.body.error?.fields).toEqual({ updatedAt: 'organizer.door.error.stale' });
    const door = await api<ConsoleDoor>(organizer, 'GET', `${base}/areas`);
    expect(door.body.data?.areas).toMatchObject([
      { id: read.id, customName: 'VIP lounge', capacity: 50, allowedTypeIds: [vip.id] },
    ]);
    // Saved again from the area as it is now, the change goes in.
    const again = await put(organizer, base, read.id, {
      capacity: 10,
      updatedAt: door.body.data?.areas[0]?.updatedAt,
    });
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ customName: 'VIP lounge', capacity: 10 });
  });

  it('E5.56 every save moves updatedAt on, even two in the same millisecond; scans do not', async () => {
    const { event, organizer, room, base } = await setup();
    const created = await api<ConsoleCheckInArea>(organizer, 'POST', `${base}/areas`, {
      entityType: 'location',
      entityId: room.id,
    });
    let read = created.body.data!;
    const seen = new Set([read.updatedAt]);
    for (const capacity of [5, 6, 7]) {
      const saved = await put(organizer, base, read.id, { capacity, updatedAt: read.updatedAt });
      expect(saved.status).toBe(200);
      read = saved.body.data!;
      expect(seen.has(read.updatedAt)).toBe(false);
      seen.add(read.updatedAt);
    }
    // Two saves stamped with the same clock time (one millisecond) still tell apart.
    const at = new Date(Date.parse(read.updatedAt) + 60_000);
    const one = await updateArea(t.ctx.db, read.id, { capacity: 8 }, at, undefined);
    const two = await updateArea(t.ctx.db, read.id, { capacity: 9 }, at, undefined);
    expect(two!.updated_at.getTime()).toBeGreaterThan(one!.updated_at.getTime());
    read = (await put(organizer, base, read.id, { capacity: 7, updatedAt: two!.updated_at.toISOString() }))
      .body.data!;
    // A check-in changes the occupancy, not the set-up: an edit made from the last read still goes in.
    const guest = await makePerson(t.ctx, event.id);
    expect((await scan(organizer, event.id, room.id, guest.id)).body.data?.outcome).toBe('checkedIn');
    const afterScan = await put(organizer, base, read.id, { name: 'Main hall', updatedAt: read.updatedAt });
    expect(afterScan.status).toBe(200);
    expect(afterScan.body.data).toMatchObject({ customName: 'Main hall', capacity: 7, capacityUsed: 1 });
  });

  it('E5.56 deleting a participant type that an area lets in moves the area on: a save from the read before is a 409', async () => {
    const { event, organizer, room, vip, visitor, base } = await setup();
    const created = await api<ConsoleCheckInArea>(organizer, 'POST', `${base}/areas`, {
      entityType: 'location',
      entityId: room.id,
      allowedTypeIds: [vip.id],
    });
    const read = created.body.data!;
    const entrance = (
      await api<ConsoleCheckInArea>(organizer, 'POST', `${base}/areas`, {
        entityType: 'event',
        name: 'Entrance',
      })
    ).body.data!;
    // Another organizer deletes VIP, moving its people (and the area's rule) to Visitor.
    const deleted = await api(
      organizer,
      'DELETE',
      `/organizer/event/${event.id}/types/${vip.id}?moveTo=${visitor.id}`,
    );
    expect(deleted.status).toBe(200);
    const stale = await put(organizer, base, read.id, {
      name: 'VIP lounge',
      allowedTypeIds: [visitor.id],
      updatedAt: read.updatedAt,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error?.fields).toEqual({ updatedAt: 'organizer.door.error.stale' });
    const door = await api<ConsoleDoor>(organizer, 'GET', `${base}/areas`);
    const now = door.body.data?.areas.find((a) => a.id === read.id);
    expect(now).toMatchObject({ customName: null, allowedTypeIds: [visitor.id] });
    expect(now?.updatedAt).not.toBe(read.updatedAt);
    // An area whose list did not name the type keeps its time: a save from its read goes in.
    const kept = await put(organizer, base, entrance.id, {
      name: 'Main entrance',
      updatedAt: entrance.updatedAt,
    });
    expect(kept.status).toBe(200);
  });

  it('E5.56 a save without updatedAt (an API client that does not send it) still saves: the last one wins', async () => {
    const { organizer, room, base } = await setup();
    const created = await api<ConsoleCheckInArea>(organizer, 'POST', `${base}/areas`, {
      entityType: 'location',
      entityId: room.id,
    });
    const id = created.body.data!.id;
    expect(
      (await put(organizer, base, id, { capacity: 3, updatedAt: created.body.data!.updatedAt })).status,
    ).toBe(200);
    const blind = await put(organizer, base, id, { capacity: 4 });
    expect(blind.status).toBe(200);
    expect(blind.body.data).toMatchObject({ capacity: 4 });
  });

  it('E5.56 updatedAt that is not a time is a 400 on the field; a removed area is still a 404', async () => {
    const { organizer, room, base } = await setup();
    const created = await api<ConsoleCheckInArea>(organizer, 'POST', `${base}/areas`, {
      entityType: 'location',
      entityId: room.id,
    });
    const { id, updatedAt } = created.body.data!;
    const bad = await put(organizer, base, id, { capacity: 3, updatedAt: 'yesterday' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error?.fields ?? {})).toEqual(['updatedAt']);
    expect((await api(organizer, 'DELETE', `${base}/areas/${id}`)).status).toBe(200);
    expect((await put(organizer, base, id, { capacity: 3, updatedAt })).status).toBe(404);
  });
});

/** Only PostgreSQL lets one save wait on another's row lock. */
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'two saves of one area at the same moment (PostgreSQL)',
  () => {
    const held = useHeldTransactions(() => t.ctx.db);

    it('E5.56 the save that waited on the other’s row is a 409, not a silent overwrite', async () => {
      const { organizer, room, base } = await setup();
      const created = await api<ConsoleCheckInArea>(organizer, 'POST', `${base}/areas`, {
        entityType: 'location',
        entityId: room.id,
        capacity: 10,
      });
      const { id, updatedAt } = created.body.data!;
      // Another organizer's save (door.repository.ts updateArea), not committed yet.
      const edited = await held.behind(
        async (trx) => {
          await trx
            .updateTable('checkin_areas')
            .set({ capacity: 20, updated_at: new Date(Date.parse(updatedAt) + 5) })
            .where('id', '=', id)
            .execute();
        },
        () => api(organizer, 'PUT', `${base}/areas/${id}`, { capacity: 3, updatedAt }),
      );
      expect(edited.status).toBe(409);
      const row = await t.ctx.db
        .selectFrom('checkin_areas')
        .select('capacity')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row.capacity).toBe(20);
    });
  },
);
