import {
  type Announcement,
  type AnnouncementPage,
  type Comment,
  PARTICIPANT_POSTS_PER_HOUR,
  PARTICIPANT_POSTS_PER_MINUTE,
  PostErrorCode,
} from '@foyer/contract';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { makeEvent, makePerson, type Person } from '../../../test/factories';
import { call, useTestApp } from '../../../test/helper';

/** E1.08 kept, without the spam: participant posts notify nobody, are capped, and can be hidden. */
const NOW = new Date('2030-05-01T07:00:00Z');
const t = useTestApp(NOW);

const api = <T = unknown>(
  who: Person,
  method: InjectOptions['method'],
  payload: Record<string, unknown>,
  url = '/api/v1/event/post',
) =>
  call<T>(t.app, {
    method,
    url,
    headers: who.headers,
    ...(method === 'GET' || method === 'DELETE'
      ? { query: Object.fromEntries(Object.entries(payload).map(([k, v]) => [k, String(v)])) }
      : { payload }),
  });
const list = async (who: Person, eventId: number) =>
  ((await api<AnnouncementPage>(who, 'GET', { eventId })).body.data as AnnouncementPage).items;
const hide = (who: Person, eventId: number, id: number) =>
  api<{ id: number; hidden: boolean }>(who, 'POST', { eventId, id }, '/api/v1/event/post/hide');
const eventRecords = (eventId: number) =>
  t.ctx.db
    .selectFrom('realtime_events')
    .selectAll()
    .where('room', '=', `newEvents/${eventId}`)
    .orderBy('id')
    .execute();

async function setup() {
  const event = await makeEvent(t.ctx);
  const ana = await makePerson(t.ctx, event.id, { name: 'Ana' });
  const ben = await makePerson(t.ctx, event.id, { name: 'Ben' });
  const org = await makePerson(t.ctx, event.id, { name: 'Org', organizer: true });
  const mod = await makePerson(t.ctx, event.id, { name: 'Mod', rights: { moderator: true } });
  return { event, ana, ben, org, mod };
}
async function announce(who: Person, eventId: number, text = 'Hello all') {
  return api<Announcement>(who, 'POST', { type: 'announcement', eventId, text });
}

describe('participant posts in the lobby', () => {
  it('E1.08 A9.41 a participant post is in the lobby for everyone, labelled theirs, and notifies nobody (no e-mail)', async () => {
    const { event, ana, ben } = await setup();
    const r = await announce(ana, event.id, 'Buy my product!');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const post = r.body.data as Announcement;
    expect(post).toMatchObject({ official: false, participantId: ana.id, author: { name: 'Ana' } });
    expect((await list(ben, event.id)).map((p) => [p.id, p.official])).toEqual([[post.id, false]]);
    await t.app.bus.idle();
    expect(await t.ctx.db.selectFrom('notifications').select('id').execute()).toHaveLength(0);
    expect(await t.ctx.db.selectFrom('outbox').select('id').execute()).toHaveLength(0);
    expect((await eventRecords(event.id)).map((x) => x.type)).toEqual(['announcement']);
  });

  it('E1.08 E6.35 an organizer or moderator post is labelled official and notifies the event by e-mail', async () => {
    const { event, org, mod } = await setup();
    for (const who of [org, mod]) {
      const r = await announce(who, event.id, `From ${who.name}`);
      expect(r.body.data?.official).toBe(true);
    }
    await t.app.bus.idle();
    const notes = await t.ctx.db.selectFrom('notifications').select(['type', 'user_id']).execute();
    expect(notes).toEqual([
      { type: 'announcement', user_id: null },
      { type: 'announcement', user_id: null },
    ]);
    expect((await t.ctx.db.selectFrom('outbox').select('id').execute()).length).toBeGreaterThan(0);
  });

  it('E1.08 a scheduled participant post is published on time without a notification', async () => {
    const { event, ana, ben } = await setup();
    const r = await api<Announcement>(ana, 'POST', {
      type: 'announcement',
      eventId: event.id,
      text: 'Later',
      postAt: '2030-05-01T08:00:00Z',
    });
    expect(r.status).toBe(200);
    t.setNow(new Date('2030-05-01T08:00:01Z'));
    expect((await list(ben, event.id)).map((p) => p.published)).toEqual([true]);
    await t.app.bus.idle();
    expect(await t.ctx.db.selectFrom('notifications').select('id').execute()).toHaveLength(0);
  });

  it(`E1.08 a participant posts at most ${PARTICIPANT_POSTS_PER_MINUTE} a minute and ${PARTICIPANT_POSTS_PER_HOUR} an hour; organizers are not capped`, async () => {
    const { event, ana, ben, org } = await setup();
    for (let i = 0; i < PARTICIPANT_POSTS_PER_MINUTE; i++) {
      expect((await announce(ana, event.id, `post ${i}`)).status).toBe(200);
    }
    const refused = await announce(ana, event.id, 'one too many');
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatchObject({
      code: PostErrorCode.TooManyPosts,
      msg: `You can post ${PARTICIPANT_POSTS_PER_MINUTE} announcements a minute. Please try again later.`,
    });
    // Someone else is not held up by Ana, and comments are not announcements.
    expect((await announce(ben, event.id, 'mine')).status).toBe(200);
    const first = (await list(ben, event.id)).at(-1) as Announcement;
    const c = await api<Comment>(ana, 'POST', {
      type: 'comment',
      eventId: event.id,
      parentId: first.id,
      text: 'ok',
    });
    expect(c.status).toBe(200);

    // A minute later the per-minute cap is free again, until the hourly cap is reached.
    let minute = 0;
    let posted = PARTICIPANT_POSTS_PER_MINUTE;
    while (posted < PARTICIPANT_POSTS_PER_HOUR) {
      t.setNow(new Date(NOW.getTime() + ++minute * 61_000));
      expect((await announce(ana, event.id, `again ${posted}`)).status).toBe(200);
      posted++;
    }
    t.setNow(new Date(NOW.getTime() + ++minute * 61_000));
    const hourly = await announce(ana, event.id, 'hourly');
    expect(hourly.status).toBe(429);
    expect(hourly.body.error?.msg).toBe(
      `You can post ${PARTICIPANT_POSTS_PER_HOUR} announcements an hour. Please try again later.`,
    );
    t.setNow(new Date(NOW.getTime() + 3_601_000));
    expect((await announce(ana, event.id, 'next hour')).status).toBe(200);

    for (let i = 0; i < PARTICIPANT_POSTS_PER_HOUR + 1; i++) {
      expect((await announce(org, event.id, `org ${i}`)).status).toBe(200);
    }
  });

  it('E1.08 a post deleted at once still counts: posting and deleting does not get past the cap', async () => {
    const { event, ana } = await setup();
    for (let i = 0; i < PARTICIPANT_POSTS_PER_MINUTE; i++) {
      const posted = await announce(ana, event.id, `spam ${i}`);
      expect(posted.status).toBe(200);
      const removed = await api(ana, 'DELETE', { eventId: event.id, id: posted.body.data?.id });
      expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    }
    const refused = await announce(ana, event.id, 'and again');
    expect(refused.status).toBe(429);
    expect(refused.body.error?.code).toBe(PostErrorCode.TooManyPosts);
  });

  it('E1.08 parallel posts do not slip under the cap together', async () => {
    const { event, ana } = await setup();
    const tries = await Promise.all(
      Array.from({ length: PARTICIPANT_POSTS_PER_MINUTE + 3 }, (_, i) => announce(ana, event.id, `p${i}`)),
    );
    expect(tries.filter((r) => r.status === 200)).toHaveLength(PARTICIPANT_POSTS_PER_MINUTE);
    expect(tries.filter((r) => r.status === 429)).toHaveLength(3);
  });
});

describe('hiding posts', () => {
  it('E6.06 E6.35 an organizer hides a participant post: gone live for everyone, the author too, notification removed', async () => {
    const { event, ana, ben, org } = await setup();
    const post = (await announce(ana, event.id, 'Spam')).body.data as Announcement;
    const keep = (await announce(org, event.id, 'Welcome')).body.data as Announcement;
    await t.app.bus.idle();
    expect((await hide(ben, event.id, post.id)).status).toBe(403);
    expect((await hide(ana, event.id, post.id)).status).toBe(403); // her own she deletes
    const hidden = await hide(org, event.id, post.id);
    expect(hidden.status, JSON.stringify(hidden.body)).toBe(200);
    expect(hidden.body.data).toEqual({ id: post.id, type: 'announcement', hidden: true });
    for (const who of [ana, ben, org])
      expect((await list(who, event.id)).map((p) => p.id)).toEqual([keep.id]);
    const last = (await eventRecords(event.id)).filter((r) => r.type === 'announcement').at(-1);
    expect(last?.payload).toEqual({ action: 'hidden', id: post.id, post: null });
    // Kept for the record; the author can neither edit it nor comment on it any more.
    const row = await t.ctx.db
      .selectFrom('posts')
      .select(['hidden_by', 'text'])
      .where('id', '=', post.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ hidden_by: org.id, text: 'Spam' });
    const edit = await api(ana, 'PUT', { type: 'announcement', id: post.id, eventId: event.id, text: 'x' });
    expect(edit.status).toBe(404);
    const reply = await api(ben, 'POST', {
      type: 'comment',
      eventId: event.id,
      parentId: post.id,
      text: 'x',
    });
    expect(reply.status).toBe(404);
    expect((await hide(org, event.id, post.id)).status).toBe(404);
  });

  it('E6.35 a moderator hides a comment; it leaves the post for everyone', async () => {
    const { event, ana, ben, org, mod } = await setup();
    const post = (await announce(org, event.id, 'Welcome')).body.data as Announcement;
    const c = (
      await api<Comment>(ana, 'POST', { type: 'comment', eventId: event.id, parentId: post.id, text: 'rude' })
    ).body.data as Comment;
    expect((await hide(mod, event.id, c.id)).body.data).toEqual({ id: c.id, type: 'comment', hidden: true });
    const [seen] = await list(ben, event.id);
    expect(seen).toMatchObject({ id: post.id, comments: [], commentCount: 0 });
    const last = (await eventRecords(event.id)).filter((r) => r.type === 'post.comment').at(-1);
    expect(last?.payload).toEqual({ action: 'hidden', id: c.id, parentId: post.id, comment: null });
  });

  it('refuses malformed hide requests and other events’ posts', async () => {
    const { event, ana, org } = await setup();
    const other = await makeEvent(t.ctx);
    const stranger = await makePerson(t.ctx, other.id, { organizer: true });
    const post = (await announce(ana, event.id)).body.data as Announcement;
    expect((await hide(stranger, other.id, post.id)).status).toBe(404);
    expect((await hide(stranger, event.id, post.id)).status).toBe(403);
    const bad = await api(org, 'POST', { eventId: event.id }, '/api/v1/event/post/hide');
    expect(bad.status).toBe(400);
  });
});
