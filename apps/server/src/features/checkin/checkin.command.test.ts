import {
  type CheckInAnswer,
  type CheckInCommand,
  type CheckInResult,
  type CheckInSyncResult,
  ErrorCode,
  RecordType,
  realtimeRoom,
} from '@foyer/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePerson, type Person } from '../../../test/factories';
import { call, createTestApp, roomPayloads, type TestApp } from '../../../test/helper';
import type { DomainEvent } from '../../events/events';
import { queueCheckIn } from './checkin.command.service';
import { doorApi, engine } from './checkin.fixtures';

let t: TestApp;
let door: ReturnType<typeof doorApi>;
const NOON = new Date('2030-05-01T12:00:00Z');
beforeAll(async () => {
  t = await createTestApp();
  t.setNow(NOON);
  door = doorApi(t);
});
afterAll(async () => {
  await t.close();
});

const CHECK_IN = '/api/v1/event/participant/checkIn';
let ids = 0;
const commandId = () => `cmd-test-${Date.now().toString(36)}-${++ids}`;

/** The check-in call asked to answer later (RFC 7240). */
function checkInAsync(who: Person, payload: Record<string, unknown>) {
  return call<CheckInCommand>(t.app, {
    method: 'POST',
    url: CHECK_IN,
    headers: { ...who.headers, prefer: 'respond-async' },
    payload,
  });
}

/** The `checkIn.command` records on a user's room, oldest first. */
const commandRecords = (userId: number) =>
  roomPayloads<CheckInCommand>(t, realtimeRoom.user(userId), RecordType.CheckInCommand);

describe(`check-in commands (E4.77–E4.79, E7.88, ${engine})`, () => {
  it('E4.77 E4.78 E7.88 asked to answer later: 202 with the command, then the result on the caller’s room and from GET', async () => {
    const { event, staff, ticketId } = await door.setup();
    const id = commandId();
    const body = {
      eventId: event.id,
      ticketId,
      checkIn: true,
      toggle: true,
      commandId: id,
      deviceId: 'device-async-a',
    };
    const res = await checkInAsync(staff, body);
    expect(res.status).toBe(202);
    expect(res.headers['preference-applied']).toBe('respond-async');
    expect(res.body.data).toEqual({ commandId: id, executed: false, result: null, error: null });

    const records = await commandRecords(staff.userId);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      commandId: id,
      executed: true,
      error: null,
      result: { outcome: 'checkedIn', person: { fullName: 'Grace Hopper' } },
    });
    expect(await door.counted(event.id)).toEqual({ used: 1, inside: 1 });

    const read = await door.api<CheckInCommand>(
      staff,
      'GET',
      `/event/participant/checkIn/command?eventId=${event.id}&commandId=${id}&deviceId=device-async-a`,
    );
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual(records[0]);

    // A resend of the command after a lost answer: what became of it, and no second toggle.
    const again = await checkInAsync(staff, body);
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(records[0]);
    expect(await commandRecords(staff.userId)).toHaveLength(1);
    expect(await door.counted(event.id)).toEqual({ used: 1, inside: 1 });
  });

  it('E4.79 a command that cannot be applied is recorded with its error; nothing changes', async () => {
    const { event, staff } = await door.setup();
    const res = await checkInAsync(staff, { eventId: event.id, ticketId: 'NO-SUCH-TICKET', checkIn: true });
    expect(res.status).toBe(202);
    const id = res.body.data!.commandId;
    expect(id).toMatch(/^cmd-/); // the server names a command the device did not
    expect(await commandRecords(staff.userId)).toEqual([
      {
        commandId: id,
        executed: true,
        result: null,
        error: { code: ErrorCode.NotFound, msg: 'Ticket not found' },
      },
    ]);
    const read = await door.api<CheckInCommand>(
      staff,
      'GET',
      `/event/participant/checkIn/command?eventId=${event.id}&commandId=${id}`,
    );
    expect(read.body.data?.error).toEqual({ code: ErrorCode.NotFound, msg: 'Ticket not found' });
    expect(await door.counted(event.id)).toEqual({ used: 0, inside: 0 });
  });

  it('E4.77 a participant who is not check-in staff is refused at once; their command is never stored', async () => {
    const { event, ticketId } = await door.setup();
    const guest = await makePerson(t.ctx, event.id, { name: 'Gus' });
    const id = commandId();
    const res = await checkInAsync(guest, { eventId: event.id, ticketId, checkIn: true, commandId: id });
    expect(res.status).toBe(403);
    const read = await door.api(
      guest,
      'GET',
      `/event/participant/checkIn/command?eventId=${event.id}&commandId=${id}`,
    );
    expect(read.status).toBe(403);
    expect(await commandRecords(guest.userId)).toEqual([]);
    expect(await door.counted(event.id)).toEqual({ used: 0, inside: 0 });
  });

  it("E4.77 another staff member's command is not found under their own name", async () => {
    const { event, staff, ticketId } = await door.setup();
    const other = await makePerson(t.ctx, event.id, { name: 'Olga', checkInAdmin: true });
    const res = await checkInAsync(staff, { eventId: event.id, ticketId, checkIn: true });
    const id = res.body.data!.commandId;
    const read = await door.api(
      other,
      'GET',
      `/event/participant/checkIn/command?eventId=${event.id}&commandId=${id}`,
    );
    expect(read.status).toBe(404);
    const bad = await door.api(
      other,
      'GET',
      `/event/participant/checkIn/command?eventId=${event.id}&commandId=a%00b`,
    );
    expect(bad.status).toBe(400);
  });

  it('E4.65 E4.71 a fast scan with a command id toggles once however often it is resent, and its offline copy syncs to the same answer', async () => {
    const { event, staff, ticketId } = await door.setup();
    const id = commandId();
    const body = {
      eventId: event.id,
      ticketId,
      checkIn: true,
      toggle: true,
      commandId: id,
      deviceId: 'device-gate-x',
    };
    // The answer was lost on the venue's Wi-Fi: the device sends it again, twice at once.
    const answers = await Promise.all(
      [1, 2, 3].map(() => door.api<CheckInAnswer>(staff, 'POST', '/event/participant/checkIn', body)),
    );
    for (const a of answers) expect(a.status).toBe(200);
    const results = answers.map((a) => a.body.data as CheckInResult);
    expect(results.map((r) => r.outcome)).toEqual(['checkedIn', 'checkedIn', 'checkedIn']);
    expect(await door.counted(event.id)).toEqual({ used: 1, inside: 1 });

    // The device had also queued it offline under the same nonce: syncing it changes nothing.
    const sync = await door.api<CheckInSyncResult>(staff, 'POST', '/event/participant/checkIn/sync', {
      eventId: event.id,
      deviceId: 'device-gate-x',
      scans: [{ nonce: id, ticketId, toggle: true, scannedAt: '2030-05-01T11:59:00Z' }],
    });
    expect(sync.body.data?.results[0]).toEqual({ nonce: id, status: 'done', result: results[0] });
    expect(await door.counted(event.id)).toEqual({ used: 1, inside: 1 });

    // A new scan (a new id, past the double-read second) toggles again.
    t.setNow(new Date(NOON.getTime() + 5_000));
    try {
      const next = await door.api<CheckInResult>(staff, 'POST', '/event/participant/checkIn', {
        ...body,
        commandId: commandId(),
      });
      expect(next.body.data?.outcome).toBe('checkedOut');
    } finally {
      t.setNow(NOON);
    }
    expect(await door.counted(event.id)).toEqual({ used: 0, inside: 0 });

    // Someone who is not staff at the event, resending the device's and command's ids: refused, not
    // given the stored answer (the name, company and photo of whoever was scanned).
    const outsider = await makePerson(t.ctx, event.id, { name: 'Nosy' });
    const stolen = await door.api<CheckInAnswer>(outsider, 'POST', '/event/participant/checkIn', body);
    expect(stolen.status).toBe(403);
    expect(JSON.stringify(stolen.body)).not.toContain(ticketId);
  });

  it('E4.77 E4.78 a command still waiting to be applied when its offline copy syncs: applied once, by the sync, with one answer for both', async () => {
    const { event, staff, ticketId } = await door.setup();
    const id = commandId();
    const request = {
      eventId: event.id,
      entityType: 'event' as const,
      ticketId,
      checkIn: true,
      toggle: true,
      commandId: id,
      deviceId: 'device-gate-late',
    };
    // The server took the command (202), but its outbox has not run it yet: the event is held here.
    const held: DomainEvent[] = [];
    const queued = await queueCheckIn(t.ctx, staff.userId, request, {
      emit: async (e) => {
        held.push(e);
      },
    });
    expect(queued).toEqual({ commandId: id, executed: false, result: null, error: null });
    expect(held).toHaveLength(1);

    // No answer came in time, so the device queued the scan under the same id and syncs it now.
    const sync = await door.api<CheckInSyncResult>(staff, 'POST', '/event/participant/checkIn/sync', {
      eventId: event.id,
      deviceId: 'device-gate-late',
      scans: [{ nonce: id, ticketId, toggle: true, scannedAt: '2030-05-01T11:59:00Z' }],
    });
    expect(sync.status).toBe(200);
    const item = sync.body.data?.results[0];
    expect(item).toMatchObject({ nonce: id, status: 'done', result: { outcome: 'checkedIn' } });
    expect(await door.counted(event.id)).toEqual({ used: 1, inside: 1 });

    // The outbox runs the command at last: it finds the scan applied and records that answer.
    await t.app.bus.emit(held[0]!);
    const records = await commandRecords(staff.userId);
    expect(records).toHaveLength(1);
    expect(records[0]).toEqual({
      commandId: id,
      executed: true,
      error: null,
      result: item?.status === 'done' ? item.result : null,
    });
    expect(await door.counted(event.id)).toEqual({ used: 1, inside: 1 });
  });
});
