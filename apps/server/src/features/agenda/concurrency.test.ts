import { AgendaErrorCode } from '@foyer/contract';
import { describe, expect, it } from 'vitest';
import { makePerson, type Person } from '../../../test/factories';
import { useHeldTransactions } from '../../../test/held-transactions';
import { useTestApp } from '../../../test/helper';
import { waitFor } from '../../../test/smtp';
import { api, at, createSession, join, makeAgendaEvent, T0, usedCapacity } from './agenda.fixtures';

const t = useTestApp();

describe(`capacity under concurrency (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it("E4.50 50 simultaneous joins of a 10-seat session: exactly 10 joined, 40 'Fully booked'", async () => {
    t.setNow(T0);
    const event = await makeAgendaEvent(t.ctx);
    const session = await createSession(t.ctx, event.id, { capacity: 10 });
    const people: Person[] = [];
    for (let i = 0; i < 50; i++) people.push(await makePerson(t.ctx, event.id));

    const results = await Promise.all(people.map((p) => join(t.app, p, event.id, session.id)));

    const joined = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status === 409);
    expect(joined).toHaveLength(10);
    expect(refused).toHaveLength(40);
    for (const r of refused)
      expect(r.body.error).toMatchObject({ code: AgendaErrorCode.FullyBooked, msg: 'Fully booked' });
    expect(await usedCapacity(t.ctx, session.id)).toBe(10);
    const rows = await t.ctx.db
      .selectFrom('session_attendees')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('session_id', '=', session.id)
      .executeTakeFirstOrThrow();
    expect(Number(rows.n)).toBe(10);
  });

  it('E4.49 one person racing into two overlapping sessions ends up in exactly one', async () => {
    t.setNow(T0);
    const event = await makeAgendaEvent(t.ctx);
    const ada = await makePerson(t.ctx, event.id);
    const a = await createSession(t.ctx, event.id, { sdt: at(60), edt: at(120) });
    const b = await createSession(t.ctx, event.id, { sdt: at(90), edt: at(150) });
    const results = await Promise.all([
      join(t.app, ada, event.id, a.id),
      join(t.app, ada, event.id, b.id),
      join(t.app, ada, event.id, a.id),
      join(t.app, ada, event.id, b.id),
    ]);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200).length).toBe(2); // the winner, and its idempotent repeat
    expect(results.filter((r) => r.status === 409).every((r) => r.body.error?.msg === 'You are busy')).toBe(
      true,
    );
    expect((await usedCapacity(t.ctx, a.id)) + (await usedCapacity(t.ctx, b.id))).toBe(1);
  });

  it('joins and leaves interleaved keep the seat count equal to the attendee rows', async () => {
    t.setNow(T0);
    const event = await makeAgendaEvent(t.ctx);
    const session = await createSession(t.ctx, event.id, { capacity: 5 });
    const people: Person[] = [];
    for (let i = 0; i < 12; i++) people.push(await makePerson(t.ctx, event.id));
    await Promise.all(people.slice(0, 5).map((p) => join(t.app, p, event.id, session.id)));
    const leave = (p: Person) =>
      api(t.app, {
        method: 'POST',
        url: '/api/v1/event/schedule/leave',
        headers: p.headers,
        payload: { eventId: event.id, sessionId: session.id },
      });
    await Promise.all([
      ...people.slice(0, 5).map(leave),
      ...people.slice(5).map((p) => join(t.app, p, event.id, session.id)),
    ]);
    const count = await t.ctx.db
      .selectFrom('session_attendees')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('session_id', '=', session.id)
      .executeTakeFirstOrThrow();
    const used = await usedCapacity(t.ctx, session.id);
    expect(used).toBe(Number(count.n));
    expect(used).toBeLessThanOrEqual(5);
  });
});

/** PGlite runs one transaction at a time: only PostgreSQL lets a join wait on a cancellation. */
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'a join beside the session’s cancellation (PostgreSQL)',
  () => {
    const held = useHeldTransactions(() => t.ctx.db);

    it('E7.10 a join that read the session before it was cancelled takes no seat in it (404)', async () => {
      t.setNow(T0);
      const event = await makeAgendaEvent(t.ctx);
      const session = await createSession(t.ctx, event.id, { capacity: 10 });
      const ada = await makePerson(t.ctx, event.id);
      // The organizer's cancellation holds the session's row; the join has read it as live.
      const { release, done } = await held.hold(async (trx) => {
        await trx.updateTable('sessions').set({ deleted: true }).where('id', '=', session.id).execute();
      });
      const joining = join(t.app, ada, event.id, session.id);
      await waitFor(
        async () => (await held.lockWaiters()) > 0,
        10_000,
        'the join waiting for the cancelled row',
      );
      release();
      await done;
      const answer = await joining;
      expect(answer.status).toBe(404);
      expect(await usedCapacity(t.ctx, session.id)).toBe(0);
      const rows = await t.ctx.db
        .selectFrom('session_attendees')
        .select('participant_id')
        .where('session_id', '=', session.id)
        .execute();
      expect(rows).toEqual([]);
    });

    it('E4.49 two people swapping sessions the opposite way at once both get their swap', async () => {
      t.setNow(T0);
      const event = await makeAgendaEvent(t.ctx);
      const first = await createSession(t.ctx, event.id, { capacity: 10, sdt: at(60), edt: at(120) });
      const second = await createSession(t.ctx, event.id, { capacity: 10, sdt: at(60), edt: at(120) });
      const ada = await makePerson(t.ctx, event.id);
      const ben = await makePerson(t.ctx, event.id);
      expect((await join(t.app, ada, event.id, first.id)).status).toBe(200);
      expect((await join(t.app, ben, event.id, second.id)).status).toBe(200);
      const swap = (who: Person, sessionId: number, replaceSessionId: number) =>
        api(t.app, {
          method: 'POST',
          url: '/api/v1/event/schedule/join',
          headers: who.headers,
          payload: { eventId: event.id, toType: 'session', sessionId, replaceSessionId },
        });

      // Someone else's join holds the first session's row while the two swaps come in.
      const { release, done } = await held.hold(async (trx) => {
        await trx.selectFrom('sessions').select('id').where('id', '=', first.id).forNoKeyUpdate().execute();
      });
      const adaSwaps = swap(ada, second.id, first.id);
      await waitFor(async () => (await held.lockWaiters()) >= 1, 10_000, 'Ada’s swap waiting');
      const benSwaps = swap(ben, first.id, second.id);
      await waitFor(async () => (await held.lockWaiters()) >= 2, 10_000, 'Ben’s swap waiting');
      release();
      await done;

      expect((await adaSwaps).status).toBe(200);
      expect((await benSwaps).status).toBe(200);
      const attendees = await t.ctx.db
        .selectFrom('session_attendees')
        .select(['session_id', 'participant_id'])
        .where('session_id', 'in', [first.id, second.id])
        .orderBy('session_id')
        .execute();
      expect(attendees).toEqual([
        { session_id: first.id, participant_id: ben.id },
        { session_id: second.id, participant_id: ada.id },
      ]);
      expect(await usedCapacity(t.ctx, first.id)).toBe(1);
      expect(await usedCapacity(t.ctx, second.id)).toBe(1);
    });

    it('E8.36 a request accepted while the session is being cancelled is a 404, and nobody is told “confirmed”', async () => {
      t.setNow(T0);
      const event = await makeAgendaEvent(t.ctx);
      const session = await createSession(t.ctx, event.id, { needsApproval: true, capacity: 10 });
      const ada = await makePerson(t.ctx, event.id);
      const boss = await makePerson(t.ctx, event.id, { organizer: true });
      expect((await join(t.app, ada, event.id, session.id)).body.data).toMatchObject({ status: 'waiting' });

      // Another organizer's cancellation holds the session's row (programme-sessions.service.ts).
      const accepted = await held.behind(
        async (trx) => {
          await trx.updateTable('sessions').set({ deleted: true }).where('id', '=', session.id).execute();
        },
        () =>
          api(t.app, {
            method: 'POST',
            url: '/api/v1/event/schedule/sessionRequest',
            headers: boss.headers,
            payload: { eventId: event.id, sessionId: session.id, participantId: ada.id, accept: true },
          }),
      );
      expect(accepted.status).toBe(404);
      await t.app.bus.idle();
      const told = await t.ctx.db
        .selectFrom('notifications')
        .select('type')
        .where('session_id', '=', session.id)
        .execute();
      expect(told).toEqual([]);
      const attendance = await t.ctx.db
        .selectFrom('session_attendees')
        .select('status')
        .where('session_id', '=', session.id)
        .execute();
      expect(attendance).toEqual([{ status: 'waiting' }]);
    });
    it('E8.29 two organizers declining two requests of one session at the same moment both succeed', async () => {
      t.setNow(T0);
      const event = await makeAgendaEvent(t.ctx);
      const session = await createSession(t.ctx, event.id, { needsApproval: true, capacity: 10 });
      const ada = await makePerson(t.ctx, event.id);
      const ben = await makePerson(t.ctx, event.id);
      const boss = await makePerson(t.ctx, event.id, { organizer: true });
      for (const who of [ada, ben]) await join(t.app, who, event.id, session.id);
      const answers = await Promise.all(
        [ada, ben].map((who) =>
          api(t.app, {
            method: 'POST',
            url: '/api/v1/event/schedule/sessionRequest',
            headers: boss.headers,
            payload: { eventId: event.id, sessionId: session.id, participantId: who.id, accept: false },
          }),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual([200, 200]);
      expect(await usedCapacity(t.ctx, session.id)).toBe(0);
    });
  },
);
