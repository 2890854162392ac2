import { ChatRecordType, NotificationRecordType, realtimeRoom } from '@foyer/contract';
import { describe, expect, it } from 'vitest';
import {
  makeEvent,
  makeParticipant,
  makePerson,
  makeSlots,
  makeUser,
  type Person,
} from '../../test/factories';
import { useHeldTransactions } from '../../test/held-transactions';
import { call, useTestApp } from '../../test/helper';

/**
 * A transaction that announces one change in several rooms takes their turns in one order (sorted),
 * whatever the order it names them in; two that each held one room and waited for the other's would
 * deadlock, and PostgreSQL would end one of them with an error (a 500 for a route). PGlite runs one
 * transaction at a time, so only PostgreSQL can interleave them.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('rooms’ turns in one order (PostgreSQL)', () => {
  const t = useTestApp();
  const held = useHeldTransactions(() => t.ctx.db);

  /** Two people of a new event, ordered by their feeds' order: `first`'s room sorts first. */
  async function pair() {
    const event = await makeEvent(t.ctx);
    const people = [
      await makePerson(t.ctx, event.id, { name: 'Ana' }),
      await makePerson(t.ctx, event.id, { name: 'Ben' }),
    ];
    const [first, second] = [...people].sort((a, b) =>
      realtimeRoom.user(a.userId) < realtimeRoom.user(b.userId) ? -1 : 1,
    ) as [Person, Person];
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
    expect(await feedsTold([first, second], ChatRecordType.Room)).toEqual(
      [first, second].map((p) => realtimeRoom.user(p.userId)),
    );
  });

  it('A9.40 a session’s change notifies its people in the rooms’ order, not their ids’, on its first attempt', async () => {
    const event = await makeEvent(t.ctx);
    // Two users whose ids order differently as numbers and as room names (9 and 10: "…/10" < "…/9").
    let previous = await makeUser(t.ctx);
    let next = await makeUser(t.ctx);
    while (String(next.id).length === String(previous.id).length) {
      previous = next;
      next = await makeUser(t.ctx);
    }
    const [first, second] = (await Promise.all(
      [next, previous].map(async (user): Promise<Person> => {
        const row = await makeParticipant(t.ctx, event.id, user);
        return { id: row.id, userId: user.id, name: user.name, email: user.username, headers: user.headers };
      }),
    )) as [Person, Person];
    expect(realtimeRoom.user(first.userId) < realtimeRoom.user(second.userId)).toBe(true);
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
      .toEqual([first, second].map((p) => realtimeRoom.user(p.userId)));
    const row = await t.ctx.db
      .selectFrom('bus_outbox')
      .select(['state', 'attempts', 'last_error'])
      .where('type', '=', 'session.changed')
      .where('event_id', '=', event.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ state: 'done', attempts: 1 }); // a deadlock's victim would have been tried again
  });
});
