import { ChatRecordType, NotificationRecordType, RecordType, realtimeRoom } from '@foyer/contract';
import type { Insertable } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  makeBooth,
  makeEvent,
  makeParticipant,
  makePerson,
  makeSlots,
  makeUser,
  type Person,
} from '../../test/factories';
import { useHeldTransactions } from '../../test/held-transactions';
import { call, useTestApp } from '../../test/helper';
import { spreadKey } from '../db/advisory-locks';
import type { ParticipantsTable } from '../db/schema';

/** Where a person's feed comes in the rooms' one order: its lock's key. */
const turnOf = (userId: number) => spreadKey(realtimeRoom.user(userId));

/**
 * A transaction that announces one change in several rooms takes their turns in one order (their
 * locks' keys, `spreadKey`),
 * whatever the order it names them in; two that each held one room and waited for the other's would
 * deadlock, and PostgreSQL would end one of them with an error (a 500 for a route). PGlite runs one
 * transaction at a time, so only PostgreSQL can interleave them.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('rooms’ turns in one order (PostgreSQL)', () => {
  const t = useTestApp();
  const held = useHeldTransactions(() => t.ctx.db);

  /** Two people of a new event, ordered by their feeds' turns: `first`'s comes first. */
  async function pair() {
    const event = await makeEvent(t.ctx);
    const people = [await makePerson(t.ctx, event.id, { name: 'Ana' })];
    while (people.length < 2) {
      const next = await makePerson(t.ctx, event.id, { name: 'Ben' });
      if (turnOf(next.userId) !== turnOf(people[0]!.userId)) people.push(next); // one key: no order
    }
    const [first, second] = [...people].sort((a, b) => turnOf(a.userId) - turnOf(b.userId)) as [
      Person,
      Person,
    ];
    return { event, first, second };
  }

  /**
   * Another transaction: holds the first room's turn until released, then wants the second's. Resolves
   * once it holds the first.
   */
  const holdFirstThenSecond = (first: Person, second: Person) =>
    held.hold(
      (trx) => t.app.realtime.lockRooms([realtimeRoom.user(first.userId)], trx),
      (trx) => t.app.realtime.lockRooms([realtimeRoom.user(second.userId)], trx),
    );

  /** The records written on the two people's feeds of this type. */
  const feedsTold = async (people: Person[], type: string) =>
    (
      await t.ctx.db
        .selectFrom('realtime_events')
        .select('room')
        .where(
          'room',
          'in',
          people.map((p) => realtimeRoom.user(p.userId)),
        )
        .where('type', '=', type)
        .execute()
    )
      .map((r) => r.room)
      .sort();
  /** Both people's feeds, as `feedsTold` lists them. */
  const feedsOf = (people: Person[]) => people.map((p) => realtimeRoom.user(p.userId)).sort();

  it('E7.85 a group chat’s creation tells its members in the rooms’ order, not the members’', async () => {
    const { event, first, second } = await pair();
    const other = await holdFirstThenSecond(first, second);

    const creating = call(t.app, {
      method: 'POST',
      url: '/api/v1/chat/room',
      headers: second.headers,
      payload: { eventId: event.id, type: 'group', name: 'Coffee', members: [first.id] },
    });
    await expect.poll(held.roomWaiters, { timeout: 10_000 }).toBeGreaterThan(0);
    other.release();

    await expect(other.done).resolves.toBeUndefined();
    const created = await creating;
    expect(created.status).toBe(200);
    expect(await feedsTold([first, second], ChatRecordType.Room)).toEqual(feedsOf([first, second]));
  });

  /**
   * Two people of the event whose user ids and feeds' turns order differently: `first`'s feed comes
   * first, `second`'s row and id come first.
   */
  async function againstTheirIds(eventId: number, row: Partial<Insertable<ParticipantsTable>> = {}) {
    let previous = await makeUser(t.ctx);
    let next = await makeUser(t.ctx);
    while (turnOf(previous.id) <= turnOf(next.id)) {
      previous = next;
      next = await makeUser(t.ctx);
    }
    const people: Person[] = [];
    for (const user of [previous, next]) {
      const made = await makeParticipant(t.ctx, eventId, user, row);
      people.push({
        id: made.id,
        userId: user.id,
        name: user.name,
        email: user.username,
        headers: user.headers,
      });
    }
    const [second, first] = people as [Person, Person];
    expect(turnOf(first.userId)).toBeLessThan(turnOf(second.userId));
    expect(first.id).toBeGreaterThan(second.id);
    return { first, second };
  }

  /** The outbox row of the event's domain event of this type, once handled. */
  const handled = (eventId: number, type: string) =>
    expect
      .poll(
        () =>
          t.ctx.db
            .selectFrom('bus_outbox')
            .select(['state', 'attempts'])
            .where('type', '=', type)
            .where('event_id', '=', eventId)
            .executeTakeFirst(),
        { timeout: 10_000 },
      )
      .toMatchObject({ state: 'done', attempts: 1 }); // a deadlock's victim would have been tried again

  it('A9.40 a session’s change notifies its people in the rooms’ order, not their ids’, on its first attempt', async () => {
    const event = await makeEvent(t.ctx);
    const { first, second } = await againstTheirIds(event.id);
    const [session] = await makeSlots(t.ctx, event.id, new Date('2026-12-10T10:00:00Z'), 1);
    const other = await holdFirstThenSecond(first, second);

    await t.ctx.db.transaction().execute((trx) =>
      t.app.bus.emit(
        {
          type: 'session.changed',
          kind: 'rescheduled_session',
          eventId: event.id,
          sessionId: session?.id ?? 0,
          participantIds: [second.id, first.id],
          actorId: null,
          message: null,
        },
        trx,
      ),
    );
    await expect.poll(held.roomWaiters, { timeout: 10_000 }).toBeGreaterThan(0);
    other.release();

    await expect(other.done).resolves.toBeUndefined();
    await expect
      .poll(() => feedsTold([first, second], NotificationRecordType.Notification), { timeout: 10_000 })
      .toEqual(feedsOf([first, second]));
    await handled(event.id, 'session.changed');
  });

  it('a lead’s change reaches the booth’s team in the rooms’ order, not their rows’, on its first attempt', async () => {
    const event = await makeEvent(t.ctx);
    const booth = await makeBooth(t.ctx, event.id);
    const { first, second } = await againstTheirIds(event.id, { booth_id: booth.id, booth_role: 'user' });
    const other = await holdFirstThenSecond(first, second);

    await t.ctx.db
      .transaction()
      .execute((trx) =>
        t.app.bus.emit(
          { type: 'booth.lead.changed', eventId: event.id, boothId: booth.id, leadId: null },
          trx,
        ),
      );
    await expect.poll(held.roomWaiters, { timeout: 10_000 }).toBeGreaterThan(0);
    other.release();

    await expect(other.done).resolves.toBeUndefined();
    await handled(event.id, 'booth.lead.changed');
    expect(await feedsTold([first, second], RecordType.BoothLead)).toEqual(feedsOf([first, second]));
  });
});
