import {
  type BoothDetails,
  ErrorCode,
  type JoinTableResult,
  type Meeting,
  MeetingErrorCode,
  POPUP_TABLE_PRESENCE_MS,
  RecordType,
  realtimeRoom,
  TABLE_SEATS,
  TableErrorCode,
  type TablePresence,
  tablePresentCount,
} from '@foyer/contract';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeBooth, makeEvent, makePerson, makeSlots, type Person } from '../../../test/factories';
import { useHeldTransactions } from '../../../test/held-transactions';
import { apiAs } from '../../../test/helper';
import { waitFor } from '../../../test/smtp';
import { connected, type Listening, listen } from '../../realtime/realtime.fixtures';

let t: Listening;
beforeAll(async () => {
  t = await listen();
});
afterEach(() => t.app.bus.idle());
afterAll(async () => {
  await t.close();
});

const NOW = new Date('2030-05-01T09:10:00Z');
beforeEach(() => t.setNow(NOW));
const at = (ms: number) => new Date(NOW.getTime() + ms);

const req = apiAs(() => t);

/** An event with a booth and a popup table of 8 seats at 09:00–09:30 (reserved by the organizer). */
async function setup() {
  const event = await makeEvent(t.ctx, { start: new Date('2030-05-01T08:00:00Z') });
  const booth = await makeBooth(t.ctx, event.id, 'Acme');
  const organizer = await makePerson(t.ctx, event.id, { name: 'Orga', organizer: true });
  const [slot] = await makeSlots(t.ctx, event.id, new Date('2030-05-01T09:00:00Z'), 1);
  t.setNow(new Date('2030-05-01T08:30:00Z')); // a table is reserved before its slot starts
  const reserved = await req<Meeting>(organizer, 'POST', '/event/schedule/reserveTable', {
    eventId: event.id,
    sessionId: slot!.id,
    boothId: booth.id,
  });
  expect(reserved.status).toBe(200);
  t.setNow(NOW);
  const detail = await req<BoothDetails>(organizer, 'GET', `/event/booth/${booth.id}?eventId=${event.id}`);
  const table = detail.body.data!.popupMeetings[0]!;
  expect(table.meetingId).toBe(reserved.body.data!.id);
  return { event, booth, organizer, roomId: table.roomId };
}

const tableCall = <T>(who: Person, action: 'join' | 'heartbeat' | 'leave', eventId: number, roomId: string) =>
  req<T>(who, 'POST', `/event/booth/table/${action}`, { eventId, roomId });

const hereNow = async (who: Person, eventId: number, boothId: number) => {
  const detail = await req<BoothDetails>(who, 'GET', `/event/booth/${boothId}?eventId=${eventId}`);
  const presence = detail.body.data!.popupMeetings[0]!.presence;
  // The server lists only those within the window; a reader counting then agrees.
  expect(tablePresentCount(presence, 0, 0)).toBe(presence.here.length);
  return presence.here.length;
};

describe('booth popup tables (E2.56, E7.87, A9.35)', () => {
  it('E2.56 the booth detail shows each table with its time and 8 seats, nobody there yet', async () => {
    const { event, booth } = await setup();
    const visitor = await makePerson(t.ctx, event.id);
    const detail = await req<BoothDetails>(visitor, 'GET', `/event/booth/${booth.id}?eventId=${event.id}`);
    expect(detail.body.data?.popupMeetings[0]).toMatchObject({
      name: 'Table 1',
      sdt: '2030-05-01T09:00:00.000Z',
      edt: '2030-05-01T09:30:00.000Z',
      presence: { seats: TABLE_SEATS, here: [], at: NOW.toISOString() },
    });
  });

  it('E7.87, A9.35 E9.42 join gives the video call and a seat; heartbeats keep it; it lapses after 60,000 ms', async () => {
    const { event, booth, roomId } = await setup();
    const ana = await makePerson(t.ctx, event.id);
    const joined = await tableCall<JoinTableResult>(ana, 'join', event.id, roomId);
    expect(joined.status).toBe(200);
    expect(joined.body.data?.videoUrl).toContain(encodeURIComponent(roomId));
    expect(joined.body.data?.presence).toMatchObject({
      roomId,
      seats: TABLE_SEATS,
      here: [NOW.toISOString()],
    });
    expect(await hereNow(ana, event.id, booth.id)).toBe(1);

    // A heartbeat 50 s later keeps the seat past the first minute.
    t.setNow(at(50_000));
    expect((await tableCall(ana, 'heartbeat', event.id, roomId)).status).toBe(200);
    t.setNow(at(50_000 + POPUP_TABLE_PRESENCE_MS - 1));
    expect(await hereNow(ana, event.id, booth.id)).toBe(1);
    // No heartbeat for 60 s: no longer there.
    t.setNow(at(50_000 + POPUP_TABLE_PRESENCE_MS));
    expect(await hereNow(ana, event.id, booth.id)).toBe(0);

    // Every change was a record on videoRooms/{roomId}/participantState, in order.
    const records = await t.ctx.db
      .selectFrom('realtime_events')
      .select(['type', 'payload'])
      .where('room', '=', realtimeRoom.videoRoomParticipantState(roomId))
      .orderBy('seq')
      .execute();
    expect(records.map((r) => r.type)).toEqual([
      RecordType.VideoRoomParticipantState,
      RecordType.VideoRoomParticipantState,
    ]);
    expect((records[1]!.payload as TablePresence).here).toEqual([at(50_000).toISOString()]);

    // Leaving frees the seat at once.
    t.setNow(at(60_000));
    expect((await tableCall(ana, 'join', event.id, roomId)).status).toBe(200);
    const left = await tableCall<TablePresence>(ana, 'leave', event.id, roomId);
    expect(left.body.data?.here).toEqual([]);
    expect(await hereNow(ana, event.id, booth.id)).toBe(0);
  });

  it('E2.56 a full table (8 present) refuses a ninth with 409 TableFull; a seat that lapsed is free again', async () => {
    const { event, roomId } = await setup();
    const people: Person[] = [];
    for (let i = 0; i < TABLE_SEATS + 1; i++) people.push(await makePerson(t.ctx, event.id));
    for (const p of people.slice(0, TABLE_SEATS)) {
      expect((await tableCall(p, 'join', event.id, roomId)).status).toBe(200);
    }
    const ninth = people[TABLE_SEATS]!;
    const refused = await tableCall(ninth, 'join', event.id, roomId);
    expect(refused.status).toBe(409);
    expect(refused.body.error?.code).toBe(MeetingErrorCode.TableFull);
    // Someone already seated keeps sending heartbeats at a full table.
    t.setNow(at(1000));
    expect((await tableCall(people[0]!, 'heartbeat', event.id, roomId)).status).toBe(200);
    expect((await tableCall(ninth, 'heartbeat', event.id, roomId)).status).toBe(409);
    // The others' heartbeats lapse (only the first one renewed): the ninth takes a seat.
    t.setNow(at(POPUP_TABLE_PRESENCE_MS));
    const joined = await tableCall<JoinTableResult>(ninth, 'join', event.id, roomId);
    expect(joined.status).toBe(200);
    expect(joined.body.data?.presence.here).toHaveLength(2);
  });

  it("E2.56 only the event's people join; another event's room, unknown rooms and bad input are 4xx", async () => {
    const { event, roomId } = await setup();
    const other = await makeEvent(t.ctx, { start: new Date('2030-05-01T08:00:00Z') });
    const stranger = await makePerson(t.ctx, other.id);
    const member = await makePerson(t.ctx, event.id);
    // A person of another event: not a participant here; with their own event id the room is no table there.
    expect((await tableCall(stranger, 'join', event.id, roomId)).status).toBe(403);
    const elsewhere = await tableCall(stranger, 'join', other.id, roomId);
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body.error?.code).toBe(ErrorCode.NotFound);
    expect((await tableCall(member, 'join', event.id, 'no-such-room')).status).toBe(404);
    for (const bad of ['a\u0000b', 'x'.repeat(65), '', '../etc', 12]) {
      expect(
        (await req(member, 'POST', '/event/booth/table/join', { eventId: event.id, roomId: bad })).status,
      ).toBe(400);
    }
    expect(
      (await req(member, 'POST', '/event/booth/table/join', { eventId: 99_999_999_999, roomId })).status,
    ).toBe(400);
    expect((await req(member, 'POST', '/event/booth/table/heartbeat', { eventId: event.id })).status).toBe(
      400,
    );
    // No seat was taken by any of it.
    const rows = await t.ctx.db.selectFrom('table_presence').selectAll().execute();
    expect(rows).toEqual([]);
  });

  it('E2.56 a table that is over takes nobody (409 TableOver)', async () => {
    const { event, roomId } = await setup();
    const ana = await makePerson(t.ctx, event.id);
    t.setNow(new Date('2030-05-01T09:30:00Z'));
    const over = await tableCall(ana, 'join', event.id, roomId);
    expect(over.status).toBe(409);
    expect(over.body.error?.code).toBe(TableErrorCode.TableOver);
  });

  it("E7.87 the event's people hear videoRooms/{roomId}/participantState live; others may not listen", async () => {
    const { event, roomId } = await setup();
    const ana = await makePerson(t.ctx, event.id);
    const ben = await makePerson(t.ctx, event.id);
    const stranger = await makePerson(t.ctx, (await makeEvent(t.ctx)).id);
    const token = (p: Person) => p.headers.authorization.replace(/^Bearer /, '');
    const room = realtimeRoom.videoRoomParticipantState(roomId);
    const watcher = await connected(t.url, token(ben));
    const outsider = await connected(t.url, token(stranger));
    try {
      expect(await watcher.subscribe(room)).toMatchObject({ ok: true });
      expect(await outsider.subscribe(room)).toMatchObject({ ok: false });
      expect(await watcher.subscribe(realtimeRoom.videoRoomParticipantState('nope'))).toMatchObject({
        ok: false,
      });
      expect((await tableCall(ana, 'join', event.id, roomId)).status).toBe(200);
      const [record] = await watcher.waitForRecords(1);
      expect(record).toMatchObject({ room, type: RecordType.VideoRoomParticipantState });
      expect((record!.payload as TablePresence).here).toHaveLength(1);
    } finally {
      watcher.socket.close();
      outsider.socket.close();
    }
  });
});

/** PGlite runs one transaction at a time: only PostgreSQL lets a join wait on a cancellation. */
describe.skipIf(!process.env.TEST_DATABASE_URL)('a table cancelled beside a join (PostgreSQL)', () => {
  const held = useHeldTransactions(() => t.ctx.db);

  it('E2.56 a join that found the table open while it was being cancelled takes no seat (409 TableOver)', async () => {
    const { event, roomId } = await setup();
    const ana = await makePerson(t.ctx, event.id);
    // The cancellation holds the table's row; the join has read it as open.
    const { release, done } = await held.hold(async (trx) => {
      await trx
        .updateTable('meetings')
        .set({ status: 'cancelled' })
        .where('video_room', '=', roomId)
        .execute();
    });
    const joining = tableCall<JoinTableResult>(ana, 'join', event.id, roomId);
    await waitFor(async () => (await held.lockWaiters()) > 0, 10_000, 'the join waiting on the table');
    release();
    await done;
    const answer = await joining;
    expect(answer.status).toBe(409);
    expect(answer.body.error?.code).toBe(TableErrorCode.TableOver);
    const seats = await t.ctx.db
      .selectFrom('table_presence')
      .selectAll()
      .where('participant_id', '=', ana.id);
    expect(await seats.execute()).toEqual([]);
  });
});
