import {
  type CheckInChangedPayload,
  type CheckInList,
  type CheckInLookup,
  type CheckInResult,
  RecordType,
  realtimeRoom,
} from '@foyer/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePerson } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helper';
import { doorApi, engine } from './checkin.fixtures';
import { checkInRoomPolicy } from './checkin.processor';
import { TOGGLE_REPEAT_MS } from './checkin.scan.service';

let t: TestApp;
let door: ReturnType<typeof doorApi>;
beforeAll(async () => {
  t = await createTestApp();
  door = doorApi(t);
});
afterAll(async () => {
  await t.close();
});

const CHECK_IN = '/event/participant/checkIn';

describe(`the door's scans (issue 14, ${engine})`, () => {
  it('E4.65 E3.35 E9.52 an already-in answer says when and by which device, else by which staff member', async () => {
    const { event, staff, ticketId } = await door.setup();
    await t.ctx.db
      .updateTable('participants')
      .set({ profile_photo: '/uploads/grace.jpg' })
      .where('ticket_id', '=', ticketId)
      .execute();
    const first = await door.api<CheckInResult>(staff, 'POST', CHECK_IN, {
      eventId: event.id,
      ticketId,
      checkIn: true,
      scanType: 'individual',
      scanMethod: 'camera',
      deviceId: 'device-gate-b',
      deviceLabel: 'Gate B',
    });
    expect(first.body.data).toMatchObject({
      outcome: 'checkedIn',
      previous: null,
      person: { photo: '/uploads/grace.jpg' },
    });
    const row = await t.ctx.db
      .selectFrom('checkins')
      .select(['device_id', 'device_label', 'scan_type', 'scan_method', 'checked_in_at'])
      .where('participant_id', '=', first.body.data!.person.participantId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      device_id: 'device-gate-b',
      device_label: 'Gate B',
      scan_type: 'individual',
      scan_method: 'camera',
    });
    const again = await door.api<CheckInResult>(staff, 'POST', CHECK_IN, {
      eventId: event.id,
      ticketId,
      checkIn: true,
      deviceId: 'device-gate-c',
    });
    expect(again.body.data).toMatchObject({
      outcome: 'alreadyCheckedIn',
      previous: { at: new Date(row.checked_in_at!).toISOString(), by: 'Gate B' },
    });
    // Without a device label the staff member's name says where.
    await door.api(staff, 'POST', CHECK_IN, { eventId: event.id, ticketId, checkIn: false });
    const out = await door.api<CheckInResult>(staff, 'POST', CHECK_IN, {
      eventId: event.id,
      ticketId,
      checkIn: false,
    });
    expect(out.body.data).toMatchObject({ outcome: 'alreadyCheckedOut', previous: { by: 'Stan Door' } });
  });

  it('E5.52 E5.53 a code typed in lower case or with spaces around finds the ticket; inner spaces are a 400, no 5xx', async () => {
    const { event, staff, ticketId } = await door.setup();
    const lower = await door.api<CheckInResult>(staff, 'POST', CHECK_IN, {
      eventId: event.id,
      ticketId: `  ${ticketId.toLowerCase()} `,
      checkIn: true,
    });
    expect(lower.status).toBe(200);
    expect(lower.body.data).toMatchObject({ outcome: 'checkedIn', person: { ticketId } });
    for (const code of [`${ticketId.slice(0, 3)} ${ticketId.slice(3)}`, 'a\u0000b', 'x'.repeat(101), '']) {
      const res = await door.api(staff, 'POST', CHECK_IN, {
        eventId: event.id,
        ticketId: code,
        checkIn: true,
      });
      expect(res.status, JSON.stringify(code)).toBe(400);
    }
  });

  it('E4.71 a fast scan toggles in and out; a flood of one code from one device counts once', async () => {
    const { event, staff, ticketId } = await door.setup();
    const scan = (deviceId: string) =>
      door.api<CheckInResult>(staff, 'POST', CHECK_IN, {
        eventId: event.id,
        ticketId,
        checkIn: true,
        toggle: true,
        scanType: 'fast',
        deviceId,
      });
    let clock = new Date('2030-05-01T10:00:00Z');
    t.setNow(clock);
    try {
      const flood = await Promise.all(Array.from({ length: 8 }, () => scan('device-flood-1')));
      const outcomes = flood.map((r) => r.body.data?.outcome);
      expect(outcomes.filter((o) => o === 'checkedIn')).toHaveLength(1);
      expect(outcomes.filter((o) => o === 'alreadyCheckedIn')).toHaveLength(7);
      expect(await door.counted(event.id)).toEqual({ used: 1, inside: 1 });
      // Another device a moment later is not a repeat: it toggles out.
      const other = await scan('device-other-2');
      expect(other.body.data?.outcome).toBe('checkedOut');
      // The same device once the repeat window passed toggles again.
      clock = new Date(clock.getTime() + TOGGLE_REPEAT_MS);
      t.setNow(clock);
      expect((await scan('device-flood-1')).body.data?.outcome).toBe('checkedIn');
      clock = new Date(clock.getTime() + TOGGLE_REPEAT_MS);
      t.setNow(clock);
      expect((await scan('device-flood-1')).body.data?.outcome).toBe('checkedOut');
      expect(await door.counted(event.id)).toEqual({ used: 0, inside: 0 });
    } finally {
      t.setNow(new Date());
    }
  });

  it('E4.65 two scanners on one ticket at once, in and out mixed: the count always equals who is inside', async () => {
    const { event, staff, ticketId } = await door.setup();
    const { id } = await door.room(event.id, 10);
    const body = { eventId: event.id, entityType: 'location', entityId: id, ticketId };
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        door.api<CheckInResult>(staff, 'POST', CHECK_IN, {
          ...body,
          checkIn: i % 3 !== 2,
          deviceId: `device-race-${i % 2}`,
        }),
      ),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    const { used, inside } = await door.counted(event.id, 'location', id);
    expect(used).toBe(inside);
    expect(inside).toBeLessThanOrEqual(1);
  });

  it('E5.53 a ticket of another event is not found at this door', async () => {
    const { event, staff } = await door.setup();
    const other = await door.setup();
    const res = await door.api(staff, 'POST', CHECK_IN, {
      eventId: event.id,
      ticketId: other.ticketId,
      checkIn: true,
    });
    expect(res.status).toBe(404);
  });

  it('issue 14 occupancy per gate: people by the door of their last change, inside and gone out; staff only', async () => {
    const { event, staff, guest, ticketId } = await door.setup();
    const more = await Promise.all(
      ['Ada', 'Bea', 'Cem'].map(async (name) => door.withTicket(await makePerson(t.ctx, event.id, { name }))),
    );
    const scan = (code: string, checkIn: boolean, deviceLabel?: string) =>
      door.api<CheckInResult>(staff, 'POST', CHECK_IN, {
        eventId: event.id,
        ticketId: code,
        checkIn,
        ...(deviceLabel ? { deviceId: `device-${deviceLabel.replace(/\W/g, '')}`, deviceLabel } : {}),
      });
    const [ada, bea, cem] = more as [string, string, string];
    expect((await scan(ticketId, true, 'Gate A')).body.data?.outcome).toBe('checkedIn');
    expect((await scan(ada, true, 'Gate A')).body.data?.outcome).toBe('checkedIn');
    expect((await scan(bea, true, 'Gate B')).body.data?.outcome).toBe('checkedIn');
    expect((await scan(cem, true)).body.data?.outcome).toBe('checkedIn'); // no device label
    // Ada leaves through Gate B: her last change is Gate B's.
    expect((await scan(ada, false, 'Gate B')).body.data?.outcome).toBe('checkedOut');

    const gates = await door.api<{ gates: unknown[] }>(
      staff,
      'GET',
      `/event/participant/checkIn/gates?eventId=${event.id}`,
    );
    expect(gates.status).toBe(200);
    expect(gates.body.data?.gates).toEqual([
      { gate: 'Gate A', inside: 1, left: 0 },
      { gate: 'Gate B', inside: 1, left: 1 },
      { gate: null, inside: 1, left: 0 },
    ]);
    const attendee = await door.api(guest, 'GET', `/event/participant/checkIn/gates?eventId=${event.id}`);
    expect(attendee.status).toBe(403);
    const bad = await door.api(
      staff,
      'GET',
      `/event/participant/checkIn/gates?eventId=${event.id}&entityType=x`,
    );
    expect(bad.status).toBe(400);
  });
});

describe(`desk lookup (issue 14, ${engine})`, () => {
  it('E7.04 E7.64 finds people by first name, surname, e-mail or ticket prefix with their status; staff only', async () => {
    const { event, staff, guest, ticketId } = await door.setup({ email: `grace.h-${Date.now()}@navy.test` });
    await makePerson(t.ctx, event.id, { name: 'Alan', surname: 'Turing' });
    await makePerson(t.ctx, event.id, { name: 'Grace', surname: 'Deleted', state: 'deleted' });
    await door.api(staff, 'POST', CHECK_IN, { eventId: event.id, ticketId, checkIn: true });
    const find = (q: string) =>
      door.api<CheckInLookup>(
        staff,
        'GET',
        `/event/participant/checkIn/lookup?eventId=${event.id}&q=${encodeURIComponent(q)}`,
      );
    for (const q of ['gra', 'Grace Ho', 'hopp', 'GRACE.H', ticketId.slice(0, 4).toLowerCase()]) {
      const res = await find(q);
      expect(res.status, q).toBe(200);
      expect(res.body.data?.items, q).toEqual([
        expect.objectContaining({
          participantId: guest.id,
          fullName: 'Grace Hopper',
          email: expect.stringContaining('grace.h'),
          checkedIn: true,
          checkedInAt: expect.any(String),
        }),
      ]);
    }
    expect((await find('tur')).body.data?.items).toMatchObject([
      { fullName: 'Alan Turing', checkedIn: false },
    ]);
    expect((await find('%_')).body.data?.items).toEqual([]); // LIKE's wildcards match literally
    expect((await find('zz')).body.data?.items).toEqual([]);
    expect((await find('g')).status).toBe(400);
    expect((await find('a\u0000')).status).toBe(400);
    const attendee = await makePerson(t.ctx, event.id);
    const denied = await door.api(
      attendee,
      'GET',
      `/event/participant/checkIn/lookup?eventId=${event.id}&q=gra`,
    );
    expect(denied.status).toBe(403);
  });

  it('E7.04 answers at most ten people', async () => {
    const { event, staff } = await door.setup();
    for (let i = 0; i < 12; i++) await makePerson(t.ctx, event.id, { name: `Many${i}`, surname: 'Same' });
    const res = await door.api<CheckInLookup>(
      staff,
      'GET',
      `/event/participant/checkIn/lookup?eventId=${event.id}&q=same`,
    );
    expect(res.body.data?.items).toHaveLength(10);
  });
});

describe(`live occupancy (E7.73, ${engine})`, () => {
  it('E7.73 a person removed from the event while inside leaves every area: counts and the inside-now list drop them', async () => {
    const { event, staff, guest, ticketId } = await door.setup();
    const owner = await makePerson(t.ctx, event.id, { organizer: true, organizerRole: 'owner' });
    const hall = await door.room(event.id, 100);
    const stays = await makePerson(t.ctx, event.id, { name: 'Ada' });
    const staysTicket = await door.withTicket(stays);
    for (const [ticket, area] of [
      [ticketId, {}],
      [ticketId, { entityType: 'location', entityId: hall.id }],
      [staysTicket, {}],
    ] as const) {
      const res = await door.api(staff, 'POST', CHECK_IN, {
        eventId: event.id,
        ticketId: ticket,
        checkIn: true,
        ...area,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    expect(await door.counted(event.id)).toEqual({ used: 2, inside: 2 });
    expect(await door.counted(event.id, 'location', hall.id)).toEqual({ used: 1, inside: 1 });

    const removed = await door.api(owner, 'POST', `/organizer/event/${event.id}/participants/bulk`, {
      action: 'remove',
      ids: [guest.id],
    });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(await door.counted(event.id)).toEqual({ used: 1, inside: 1 });
    expect(await door.counted(event.id, 'location', hall.id)).toEqual({ used: 0, inside: 0 });
    const list = await door.api<CheckInList>(
      staff,
      'GET',
      `/event/participant/checkIn/list?eventId=${event.id}`,
    );
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body.data?.items.map((p) => p.participantId)).toEqual([stays.id]);
    expect(list.body.data?.total).toBe(1);
  });

  it('E7.73 each check-in and check-out publishes the area count and the person to the staff room', async () => {
    const { event, staff, ticketId } = await door.setup();
    const { id } = await door.room(event.id, 5);
    const room = realtimeRoom.checkInAreas(event.id);
    for (const checkIn of [true, false]) {
      await door.api(staff, 'POST', CHECK_IN, {
        eventId: event.id,
        entityType: 'location',
        entityId: id,
        ticketId,
        checkIn,
      });
    }
    await door.api(staff, 'POST', CHECK_IN, {
      eventId: event.id,
      entityType: 'location',
      entityId: id,
      ticketId,
      checkIn: false,
    });
    await t.app.bus.idle();
    const records = await t.ctx.db
      .selectFrom('realtime_events')
      .select(['type', 'payload'])
      .where('room', '=', room)
      .orderBy('seq')
      .execute();
    expect(records.map((r) => r.type)).toEqual([RecordType.CheckInChanged, RecordType.CheckInChanged]);
    const [inRecord, outRecord] = records.map((r) => r.payload as CheckInChangedPayload);
    expect(inRecord).toMatchObject({
      eventId: event.id,
      change: 'in',
      area: { entityType: 'location', entityId: id, capacity: 5, capacityUsed: 1 },
      person: { fullName: 'Grace Hopper', ticketId },
    });
    expect(outRecord).toMatchObject({ change: 'out', area: { capacityUsed: 0 } });
  });

  it("E7.73 only the event's check-in staff and organizers may join its door room", async () => {
    const { event, staff } = await door.setup();
    const organizer = await makePerson(t.ctx, event.id, { organizer: true });
    const attendee = await makePerson(t.ctx, event.id);
    const other = await door.setup();
    const may = (userId: number, eventId = event.id) =>
      checkInRoomPolicy(userId, { eventId: String(eventId) }, t.ctx.db);
    expect(await may(staff.userId)).toBe(true);
    expect(await may(organizer.userId)).toBe(true);
    expect(await may(attendee.userId)).toBe(false);
    expect(await may(other.staff.userId)).toBe(false);
    expect(await checkInRoomPolicy(staff.userId, { eventId: '01' }, t.ctx.db)).toBe(false);
    expect(t.app.realtime.hasRoomPolicy('newEvents/{eventId}/checkInAreas')).toBe(true);
  });
});
