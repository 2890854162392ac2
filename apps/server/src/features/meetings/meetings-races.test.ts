import { MeetingErrorCode } from '@foyer/contract';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeEvent, makePerson, makeSlots } from '../../../test/factories';
import { useHeldTransactions } from '../../../test/held-transactions';
import { call, createTestApp, type TestApp } from '../../../test/helper';
import { meetingsApi } from '../../../test/meetings-api';
import { waitFor } from '../../../test/smtp';
import { lockAgenda } from '../agenda/agenda-sources';

/**
 * A reschedule accepted beside the meeting's other changes. PGlite runs one transaction at a time:
 * only PostgreSQL lets one request wait on another's rows, so these run there.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('a reschedule beside other changes (PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.app.bus.idle());
  afterAll(async () => {
    await t.close();
  });
  beforeEach(() => t.setNow(new Date('2030-05-01T07:00:00Z')));
  const held = useHeldTransactions(() => t.ctx.db);

  /** Ana and Ben meet at slot 0; Ben asks to move it to slot 3. */
  async function withRequest() {
    const event = await makeEvent(t.ctx);
    const slots = await makeSlots(t.ctx, event.id, new Date('2030-05-01T09:00:00Z'), 6);
    const api = meetingsApi(t.app, event.id);
    const ana = await makePerson(t.ctx, event.id, { name: 'Ana' });
    const ben = await makePerson(t.ctx, event.id, { name: 'Ben' });
    const invitationId = (await api.invite(ana, ben)).body.data!.id;
    expect((await api.confirm(ben, invitationId, slots[0]!.id)).status).toBe(200);
    const meetingId = (await api.meetings(ana)).body.data![0]!.id;
    const request = (await api.reschedule(ben, invitationId, slots[3]!.id)).body.data!;
    return { event, slots, api, ana, ben, invitationId, meetingId, requestId: request.id };
  }

  /** Waits until `n` requests wait for a lock another transaction holds. */
  const waiting = (n: number, what: string) =>
    waitFor(async () => (await held.lockWaiters()) >= n, 10_000, what);

  it('E7.23 E4.25 a reschedule accepted while the meeting is cancelled is refused, never a deadlock', async () => {
    const { api, ana, ben, invitationId, meetingId, requestId } = await withRequest();
    // The meeting's people held (another change in flight): the cancellation stops there, holding the
    // meeting; the acceptance comes in behind it.
    const { release, done } = await held.hold(async (trx) => {
      await trx
        .updateTable('meeting_participants')
        .set({ active: sql`active` })
        .where('meeting_id', '=', meetingId)
        .execute();
    });
    const cancelled = api.cancel(ben, invitationId);
    await waiting(1, 'the cancellation waiting on the meeting’s people');
    const accepted = api.confirmReschedule(ana, requestId);
    await waiting(2, 'the acceptance waiting too');
    release();
    await done;
    const [cancel, accept] = await Promise.all([cancelled, accepted]);
    expect(cancel.status).toBe(200);
    expect(accept.status).toBe(409);
    expect(accept.body.error?.code).toBe(MeetingErrorCode.InvitationNotWaiting);
    const meeting = await t.ctx.db
      .selectFrom('meetings')
      .select('status')
      .where('id', '=', meetingId)
      .executeTakeFirstOrThrow();
    expect(meeting.status).toBe('cancelled');
  });

  it('E6.28 E7.23 a guest added while a reschedule is accepted is checked at the new time too', async () => {
    const { event, slots, api, ana, meetingId, requestId } = await withRequest();
    // Gil is booked into a talk from 10:15 to 11:15, over slot 3 (10:30), the time asked for.
    const gil = await makePerson(t.ctx, event.id, { name: 'Gil' });
    const talk = await t.ctx.db
      .insertInto('sessions')
      .values({
        event_id: event.id,
        name: 'Keynote',
        sdt: new Date('2030-05-01T10:15:00Z'),
        edt: new Date('2030-05-01T11:15:00Z'),
        images: '{}',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const joined = await call(t.app, {
      method: 'POST',
      url: '/api/v1/event/schedule/join',
      headers: gil.headers,
      payload: { eventId: event.id, toType: 'session', sessionId: talk.id },
    });
    expect(joined.status).toBe(200);

    // Gil's agenda held (a booking of his in flight): Ana's adding him stops there, holding the
    // meeting; Ana's acceptance of the new time comes in behind it.
    const { release, done } = await held.hold((trx) => lockAgenda(trx, gil.id));
    const added = api.addGuest(ana, meetingId, gil);
    await waiting(1, 'the guest’s addition waiting on his agenda');
    const accepted = api.confirmReschedule(ana, requestId);
    await waiting(2, 'the acceptance waiting on the meeting');
    release();
    await done;
    const [add, accept] = await Promise.all([added, accepted]);
    expect(add.status).toBe(200);
    // Gil came in at the old time; the new one is not free for him (his talk), so the meeting stays.
    expect(accept.status).toBe(409);
    expect(accept.body.error?.code).toBe(MeetingErrorCode.SlotNotFree);
    const gilsMeetings = await t.ctx.db
      .selectFrom('meeting_participants')
      .select('sdt')
      .where('participant_id', '=', gil.id)
      .where('active', '=', true)
      .execute();
    expect(gilsMeetings.map((m) => new Date(m.sdt).toISOString())).toEqual([
      new Date(slots[0]!.sdt).toISOString(),
    ]);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('a booking beside a removal (PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.app.bus.idle());
  afterAll(async () => {
    await t.close();
  });
  beforeEach(() => t.setNow(new Date('2030-05-01T07:00:00Z')));
  const held = useHeldTransactions(() => t.ctx.db);

  it('E3.02 E7.22 a request accepted while the organizers remove its sender books no meeting with a removed person', async () => {
    const event = await makeEvent(t.ctx);
    const slots = await makeSlots(t.ctx, event.id, new Date('2030-05-01T09:00:00Z'), 2);
    const api = meetingsApi(t.app, event.id);
    const ana = await makePerson(t.ctx, event.id, { name: 'Ana' });
    const ben = await makePerson(t.ctx, event.id, { name: 'Ben' });
    const invitationId = (await api.invite(ana, ben)).body.data!.id;
    // Another change of Ana's agenda is in flight: Ben's acceptance has checked Ana and waits for it.
    const { release, done } = await held.hold((trx) => lockAgenda(trx, ana.id));
    const accepting = api.confirm(ben, invitationId, slots[0]!.id);
    await waitFor(async () => (await held.lockWaiters()) > 0, 10_000, 'the acceptance waiting on her agenda');
    // Meanwhile the organizers remove Ana (the console's remove: her record is marked deleted).
    await t.ctx.db.updateTable('participants').set({ state: 'deleted' }).where('id', '=', ana.id).execute();
    release();
    await done;
    const answer = await accepting;
    expect(answer.status).toBe(404);
    const booked = await t.ctx.db
      .selectFrom('meeting_participants')
      .select('meeting_id')
      .where('participant_id', '=', ben.id)
      .where('active', '=', true)
      .execute();
    expect(booked).toEqual([]);
  });
});
