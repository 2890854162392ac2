import { type Poll, realtimeRoom } from '@foyer/contract';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { makeEvent, makePerson, type Person } from '../../../test/factories';
import { useHeldTransactions } from '../../../test/held-transactions';
import { call, useTestApp } from '../../../test/helper';
import { listPolls } from './polls.service';

const NOW = new Date('2030-05-01T07:00:00Z');
const t = useTestApp(NOW);

async function setup() {
  const event = await makeEvent(t.ctx);
  const org = await makePerson(t.ctx, event.id, { name: 'Org', organizer: true });
  const mod = await makePerson(t.ctx, event.id, { name: 'Mod', rights: { moderator: true } });
  const ana = await makePerson(t.ctx, event.id, { name: 'Ana' });
  const ben = await makePerson(t.ctx, event.id, { name: 'Ben' });
  const e = event.id;
  const req = <T = Poll>(
    who: Person,
    method: InjectOptions['method'],
    url: string,
    payload: Record<string, unknown> = {},
  ) =>
    call<T>(t.app, {
      method,
      url: `/api/v1/event/poll${url}`,
      headers: who.headers,
      ...(method === 'GET' || method === 'DELETE'
        ? {
            query: Object.fromEntries(
              Object.entries({ eventId: e, ...payload }).map(([k, v]) => [k, String(v)]),
            ),
          }
        : { payload: { eventId: e, ...payload } }),
    });
  const create = async (who: Person, extra: Record<string, unknown> = {}) => {
    const r = await req(who, 'POST', '', {
      question: 'Best talk?',
      answers: ['Keynote', 'Panel', 'Demo'],
      ...extra,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.data as Poll;
  };
  const act = (who: Person, id: number, action: string, extra: Record<string, unknown> = {}) =>
    req(who, 'POST', '', { id, action, ...extra });
  const vote = (who: Person, id: number, answers: number[]) => req(who, 'POST', '/submit', { id, answers });
  const list = async (who: Person) => (await req<Poll[]>(who, 'GET', '')).body.data ?? [];
  const get = (who: Person, id: number) => req(who, 'GET', `/${id}`);
  return { event, org, mod, ana, ben, req, create, act, vote, list, get };
}
const notifications = () =>
  t.ctx.db.selectFrom('notifications').select(['type', 'poll_id']).orderBy('id').execute();

describe('poll lifecycle', () => {
  it('E6.35 E7.45 E3.27 organizers and moderators create drafts that attendees do not see', async () => {
    const { event, ana, mod, org, create, list, get, req } = await setup();
    expect((await req(ana, 'POST', '', { question: 'Q', answers: ['a'] })).status).toBe(403);
    const poll = await create(mod);
    // E3.27: id, event, question, answers, auto-publish of results and when it is posted.
    expect(poll).toMatchObject({
      id: expect.any(Number),
      eventId: event.id,
      question: 'Best talk?',
      autoPublishResults: false,
      postAt: null,
      status: 'draft',
      answers: [
        { id: 1, text: 'Keynote' },
        { id: 2, text: 'Panel' },
        { id: 3, text: 'Demo' },
      ],
    });
    expect((await list(org)).map((p) => p.id)).toEqual([poll.id]);
    expect(await list(ana)).toEqual([]);
    expect((await get(ana, poll.id)).status).toBe(404);
  });

  it('E4.58 publish shows it to everyone and notifies once (A9.41 poll); unpublish hides it again', async () => {
    const { org, ana, create, act, list } = await setup();
    const poll = await create(org);
    expect((await act(org, poll.id, 'publish')).body.data?.status).toBe('published');
    expect((await list(ana)).map((p) => p.status)).toEqual(['published']);
    expect((await act(org, poll.id, 'publish')).status).toBe(409);
    expect((await act(org, poll.id, 'unpublish')).body.data?.status).toBe('draft');
    expect(await list(ana)).toEqual([]);
    await act(org, poll.id, 'publish');
    await t.app.bus.idle();
    expect(await notifications()).toEqual([{ type: 'poll', poll_id: poll.id }]);
  });

  it('E4.58 A9.41 unpublishing takes the poll’s notification back; published again, it is told again', async () => {
    const { org, ana, create, act } = await setup();
    const poll = await create(org);
    await act(org, poll.id, 'publish');
    await t.app.bus.idle();
    expect(await notifications()).toEqual([{ type: 'poll', poll_id: poll.id }]);
    await act(org, poll.id, 'unpublish');
    await t.app.bus.idle();
    // Ana's bell no longer names a poll she cannot open (nor mails her of it).
    expect(await notifications()).toEqual([]);
    const bell = await call<{ items: unknown[] }>(t.app, {
      method: 'GET',
      url: '/api/v1/notifications',
      headers: ana.headers,
    });
    expect(bell.body.data?.items).toEqual([]);
    await act(org, poll.id, 'publish');
    await t.app.bus.idle();
    expect(await notifications()).toEqual([{ type: 'poll', poll_id: poll.id }]);
  });

  it('E7.48 one vote per participant; answers must be the poll’s; single choice takes one', async () => {
    const { org, ana, create, act, vote } = await setup();
    const poll = await create(org);
    expect((await vote(ana, poll.id, [1])).status).toBe(404); // still a draft
    await act(org, poll.id, 'publish');
    expect((await vote(ana, poll.id, [9])).status).toBe(400);
    expect((await vote(ana, poll.id, [1, 2])).status).toBe(400);
    const voted = await vote(ana, poll.id, [2]);
    expect(voted.body.data).toMatchObject({ myAnswers: [2], totalVoters: 1, results: null });
    expect((await vote(ana, poll.id, [3])).status).toBe(409);
    const multi = await create(org, { multiple: true, postAt: 0 });
    await act(org, multi.id, 'publish');
    expect((await vote(ana, multi.id, [1, 3, 3])).body.data?.myAnswers).toEqual([1, 3]);
  });

  it('E7.48 concurrent votes of one person count once (race-free)', async () => {
    const { org, ana, ben, create, act, vote } = await setup();
    const poll = await create(org);
    await act(org, poll.id, 'publish');
    const results = await Promise.all([1, 2, 3, 1, 2].map((a) => vote(ana, poll.id, [a])));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
    await vote(ben, poll.id, [1]);
    const tally = (await act(org, poll.id, 'showResults')).body.data;
    expect(tally?.totalVoters).toBe(2);
    expect(tally?.results?.reduce((sum, r) => sum + r.votes, 0)).toBe(2);
  });

  it('E4.59 results hidden from attendees until shown (moderators always see them); auto-publish shows them', async () => {
    const { org, ana, ben, create, act, vote, get } = await setup();
    const poll = await create(org);
    await act(org, poll.id, 'publish');
    await vote(ana, poll.id, [1]);
    await vote(ben, poll.id, [1]);
    expect((await get(ben, poll.id)).body.data?.results).toBeNull();
    expect((await get(org, poll.id)).body.data?.results).toEqual([
      { answerId: 1, votes: 2 },
      { answerId: 2, votes: 0 },
      { answerId: 3, votes: 0 },
    ]);
    await act(org, poll.id, 'showResults');
    expect((await get(ben, poll.id)).body.data?.results?.[0]).toEqual({ answerId: 1, votes: 2 });
    await act(org, poll.id, 'hideResults');
    expect((await get(ben, poll.id)).body.data?.results).toBeNull();
    const auto = await create(org, { autoPublishResults: true });
    await act(org, auto.id, 'publish');
    expect((await vote(ben, auto.id, [3])).body.data?.results?.[2]).toEqual({ answerId: 3, votes: 1 });
  });

  it('E4.58 close stops votes, reopen allows them again', async () => {
    const { org, ana, ben, create, act, vote } = await setup();
    const poll = await create(org);
    await act(org, poll.id, 'publish');
    await vote(ana, poll.id, [1]);
    expect((await act(org, poll.id, 'close')).body.data?.status).toBe('closed');
    expect((await vote(ben, poll.id, [1])).status).toBe(409);
    expect((await act(org, poll.id, 'close')).status).toBe(409);
    expect((await act(org, poll.id, 'reopen')).body.data?.status).toBe('published');
    expect((await vote(ben, poll.id, [1])).status).toBe(200);
  });

  it('E4.60 finish closes and optionally publishes the results (A9.41 poll_finished); E4.61 restart clears the votes', async () => {
    const { org, ana, create, act, vote, get } = await setup();
    const poll = await create(org);
    await act(org, poll.id, 'publish');
    await vote(ana, poll.id, [3]);
    const finished = (await act(org, poll.id, 'finish', { publishResults: true })).body.data;
    expect(finished).toMatchObject({ status: 'closed', resultsVisible: true, finishedAt: NOW.toISOString() });
    expect((await get(ana, poll.id)).body.data?.results?.[2]).toEqual({ answerId: 3, votes: 1 });
    expect((await act(org, poll.id, 'finish')).status).toBe(409);
    const restarted = (await act(org, poll.id, 'restart')).body.data;
    expect(restarted).toMatchObject({
      status: 'published',
      totalVoters: 0,
      finishedAt: null,
      resultsVisible: false,
    });
    expect((await get(ana, poll.id)).body.data?.myAnswers).toBeNull();
    expect((await vote(ana, poll.id, [1])).status).toBe(200);
    const quiet = await create(org);
    await act(org, quiet.id, 'publish');
    expect((await act(org, quiet.id, 'finish')).body.data?.resultsVisible).toBe(false);
    await t.app.bus.idle();
    expect((await notifications()).map((n) => n.type)).toEqual([
      'poll',
      'poll_finished',
      'poll',
      'poll_finished',
    ]);
  });

  it('E7.46 editing keeps the ids of kept answers; a removed answer’s votes stop counting', async () => {
    const { org, ana, ben, create, act, vote, req } = await setup();
    const poll = await create(org);
    await act(org, poll.id, 'publish');
    await vote(ana, poll.id, [1]);
    await vote(ben, poll.id, [2]);
    const edited = await req(org, 'POST', '', {
      id: poll.id,
      question: 'Best talk today?',
      answers: [{ id: 2, text: 'Panel' }, 'Workshop'],
    });
    expect(edited.body.data).toMatchObject({
      question: 'Best talk today?',
      answers: [
        { id: 2, text: 'Panel' },
        { id: 4, text: 'Workshop' },
      ],
      results: [
        { answerId: 2, votes: 1 },
        { answerId: 4, votes: 0 },
      ],
    });
  });

  it('E7.46 an answer added after one was removed gets a new id: the removed one’s votes do not pass to it', async () => {
    const { org, ben, create, act, vote, req } = await setup();
    const poll = await create(org);
    await act(org, poll.id, 'publish');
    await vote(ben, poll.id, [3]);
    const answers = [
      { id: 1, text: 'Keynote' },
      { id: 2, text: 'Panel' },
    ];
    await req(org, 'POST', '', { id: poll.id, question: 'Best talk?', answers });
    const edited = await req(org, 'POST', '', {
      id: poll.id,
      question: 'Best talk?',
      answers: [...answers, 'Lunch'],
    });
    const lunch = edited.body.data?.answers.find((a) => a.text === 'Lunch');
    expect(lunch?.id).not.toBe(3);
    expect(edited.body.data?.results?.find((r) => r.answerId === lunch?.id)?.votes).toBe(0);
  });

  it('E7.46 removing an answer drops its ballots: those voters count no more and may vote again', async () => {
    const { event, org, ana, ben, create, act, vote, req, get } = await setup();
    const poll = await create(org, { autoPublishResults: true });
    await act(org, poll.id, 'publish');
    await vote(ana, poll.id, [1]);
    await vote(ben, poll.id, [2]);
    const edited = await req(org, 'POST', '', {
      id: poll.id,
      question: 'Best talk?',
      answers: [
        { id: 2, text: 'Panel' },
        { id: 3, text: 'Demo' },
      ],
    });
    expect(edited.body.data).toMatchObject({
      totalVoters: 1,
      results: [
        { answerId: 2, votes: 1 },
        { answerId: 3, votes: 0 },
      ],
    });
    expect((await get(ana, poll.id)).body.data?.myAnswers).toBeNull();
    const pushed = await t.ctx.db
      .selectFrom('realtime_events')
      .select('payload')
      .where('room', '=', realtimeRoom.event(event.id))
      .orderBy('seq', 'desc')
      .executeTakeFirstOrThrow();
    expect(pushed.payload).toMatchObject({ action: 'updated', poll: { totalVoters: 1 } });
    expect((await vote(ana, poll.id, [3])).status).toBe(200);
    expect((await get(ben, poll.id)).body.data).toMatchObject({ totalVoters: 2, myAnswers: [2] });
  });

  it('E7.46 a multiple-choice poll with a ballot of several answers cannot become single choice', async () => {
    const { org, ana, ben, create, act, vote, req, get } = await setup();
    const poll = await create(org, { multiple: true });
    await act(org, poll.id, 'publish');
    await vote(ana, poll.id, [1, 2]);
    const save = (answers: unknown[]) =>
      req(org, 'POST', '', { id: poll.id, question: 'Best talk?', answers, multiple: false });
    const refused = await save(['Keynote', 'Panel', 'Demo'].map((text, i) => ({ id: i + 1, text })));
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      error: { fields: { multiple: 'validation.error.poll.severalVoted' } },
    });
    expect((await get(org, poll.id)).body.data?.multiple).toBe(true);
    // Once no ballot names several answers (here: one of ana's is removed), the switch is allowed.
    await vote(ben, poll.id, [3]);
    const switched = await save([
      { id: 2, text: 'Panel' },
      { id: 3, text: 'Demo' },
    ]);
    expect(switched.status, JSON.stringify(switched.body)).toBe(200);
    expect(switched.body.data).toMatchObject({ multiple: false, totalVoters: 2 });
  });

  it('a list read with nothing due writes nothing (the scheduler publishes)', async () => {
    const { event, org, create } = await setup();
    await create(org, { postAt: '2030-05-01T08:00:00Z' });
    const writes: string[] = [];
    const db = t.ctx.db.withPlugin({
      transformQuery: (args) => {
        if (args.node.kind !== 'SelectQueryNode' && args.node.kind !== 'RawNode') writes.push(args.node.kind);
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    const deps = { ctx: { ...t.ctx, db }, realtime: t.app.realtime, bus: t.app.bus };
    expect(await listPolls(deps, org.userId, event.id)).toHaveLength(1);
    expect(writes).toEqual([]);
  });

  it('postAt schedules the publication; due polls open by themselves', async () => {
    const { org, ana, create, list } = await setup();
    const poll = await create(org, { postAt: '2030-05-01T08:00:00Z' });
    expect(poll.status).toBe('scheduled');
    expect(await list(ana)).toEqual([]);
    t.setNow(new Date('2030-05-01T08:00:00Z'));
    expect((await list(ana)).map((p) => [p.id, p.status])).toEqual([[poll.id, 'published']]);
    const now = await create(org, { postAt: '2030-05-01T07:59:00Z' });
    expect(now.status).toBe('published');
  });

  it('E4.58 E7.46 a draft saved with a past postAt by two moderators at once is published once; a later edit is an update', async () => {
    const { event, org, mod, create, req } = await setup();
    const poll = await create(org);
    const save = (who: Person) =>
      req(who, 'POST', '', {
        id: poll.id,
        question: 'Best talk?',
        answers: ['Keynote', 'Panel'],
        postAt: NOW,
      });
    const saved = await Promise.all([save(org), save(mod)]);
    expect(saved.map((r) => [r.status, r.body.data?.status])).toEqual([
      [200, 'published'],
      [200, 'published'],
    ]);
    expect((await save(org)).body.data?.status).toBe('published');
    await t.app.bus.idle();
    const actions = (
      await t.ctx.db
        .selectFrom('realtime_events')
        .select('payload')
        .where('room', '=', `newEvents/${event.id}`)
        .orderBy('seq')
        .execute()
    ).map((r) => (r.payload as { action?: string }).action);
    expect(actions.filter((a) => a === 'publish')).toHaveLength(1);
    expect(actions.filter((a) => a === 'updated')).toHaveLength(2);
    expect(await notifications()).toEqual([{ type: 'poll', poll_id: poll.id }]);
  });

  it('E7.47 moderators delete; attendees may not', async () => {
    const { org, ana, create, req, list } = await setup();
    const poll = await create(org);
    expect((await req(ana, 'DELETE', '', { id: poll.id })).status).toBe(403);
    expect((await req(org, 'DELETE', '', { id: poll.id })).body.data).toEqual({ id: poll.id });
    expect(await list(org)).toEqual([]);
  });
});

describe('a poll of another event', () => {
  it('E7.46 E7.47 E7.48 E7.49 is not found through my event, and refused through its own (not mine)', async () => {
    const theirs = await setup();
    const mine = await setup();
    const poll = await theirs.create(theirs.org);
    await theirs.act(theirs.org, poll.id, 'publish');
    const tries = (eventId: number) => [
      mine.req(mine.org, 'POST', '/submit', { eventId, id: poll.id, answers: [1] }),
      mine.req(mine.org, 'POST', '', { eventId, id: poll.id, action: 'close' }),
      mine.req(mine.org, 'POST', '', { eventId, id: poll.id, question: 'Mine now?', answers: ['Yes'] }),
      mine.req(mine.org, 'GET', `/${poll.id}`, { eventId }),
      mine.req(mine.org, 'DELETE', '', { eventId, id: poll.id }),
    ];
    expect((await Promise.all(tries(mine.event.id))).map((r) => r.status)).toEqual([404, 404, 404, 404, 404]);
    expect((await Promise.all(tries(theirs.event.id))).map((r) => r.status)).toEqual([
      403, 403, 403, 403, 403,
    ]);
    expect((await theirs.get(theirs.org, poll.id)).body.data).toMatchObject({
      question: 'Best talk?',
      status: 'published',
      totalVoters: 0,
    });
  });
});

/** PGlite runs one transaction at a time: only PostgreSQL lets two writes of one poll meet. */
describe.skipIf(!process.env.TEST_DATABASE_URL)('a poll changed while it is voted on (PostgreSQL)', () => {
  const held = useHeldTransactions(() => t.ctx.db);

  it('E7.47 E7.48 a vote beside the poll’s delete is a 404, no ballot left', async () => {
    const { org, ana, create, act, vote } = await setup();
    const poll = await create(org);
    await act(org, poll.id, 'publish');
    const voted = await held.behind(
      async (trx) => {
        await trx.deleteFrom('polls').where('id', '=', poll.id).execute();
      },
      () => vote(ana, poll.id, [1]),
    );
    expect(voted.status).toBe(404);
    expect(
      await t.ctx.db.selectFrom('poll_ballots').selectAll().where('poll_id', '=', poll.id).execute(),
    ).toEqual([]);
  });

  it('E4.58 E7.48 a vote beside the poll’s unpublish or close is refused after it', async () => {
    const { org, ana, create, act, vote } = await setup();
    for (const [action, status] of [
      ['unpublish', 404],
      ['close', 409],
    ] as const) {
      const poll = await create(org);
      await act(org, poll.id, 'publish');
      const voted = await held.behind(
        async (trx) => {
          await trx
            .updateTable('polls')
            .set(action === 'close' ? { status: 'closed', closed_at: NOW } : { status: 'draft' })
            .where('id', '=', poll.id)
            .execute();
        },
        () => vote(ana, poll.id, [1]),
      );
      expect(voted.status, action).toBe(status);
    }
  });

  it('E7.46 E7.48 a vote beside an edit removing its answer is a 400 after it', async () => {
    const { org, ana, create, act, vote, req } = await setup();
    const poll = await create(org);
    await act(org, poll.id, 'publish');
    // The publication's notifications read the poll too: written first, they are not taken for
    // the vote waiting behind the edit.
    await t.app.bus.idle();
    const { release, done } = await held.hold(async (trx) => {
      await trx.selectFrom('polls').select('id').where('id', '=', poll.id).forUpdate().execute();
    });
    const editing = req(org, 'POST', '', {
      id: poll.id,
      question: 'Best talk?',
      answers: [{ id: 1, text: 'Keynote' }],
    });
    await expect.poll(held.lockWaiters, { timeout: 10_000 }).toBeGreaterThan(0);
    const voting = vote(ana, poll.id, [3]);
    await expect.poll(held.lockWaiters, { timeout: 10_000 }).toBeGreaterThan(1);
    release();
    await done;
    expect((await editing).status).toBe(200);
    expect((await voting).status).toBe(400);
  });

  it('E7.47 two deletes of one poll at once: one deletes it, the other finds it gone', async () => {
    const { event, org, mod, create, req } = await setup();
    const poll = await create(org);
    const answers = await Promise.all([org, mod].map((who) => req(who, 'DELETE', '', { id: poll.id })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 404]);
    const deleted = (
      await t.ctx.db
        .selectFrom('realtime_events')
        .select('payload')
        .where('room', '=', realtimeRoom.event(event.id))
        .execute()
    ).filter((r) => (r.payload as { action?: string }).action === 'deleted');
    expect(deleted).toHaveLength(1);
  });
});

describe('bad input on every poll route (400 envelope, nothing written)', () => {
  it('refuses malformed requests', async () => {
    const { org, create, act, req } = await setup();
    const poll = await create(org);
    await act(org, poll.id, 'publish');
    const cases: [InjectOptions['method'], string, Record<string, unknown>][] = [
      ['POST', '', { question: '', answers: ['a'] }],
      ['POST', '', { question: 'Q', answers: [] }],
      ['POST', '', { question: 'Q', answers: ['a', ''] }],
      ['POST', '', { question: 'Q', answers: 'a' }],
      ['POST', '', { question: 'Q', answers: ['a'], postAt: 'later' }],
      ['POST', '', { question: 'Q', answers: ['a'], colour: 'red' }],
      ['POST', '', { id: poll.id, action: 'explode' }],
      ['POST', '', { id: 'x', action: 'publish' }],
      ['POST', '', { id: poll.id, action: 'finish', publishResults: 'yes' }],
      ['POST', '/submit', { id: poll.id }],
      ['POST', '/submit', { id: poll.id, answers: [] }],
      ['POST', '/submit', { id: poll.id, answers: ['a'] }],
      ['GET', '', { eventId: 'x' }],
      ['GET', '/abc', {}],
      ['DELETE', '', {}],
    ];
    for (const [method, url, payload] of cases) {
      const r = await req(org, method, url, payload);
      expect(r.status, `${method} ${url} ${JSON.stringify(payload)}`).toBe(400);
      expect(r.body).toMatchObject({ success: false, error: { code: 'MST-00400' } });
    }
    expect(await t.ctx.db.selectFrom('polls').select(['id', 'question', 'status']).execute()).toEqual([
      { id: poll.id, question: 'Best talk?', status: 'published' },
    ]);
    expect(await t.ctx.db.selectFrom('poll_ballots').select('poll_id').execute()).toEqual([]);
  });
});
