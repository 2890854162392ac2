import { type Poll, realtimeRoom } from '@foyer/contract';
import { describe, expect, it } from 'vitest';
import { makeEvent, makePerson, type Person } from '../../../test/factories';
import { useHeldTransactions } from '../../../test/held-transactions';
import { call, useTestApp } from '../../../test/helper';

const NOW = new Date('2030-05-01T07:00:00Z');
const t = useTestApp(NOW);

async function setup() {
  const event = await makeEvent(t.ctx);
  const org = await makePerson(t.ctx, event.id, { name: 'Org', organizer: true });
  const mod = await makePerson(t.ctx, event.id, { name: 'Mod', rights: { moderator: true } });
  await makePerson(t.ctx, event.id, { name: 'Ana' });
  const post = (who: Person, payload: Record<string, unknown>) =>
    call<Poll>(t.app, {
      method: 'POST',
      url: '/api/v1/event/poll',
      headers: who.headers,
      payload: { eventId: event.id, ...payload },
    });
  const created = await post(org, { question: 'Best talk?', answers: ['Keynote', 'Panel'] });
  const poll = created.body.data as Poll;
  expect((await post(org, { id: poll.id, action: 'publish' })).status).toBe(200);
  const finish = (who: Person) => post(who, { id: poll.id, action: 'finish', publishResults: true });
  return { event, org, mod, poll, finish };
}

/** What finishing the poll left behind: its bell entries, its outbox events, its live records. */
async function toldOfFinish(eventId: number, pollId: number) {
  await t.app.bus.idle();
  const bells = await t.ctx.db
    .selectFrom('notifications')
    .select('id')
    .where('poll_id', '=', pollId)
    .where('type', '=', 'poll_finished')
    .execute();
  const emitted = (await t.ctx.db.selectFrom('bus_outbox').select(['type', 'payload']).execute()).filter(
    (r) => r.type === 'poll.finished' && (r.payload as { pollId?: number }).pollId === pollId,
  );
  const records = (
    await t.ctx.db
      .selectFrom('realtime_events')
      .select('payload')
      .where('room', '=', realtimeRoom.event(eventId))
      .execute()
  ).filter((r) => (r.payload as { action?: string; pollId?: number }).action === 'finish');
  return { bells: bells.length, emitted: emitted.length, records: records.length };
}

describe('finishing a poll notifies once', () => {
  it('E4.60 A9.41 two finishes at once: one finishes it (200), the other is refused (409); one poll_finished', async () => {
    const { event, org, mod, poll, finish } = await setup();
    const answers = await Promise.all([finish(org), finish(mod)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await toldOfFinish(event.id, poll.id)).toEqual({ bells: 1, emitted: 1, records: 1 });
  });

  it('E4.60 A9.41 a finish sent again (a retry) is refused and tells nobody again', async () => {
    const { event, org, poll, finish } = await setup();
    expect((await finish(org)).status).toBe(200);
    expect((await finish(org)).status).toBe(409);
    expect(await toldOfFinish(event.id, poll.id)).toEqual({ bells: 1, emitted: 1, records: 1 });
  });
});

/** PGlite runs one transaction at a time: only PostgreSQL lets the two finishes wait on one row together. */
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'two finishes queued on the poll together (PostgreSQL)',
  () => {
    const held = useHeldTransactions(() => t.ctx.db);

    it('E4.60 A9.41 both wait on the poll row, then one finishes it and the other is refused; one poll_finished', async () => {
      const { event, org, mod, poll, finish } = await setup();
      await t.app.bus.idle();
      const { release, done } = await held.hold(async (trx) => {
        await trx.selectFrom('polls').select('id').where('id', '=', poll.id).forUpdate().execute();
      });
      const answers = Promise.all([finish(org), finish(mod)]);
      await expect.poll(held.lockWaiters, { timeout: 10_000 }).toBeGreaterThan(1);
      release();
      await done;
      expect((await answers).map((a) => a.status).sort()).toEqual([200, 409]);
      expect(await toldOfFinish(event.id, poll.id)).toEqual({ bells: 1, emitted: 1, records: 1 });
    });
  },
);
