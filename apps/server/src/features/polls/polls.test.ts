import type { Poll } from '@foyer/contract';
import type { InjectOptions } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeEvent, makePerson, type Person } from '../../../test/factories';
import { call, createTestApp, type TestApp } from '../../../test/helper';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
// Background processors of one test must not write into the next one's fresh tables.
afterEach(() => t.app.bus.idle());
afterAll(async () => {
  await t.close();
});
const NOW = new Date('2030-05-01T07:00:00Z');
beforeEach(() => t.setNow(NOW));

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
