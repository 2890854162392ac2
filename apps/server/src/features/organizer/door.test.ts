import {
  type CheckInOverview,
  type ConsoleCheckInArea,
  type ConsoleDoor,
  type ConsoleStaff,
  ErrorCode,
} from '@foyer/contract';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { makeEvent, makePerson, makeType } from '../../../test/factories';
import { useHeldTransactions } from '../../../test/held-transactions';
import { useTestApp } from '../../../test/helper';
import { consoleDoor } from './door.fixtures';

const t = useTestApp();
const { api, setup, scan } = consoleDoor(t);

describe('organizer console: the door (issue 12, part 6)', () => {
  it('E5.54 E5.55 an area admits only its allowed types: another type is refused at the scanner', async () => {
    const { event, organizer, room, vip, visitor, base } = await setup();
    const created = await api<ConsoleCheckInArea>(organizer, 'POST', `${base}/areas`, {
      entityType: 'location',
      entityId: room.id,
      name: 'VIP lounge',
      allowedTypeIds: [vip.id],
    });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({
      entityType: 'location',
      entityId: room.id,
      name: 'VIP lounge',
      capacity: null,
      effectiveCapacity: 100,
      allowedTypeIds: [vip.id],
      capacityUsed: 0,
    });
    const guest = await makePerson(t.ctx, event.id, { typeId: visitor.id });
    const refused = await scan(organizer, event.id, room.id, guest.id);
    expect(refused.body.data).toMatchObject({
      outcome: 'wrongTicketType',
      errorMessage: ErrorCode.WrongTicketType,
    });
    const star = await makePerson(t.ctx, event.id, { typeId: vip.id });
    const admitted = await scan(organizer, event.id, room.id, star.id);
    expect(admitted.body.data).toMatchObject({
      outcome: 'checkedIn',
      area: { name: 'VIP lounge', capacityUsed: 1 },
    });

    // The staff's area list shows the set-up, and the console shows live occupancy.
    const staffView = await api<CheckInOverview>(
      organizer,
      'GET',
      `/event/participant/checkIn/areas?eventId=${event.id}`,
    );
    expect(staffView.body.data?.areas.find((a) => a.entityId === room.id)).toMatchObject({
      name: 'VIP lounge',
      allowedPart: [vip.id],
      capacityUsed: 1,
    });
    const door = await api<ConsoleDoor>(organizer, 'GET', `${base}/areas`);
    expect(door.body.data?.areas).toMatchObject([{ id: created.body.data!.id, capacityUsed: 1 }]);
    expect(door.body.data?.targets.map((x) => x.entityType)).toEqual(['event', 'location']);
  });

  it('E5.56 an area capacity overrides the room’s; a full area refuses; deleting the set-up restores the room', async () => {
    const { event, organizer, room, base } = await setup();
    const created = await api<ConsoleCheckInArea>(organizer, 'POST', `${base}/areas`, {
      entityType: 'location',
      entityId: room.id,
      capacity: 1,
    });
    expect(created.body.data).toMatchObject({ capacity: 1, effectiveCapacity: 1 });
    const first = await makePerson(t.ctx, event.id);
    const second = await makePerson(t.ctx, event.id);
    expect((await scan(organizer, event.id, room.id, first.id)).body.data?.outcome).toBe('checkedIn');
    const full = await scan(organizer, event.id, room.id, second.id);
    expect(full.body.data).toMatchObject({ outcome: 'fullyOccupied', errorMessage: ErrorCode.FullyOccupied });

    const raised = await api<ConsoleCheckInArea>(organizer, 'PUT', `${base}/areas/${created.body.data!.id}`, {
      capacity: 5,
    });
    expect(raised.body.data).toMatchObject({ capacity: 5, effectiveCapacity: 5, capacityUsed: 1 });
    const removed = await api(organizer, 'DELETE', `${base}/areas/${created.body.data!.id}`);
    expect(removed.body.data).toEqual({ removed: created.body.data!.id });
    const door = await api<ConsoleDoor>(organizer, 'GET', `${base}/areas`);
    expect(door.body.data?.areas).toEqual([]);
    // The room's own capacity rules again; the person inside stays counted.
    const admitted = await scan(organizer, event.id, room.id, second.id);
    expect(admitted.body.data).toMatchObject({
      outcome: 'checkedIn',
      area: { capacity: 100, capacityUsed: 2 },
    });
  });

  it('E5.57 refuses rules on the whole event, unknown rooms and types, and a second set-up (400, nothing written)', async () => {
    const { organizer, room, base } = await setup();
    const eventWide = await api(organizer, 'POST', `${base}/areas`, { entityType: 'event', capacity: 10 });
    expect(eventWide.status).toBe(400);
    expect(eventWide.body.error?.fields).toEqual({ capacity: 'organizer.door.error.eventWide' });
    const noRoom = await api(organizer, 'POST', `${base}/areas`, { entityType: 'location' });
    expect(noRoom.body.error?.fields).toEqual({ entityId: 'validation.error.required' });
    const elsewhere = await makeEvent(t.ctx);
    const foreignRoom = await t.ctx.db
      .insertInto('locations')
      .values({ event_id: elsewhere.id, name: 'Theirs', capacity: 5 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const foreign = await api(organizer, 'POST', `${base}/areas`, {
      entityType: 'location',
      entityId: foreignRoom.id,
    });
    expect(foreign.body.error?.fields).toEqual({ entityId: 'validation.error.option' });
    const foreignType = await makeType(t.ctx, elsewhere.id);
    const badType = await api(organizer, 'POST', `${base}/areas`, {
      entityType: 'location',
      entityId: room.id,
      allowedTypeIds: [foreignType.id],
    });
    expect(badType.body.error?.fields).toEqual({ allowedTypeIds: 'validation.error.option' });
    const negative = await api(organizer, 'POST', `${base}/areas`, {
      entityType: 'location',
      entityId: room.id,
      capacity: -1,
    });
    expect(negative.body.error?.fields).toEqual({ capacity: 'validation.error.number' });
    const door = await api<ConsoleDoor>(organizer, 'GET', `${base}/areas`);
    expect(door.body.data?.areas).toEqual([]);

    const whole = await api<ConsoleCheckInArea>(organizer, 'POST', `${base}/areas`, {
      entityType: 'event',
      name: 'Main entrance',
    });
    expect(whole.body.data).toMatchObject({ entityType: 'event', entityId: null, name: 'Main entrance' });
    const again = await api(organizer, 'POST', `${base}/areas`, { entityType: 'event' });
    expect(again.body.error?.fields).toEqual({ entityId: 'organizer.door.error.areaExists' });
    const limit = await api(organizer, 'PUT', `${base}/areas/${whole.body.data!.id}`, { capacity: 3 });
    expect(limit.body.error?.fields).toEqual({ capacity: 'organizer.door.error.eventWide' });
  });

  it('E6.13 E6.37 a participant made check-in staff can check people in; removing takes the right away', async () => {
    const { event, organizer, room, base } = await setup();
    const helper = await makePerson(t.ctx, event.id, { name: 'Hana' });
    const guest = await makePerson(t.ctx, event.id);
    expect((await scan(helper, event.id, room.id, guest.id)).status).toBe(403);

    const assigned = await api<ConsoleStaff[]>(organizer, 'POST', `${base}/staff`, { email: helper.email });
    expect(assigned.status).toBe(200);
    expect(assigned.body.data?.map((s) => s.participantId)).toContain(helper.id);
    expect((await scan(helper, event.id, room.id, guest.id)).body.data?.outcome).toBe('checkedIn');
    // Staff reach the door, not its set-up.
    expect((await api(helper, 'GET', `${base}/staff`)).status).toBe(403);

    const removed = await api<ConsoleStaff[]>(organizer, 'DELETE', `${base}/staff/${helper.id}`);
    expect(removed.body.data?.map((s) => s.participantId)).not.toContain(helper.id);
    expect((await scan(helper, event.id, room.id, guest.id)).status).toBe(403);
    expect((await api(organizer, 'DELETE', `${base}/staff/${helper.id}`)).status).toBe(404);
  });

  it('staff must be participants of the event (400 field error)', async () => {
    const { organizer, base } = await setup();
    const stranger = await makePerson(t.ctx, (await makeEvent(t.ctx)).id);
    const byId = await api(organizer, 'POST', `${base}/staff`, { participantId: stranger.id });
    expect(byId.status).toBe(400);
    expect(byId.body.error?.fields).toEqual({ participantId: 'organizer.exhibitors.error.notParticipant' });
    const badEmail = await api(organizer, 'POST', `${base}/staff`, { email: 'not-an-email' });
    expect(badEmail.body.error?.fields).toEqual({ email: 'validation.error.email' });
    const row = await t.ctx.db
      .selectFrom('participants')
      .select('check_in_admin')
      .where('id', '=', stranger.id)
      .executeTakeFirstOrThrow();
    expect(row.check_in_admin).toBe(false);
  });

  it('an attendee, an organizer of another event and check-in staff are refused every set-up route (403)', async () => {
    const { event, organizer, room, base } = await setup();
    const area = await api<ConsoleCheckInArea>(organizer, 'POST', `${base}/areas`, {
      entityType: 'location',
      entityId: room.id,
      capacity: 10,
    });
    const attendee = await makePerson(t.ctx, event.id);
    const staff = await makePerson(t.ctx, event.id, { checkInAdmin: true });
    const otherOrganizer = await makePerson(t.ctx, (await makeEvent(t.ctx)).id, {
      organizer: true,
      organizerRole: 'owner',
    });
    const id = area.body.data!.id;
    const routes: [InjectOptions['method'], string, object?][] = [
      ['GET', `${base}/areas`],
      ['POST', `${base}/areas`, { entityType: 'event' }],
      ['PUT', `${base}/areas/${id}`, { capacity: 1000 }],
      ['DELETE', `${base}/areas/${id}`],
      ['GET', `${base}/staff`],
      ['POST', `${base}/staff`, { participantId: attendee.id }],
      ['DELETE', `${base}/staff/${staff.id}`],
    ];
    for (const who of [attendee, otherOrganizer, staff]) {
      for (const [method, url, body] of routes) {
        const res = await api(who, method, url, body);
        expect(res.status, `${method} ${url}`).toBe(403);
      }
    }
    const door = await api<ConsoleDoor>(organizer, 'GET', `${base}/areas`);
    expect(door.body.data?.areas).toMatchObject([{ id, capacity: 10 }]);
    const staffList = await api<ConsoleStaff[]>(organizer, 'GET', `${base}/staff`);
    expect(staffList.body.data?.map((s) => s.participantId)).toContain(staff.id);
  });
});

/** PGlite runs one transaction at a time: only PostgreSQL lets an edit wait on the area's removal. */
describe.skipIf(!process.env.TEST_DATABASE_URL)('an area edited while it is removed (PostgreSQL)', () => {
  const held = useHeldTransactions(() => t.ctx.db);

  it('E5.56 the edit is a 404 and the room keeps its own rules (no capacity left on its counter)', async () => {
    const { organizer, room, base } = await setup();
    const created = await api<ConsoleCheckInArea>(organizer, 'POST', `${base}/areas`, {
      entityType: 'location',
      entityId: room.id,
      capacity: 10,
    });
    const id = created.body.data!.id;
    // Another organizer removes the set-up (door.repository.ts clearArea), not committed yet.
    const edited = await held.behind(
      async (trx) => {
        await trx
          .updateTable('checkin_areas')
          .set({ configured: false, name: null, capacity: null, allowed_type_ids: [] })
          .where('id', '=', id)
          .execute();
      },
      () => api(organizer, 'PUT', `${base}/areas/${id}`, { capacity: 3 }),
    );
    expect(edited.status).toBe(404);
    const row = await t.ctx.db
      .selectFrom('checkin_areas')
      .select(['configured', 'capacity'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ configured: false, capacity: null });
  });
});
