import {
  CHECK_IN_SNAPSHOT_PAGE,
  CHECK_IN_SYNC_MAX_SCANS,
  type CheckInResult,
  type CheckInSnapshot,
  type CheckInSyncResult,
} from '@foyer/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePerson } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helper';
import { doorApi, engine } from './checkin.fixtures';
import { pruneSyncAnswers } from './checkin.sync.service';

let t: TestApp;
let door: ReturnType<typeof doorApi>;
/** The fixtures' event runs 2030-05-01 08:00 to 05-03 (UTC); the tests scan at noon of its first day. */
const NOON = new Date('2030-05-01T12:00:00Z');
beforeAll(async () => {
  t = await createTestApp();
  t.setNow(NOON);
  door = doorApi(t);
});
afterAll(async () => {
  await t.close();
});

const SYNC = '/event/participant/checkIn/sync';
let nonces = 0;
const nonce = () => `nonce-${Date.now().toString(36)}-${++nonces}`;

describe(`offline check-in sync (issue 14 part 4, ${engine})`, () => {
  it('E4.65 a resend of a scan answers the stored result and changes nothing, even when racing', async () => {
    const { event, staff, ticketId } = await door.setup();
    const body = {
      eventId: event.id,
      deviceId: 'device-gate-a',
      deviceLabel: 'Gate A',
      scans: [{ nonce: nonce(), ticketId, checkIn: true, scannedAt: '2030-05-01T10:42:00Z' }],
    };
    const [first, twin] = await Promise.all([
      door.api<CheckInSyncResult>(staff, 'POST', SYNC, body),
      door.api<CheckInSyncResult>(staff, 'POST', SYNC, body),
    ]);
    expect(first.status).toBe(200);
    expect(first.body.data?.results).toEqual(twin.body.data?.results);
    expect(first.body.data?.results[0]).toMatchObject({
      nonce: body.scans[0]!.nonce,
      status: 'done',
      result: { outcome: 'checkedIn', person: { fullName: 'Grace Hopper' } },
    });
    const later = await door.api<CheckInSyncResult>(staff, 'POST', SYNC, body);
    expect(later.body.data?.results).toEqual(first.body.data?.results);
    expect(await door.counted(event.id)).toEqual({ used: 1, inside: 1 });
    // The scan's own time is the check-in time, and the change says it came from a device offline.
    const row = await t.ctx.db
      .selectFrom('checkins')
      .select(['checked_in_at', 'device_label', 'offline'])
      .where(
        'participant_id',
        '=',
        first.body.data!.results[0]!.status === 'done'
          ? first.body.data!.results[0]!.result.person.participantId
          : -1,
      )
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ device_label: 'Gate A', offline: true });
    expect(new Date(row.checked_in_at!).toISOString()).toBe('2030-05-01T10:42:00.000Z');
  });

  it('E4.65 two offline devices scanning one ticket: one check-in, the other told when and where', async () => {
    const { event, staff, ticketId } = await door.setup();
    const other = await makePerson(t.ctx, event.id, { name: 'Olga', checkInAdmin: true });
    const sync = (who: typeof staff, deviceId: string, deviceLabel: string, scannedAt: string) =>
      door.api<CheckInSyncResult>(who, 'POST', SYNC, {
        eventId: event.id,
        deviceId,
        deviceLabel,
        scans: [{ nonce: nonce(), ticketId, checkIn: true, scannedAt }],
      });
    const [b, c] = await Promise.all([
      sync(staff, 'device-gate-b', 'Gate B', '2030-05-01T10:42:00Z'),
      sync(other, 'device-gate-c', 'Gate C', '2030-05-01T10:44:00Z'),
    ]);
    const results = [b, c].map((r) => {
      const item = r.body.data?.results[0];
      return item?.status === 'done' ? item.result : undefined;
    });
    const winner = results.find((r) => r?.outcome === 'checkedIn');
    const loser = results.find((r) => r?.outcome === 'alreadyCheckedIn');
    expect(winner).toBeDefined();
    expect(loser).toBeDefined();
    const winnerLabel = winner === results[0] ? 'Gate B' : 'Gate C';
    const winnerAt = winner === results[0] ? '2030-05-01T10:42:00.000Z' : '2030-05-01T10:44:00.000Z';
    expect(loser?.previous).toEqual({ at: winnerAt, by: winnerLabel });
    expect(await door.counted(event.id)).toEqual({ used: 1, inside: 1 });
  });

  it('E4.71 an offline scan is never applied over a change made after it; a toggle-only scan lets the server decide', async () => {
    const { event, staff, ticketId } = await door.setup();
    // Online: in at 11:00.
    t.setNow(new Date('2030-05-01T11:00:00Z'));
    try {
      await door.api(staff, 'POST', '/event/participant/checkIn', {
        eventId: event.id,
        ticketId,
        checkIn: true,
        deviceLabel: 'Desk',
      });
      t.setNow(new Date('2030-05-01T12:00:00Z'));
      const res = await door.api<CheckInSyncResult>(staff, 'POST', SYNC, {
        eventId: event.id,
        deviceId: 'device-stale-1',
        scans: [
          // Taken at 10:30, before the 11:00 check-in: it tells nothing new.
          { nonce: nonce(), ticketId, checkIn: false, scannedAt: '2030-05-01T10:30:00Z' },
          // A fast scan at 11:30 with no direction: the person was in, so out.
          { nonce: nonce(), ticketId, toggle: true, scannedAt: '2030-05-01T11:30:00Z' },
          // A device clock ahead of ours: counted as now.
          { nonce: nonce(), ticketId, checkIn: true, scannedAt: '2030-05-01T13:00:00Z' },
        ],
      });
      const outcomes = res.body.data?.results.map((r) => (r.status === 'done' ? r.result.outcome : r.status));
      expect(outcomes).toEqual(['alreadyCheckedIn', 'checkedOut', 'checkedIn']);
      const stale = res.body.data?.results[0];
      expect(stale?.status === 'done' && stale.result.previous).toEqual({
        at: '2030-05-01T11:00:00.000Z',
        by: 'Desk',
      });
      const last = res.body.data?.results[2] as { result: CheckInResult } | undefined;
      expect(last?.result.outcome).toBe('checkedIn');
      const row = await t.ctx.db
        .selectFrom('checkins')
        .select('checked_in_at')
        .where('participant_id', '=', last!.result.person.participantId)
        .executeTakeFirstOrThrow();
      expect(new Date(row.checked_in_at!).toISOString()).toBe('2030-05-01T12:00:00.000Z');
    } finally {
      t.setNow(NOON);
    }
  });

  it('E4.71 a device whose clock says 1970: its scans are judged by their offset to its own time when it syncs, not refused as older than every change', async () => {
    const { event, staff, ticketId } = await door.setup();
    const statusRow = () =>
      t.ctx.db
        .selectFrom('checkins')
        .innerJoin('participants', 'participants.id', 'checkins.participant_id')
        .select(['checked_in', 'checked_in_at', 'checked_out_at'])
        .where('participants.ticket_id', '=', ticketId)
        .executeTakeFirstOrThrow();
    // Online: in at 11:00.
    t.setNow(new Date('2030-05-01T11:00:00Z'));
    try {
      await door.api(staff, 'POST', '/event/participant/checkIn', {
        eventId: event.id,
        ticketId,
        checkIn: true,
        deviceLabel: 'Desk',
      });
      // At noon a door whose clock is 1970-01-01 01:00 syncs what it took at 10:30 and 11:30.
      t.setNow(NOON);
      const res = await door.api<CheckInSyncResult>(staff, 'POST', SYNC, {
        eventId: event.id,
        deviceId: 'device-clock-1970',
        deviceLabel: 'Gate 1970',
        deviceNow: '1970-01-01T01:00:00.000Z',
        scans: [
          // 10:30 by our clock: before the 11:00 check-in, so it still tells nothing new.
          { nonce: nonce(), ticketId, checkIn: false, scannedAt: '1969-12-31T23:30:00.000Z' },
          // 11:30 by our clock: after it, so the person goes out.
          { nonce: nonce(), ticketId, checkIn: false, scannedAt: '1970-01-01T00:30:00.000Z' },
        ],
      });
      expect(res.status).toBe(200);
      const outcomes = res.body.data?.results.map((r) => (r.status === 'done' ? r.result.outcome : r.status));
      expect(outcomes).toEqual(['alreadyCheckedIn', 'checkedOut']);
      const row = await statusRow();
      expect(row.checked_in).toBe(false);
      // The time recorded is the scan's on our clock, not 1970.
      expect(new Date(row.checked_out_at!).toISOString()).toBe('2030-05-01T11:30:00.000Z');
    } finally {
      t.setNow(NOON);
    }
  });

  it('E4.71 a device whose clock runs years ahead: its scans keep their order and spacing (not all "now"), so a later toggle is not taken for a double read', async () => {
    const { event, staff, ticketId } = await door.setup();
    const res = await door.api<CheckInSyncResult>(staff, 'POST', SYNC, {
      eventId: event.id,
      deviceId: 'device-clock-2033',
      deviceLabel: 'Gate 2033',
      // Three years ahead: 12:00 on ours.
      deviceNow: '2033-05-01T12:00:00.000Z',
      scans: [
        { nonce: nonce(), ticketId, toggle: true, scannedAt: '2033-05-01T11:10:00.000Z' },
        { nonce: nonce(), ticketId, toggle: true, scannedAt: '2033-05-01T11:40:00.000Z' },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.data?.results.map((r) => (r.status === 'done' ? r.result.outcome : r.status))).toEqual([
      'checkedIn',
      'checkedOut',
    ]);
    const row = await t.ctx.db
      .selectFrom('checkins')
      .innerJoin('participants', 'participants.id', 'checkins.participant_id')
      .select(['checked_in_at', 'checked_out_at'])
      .where('participants.ticket_id', '=', ticketId)
      .executeTakeFirstOrThrow();
    expect(new Date(row.checked_in_at!).toISOString()).toBe('2030-05-01T11:10:00.000Z');
    expect(new Date(row.checked_out_at!).toISOString()).toBe('2030-05-01T11:40:00.000Z');
    expect(await door.counted(event.id)).toEqual({ used: 0, inside: 0 });
  });

  it('E4.71 a device clock within a minute of ours is taken as it is (the request’s own travel time does not move its scans)', async () => {
    const { event, staff, ticketId } = await door.setup();
    const res = await door.api<CheckInSyncResult>(staff, 'POST', SYNC, {
      eventId: event.id,
      deviceId: 'device-clock-near',
      // 20 s behind ours (or 20 s on the way).
      deviceNow: '2030-05-01T11:59:40.000Z',
      scans: [{ nonce: nonce(), ticketId, checkIn: true, scannedAt: '2030-05-01T10:42:00.000Z' }],
    });
    expect(res.status).toBe(200);
    const row = await t.ctx.db
      .selectFrom('checkins')
      .innerJoin('participants', 'participants.id', 'checkins.participant_id')
      .select('checked_in_at')
      .where('participants.ticket_id', '=', ticketId)
      .executeTakeFirstOrThrow();
    expect(new Date(row.checked_in_at!).toISOString()).toBe('2030-05-01T10:42:00.000Z');
  });

  it('E4.71 a fast scan read twice while offline counts once, as it does online; a later scan still toggles', async () => {
    const { event, staff, ticketId } = await door.setup();
    const other = await makePerson(t.ctx, event.id, { name: 'Otto' });
    const otherTicket = await door.withTicket(other);
    const res = await door.api<CheckInSyncResult>(staff, 'POST', SYNC, {
      eventId: event.id,
      deviceId: 'device-double-read',
      scans: [
        // A ticket the device's snapshot did not know: toggle-only, read twice 300 ms apart.
        { nonce: nonce(), ticketId, toggle: true, scannedAt: '2030-05-01T10:00:00.000Z' },
        { nonce: nonce(), ticketId, toggle: true, scannedAt: '2030-05-01T10:00:00.300Z' },
        // A known one: the device took the first read in, and so its double read out.
        {
          nonce: nonce(),
          ticketId: otherTicket,
          toggle: true,
          checkIn: true,
          scannedAt: '2030-05-01T10:05:00.000Z',
        },
        {
          nonce: nonce(),
          ticketId: otherTicket,
          toggle: true,
          checkIn: false,
          scannedAt: '2030-05-01T10:05:00.400Z',
        },
        // Scanned again a minute later: a real toggle.
        { nonce: nonce(), ticketId, toggle: true, scannedAt: '2030-05-01T10:01:00.000Z' },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.data?.results.map((r) => (r.status === 'done' ? r.result.outcome : r.status))).toEqual([
      'checkedIn',
      'alreadyCheckedIn',
      'checkedIn',
      'alreadyCheckedIn',
      'checkedOut',
    ]);
    expect(await door.counted(event.id)).toEqual({ used: 1, inside: 1 });
  });

  it("E5.53 unknown tickets, another event's tickets and gone areas fail alone; the batch goes on", async () => {
    const { event, staff, ticketId } = await door.setup();
    const elsewhere = await door.setup();
    const res = await door.api<CheckInSyncResult>(staff, 'POST', SYNC, {
      eventId: event.id,
      deviceId: 'device-mixed-1',
      scans: [
        { nonce: nonce(), ticketId: 'NOPE-123', checkIn: true, scannedAt: '2030-05-01T10:00:00Z' },
        { nonce: nonce(), ticketId: elsewhere.ticketId, checkIn: true, scannedAt: '2030-05-01T10:00:00Z' },
        {
          nonce: nonce(),
          ticketId,
          checkIn: true,
          entityType: 'location',
          entityId: 2_000_000_000,
          scannedAt: '2030-05-01T10:00:00Z',
        },
        {
          nonce: nonce(),
          ticketId: ticketId.toLowerCase(),
          checkIn: true,
          scannedAt: '2030-05-01T10:01:00Z',
        },
      ],
    });
    expect(res.status).toBe(200);
    expect(
      res.body.data?.results.map((r) => (r.status === 'failed' ? r.error.msg : r.result.outcome)),
    ).toEqual(['Ticket not found', 'Ticket not found', 'Check-in area not found', 'checkedIn']);
    expect(await door.counted(elsewhere.event.id)).toEqual({ used: 0, inside: 0 });
  });

  it('E7.04 bad input is a 4xx that changes nothing: huge batches, NUL bytes, odd times, strangers', async () => {
    const { event, staff, ticketId } = await door.setup();
    const scan = { nonce: nonce(), ticketId, checkIn: true, scannedAt: '2030-05-01T10:00:00Z' };
    const base = { eventId: event.id, deviceId: 'device-bad-1', scans: [scan] };
    const many = Array.from({ length: CHECK_IN_SYNC_MAX_SCANS + 1 }, (_, i) => ({
      ...scan,
      nonce: `many-nonce-${i}`,
    }));
    const bodies: object[] = [
      { ...base, scans: many },
      { ...base, scans: [] },
      { ...base, deviceId: 'short' },
      { ...base, deviceId: undefined },
      { ...base, scans: [{ ...scan, ticketId: 'AB\u0000C' }] },
      { ...base, scans: [{ ...scan, nonce: 'n\u0000nce-1234' }] },
      { ...base, deviceLabel: 'Gate\u0000B' },
      { ...base, scans: [{ ...scan, scannedAt: '0000-01-01T00:00:00Z' }] },
      { ...base, scans: [{ ...scan, scannedAt: 'yesterday' }] },
      { ...base, scans: [{ ...scan, checkIn: undefined }] },
      { ...base, scans: [{ ...scan, entityType: 'session' }] },
      { ...base, scans: [{ ...scan, extra: 1 }] },
      { ...base, scans: 'all of them' },
      { ...base, deviceNow: 'now' },
      { ...base, deviceNow: '0000-01-01T00:00:00Z' },
    ];
    for (const body of bodies) {
      const res = await door.api(staff, 'POST', SYNC, body);
      expect(res.status, JSON.stringify(body).slice(0, 200)).toBe(400);
    }
    const huge = await door.api(staff, 'POST', SYNC, { ...base, scans: Array(20_000).fill(scan) });
    expect([400, 413]).toContain(huge.status);
    expect(huge.body.error?.code).toMatch(/^MST-/);
    const attendee = await makePerson(t.ctx, event.id);
    expect((await door.api(attendee, 'POST', SYNC, base)).status).toBe(403);
    expect(await door.counted(event.id)).toEqual({ used: 0, inside: 0 });
    const stored = await t.ctx.db
      .selectFrom('checkin_sync')
      .select('nonce')
      .where('event_id', '=', event.id)
      .execute();
    expect(stored).toEqual([]);
  });

  it('forgets answers after thirty days', async () => {
    const { event, staff, ticketId } = await door.setup();
    await door.api(staff, 'POST', SYNC, {
      eventId: event.id,
      deviceId: 'device-prune-1',
      scans: [{ nonce: nonce(), ticketId, checkIn: true, scannedAt: '2030-05-01T10:00:00Z' }],
    });
    const count = () =>
      t.ctx.db.selectFrom('checkin_sync').select('nonce').where('event_id', '=', event.id).execute();
    expect(await count()).toHaveLength(1);
    t.setNow(new Date(NOON.getTime() + 31 * 24 * 60 * 60_000));
    try {
      await pruneSyncAnswers(t.ctx);
    } finally {
      t.setNow(NOON);
    }
    expect(await count()).toHaveLength(0);
  });
});

describe(`the offline snapshot (issue 14 part 4, ${engine})`, () => {
  it("E7.04 pages through the event's tickets with who is inside where; staff only", async () => {
    const { event, staff, guest, ticketId } = await door.setup();
    const { id } = await door.room(event.id, null);
    await door.api(staff, 'POST', '/event/participant/checkIn', {
      eventId: event.id,
      ticketId,
      checkIn: true,
    });
    await door.api(staff, 'POST', '/event/participant/checkIn', {
      eventId: event.id,
      entityType: 'location',
      entityId: id,
      ticketId,
      checkIn: true,
    });
    const deleted = await makePerson(t.ctx, event.id, { state: 'deleted' });
    await door.withTicket(deleted);
    const res = await door.api<CheckInSnapshot>(
      staff,
      'GET',
      `/event/participant/checkIn/snapshot?eventId=${event.id}`,
    );
    expect(res.status).toBe(200);
    expect(res.body.data?.next).toBeNull();
    expect(res.body.data?.tickets.map((x) => x.ticketId)).toEqual([ticketId]); // the staff member has no ticket
    expect(res.body.data?.tickets[0]).toMatchObject({
      participantId: guest.id,
      fullName: 'Grace Hopper',
      company: 'Navy',
      inside: ['event:0', `location:${id}`],
    });
    const attendee = await makePerson(t.ctx, event.id);
    const denied = await door.api(attendee, 'GET', `/event/participant/checkIn/snapshot?eventId=${event.id}`);
    expect(denied.status).toBe(403);
    for (const q of ['after=-1', 'after=abc', 'after=1e3', 'x=1']) {
      const bad = await door.api(
        staff,
        'GET',
        `/event/participant/checkIn/snapshot?eventId=${event.id}&${q}`,
      );
      expect(bad.status, q).toBe(400);
    }
  });

  it('E7.04 a big event comes in pages that join up without gaps', async () => {
    const { event, staff } = await door.setup();
    const total = CHECK_IN_SNAPSHOT_PAGE + 3;
    await sql`
      INSERT INTO participants (event_id, email, name, surname, ticket_id)
      SELECT ${event.id}, 'bulk-' || ${String(event.id)} || '-' || n || '@x.test', 'Bulk', 'No' || n,
             'BULK' || ${String(event.id)} || 'X' || n
        FROM generate_series(1, ${total}::int) AS n`.execute(t.ctx.db);
    const seen: string[] = [];
    let after: number | null = 0;
    let pages = 0;
    while (after !== null) {
      const res: { body: { data?: CheckInSnapshot } } = await door.api<CheckInSnapshot>(
        staff,
        'GET',
        `/event/participant/checkIn/snapshot?eventId=${event.id}${after ? `&after=${after}` : ''}`,
      );
      seen.push(...(res.body.data?.tickets.map((x) => x.ticketId) ?? []));
      after = res.body.data?.next ?? null;
      pages++;
    }
    expect(pages).toBe(2);
    expect(new Set(seen).size).toBe(total + 1);
  });
});
