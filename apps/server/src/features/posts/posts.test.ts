import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Announcement, AnnouncementPage, Comment } from '@foyer/contract';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { makeEvent, makePerson, type Person } from '../../../test/factories';
import { useHeldTransactions } from '../../../test/held-transactions';
import { call, useTestApp } from '../../../test/helper';
import { waitFor } from '../../../test/smtp';
import { publishDueAnnouncements } from './posts.service';

const NOW = new Date('2030-05-01T07:00:00Z');
const t = useTestApp(NOW);

/** A real PNG header of the given size (enough for the byte check). */
function png(width = 10, height = 10, padding = 0): string {
  const size = Buffer.alloc(8);
  size.writeUInt32BE(width, 0);
  size.writeUInt32BE(height, 4);
  const bytes = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
    Buffer.from('IHDR'),
    size,
    Buffer.alloc(5 + padding),
  ]);
  return `data:image/png;base64,${bytes.toString('base64')}`;
}

const api = <T = unknown>(who: Person, method: InjectOptions['method'], payload?: Record<string, unknown>) =>
  call<T>(t.app, {
    method,
    url: '/api/v1/event/post',
    headers: who.headers,
    ...(method === 'GET' || method === 'DELETE'
      ? { query: Object.fromEntries(Object.entries(payload ?? {}).map(([k, v]) => [k, String(v)])) }
      : { payload: payload ?? {} }),
  });
const list = async (who: Person, eventId: number) =>
  ((await api<AnnouncementPage>(who, 'GET', { eventId })).body.data as AnnouncementPage).items;
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
async function announce(who: Person, eventId: number, extra: Record<string, unknown> = {}) {
  const r = await api<Announcement>(who, 'POST', {
    type: 'announcement',
    eventId,
    text: 'Doors open at 9',
    ...extra,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data as Announcement;
}
async function comment(who: Person, eventId: number, parentId: number, text = 'Great') {
  return api<Comment>(who, 'POST', { type: 'comment', eventId, parentId, text });
}

describe('announcements', () => {
  it('E5.26 E7.41 an organizer posts; everyone in the event sees it live and is notified (A9.41)', async () => {
    const { event, org: ana, ben } = await setup();
    const post = await announce(ana, event.id);
    expect(post).toMatchObject({
      type: 'announcement',
      text: 'Doors open at 9',
      participantId: ana.id,
      official: true,
      published: true,
      files: [],
    });
    expect((await list(ben, event.id)).map((p) => p.id)).toEqual([post.id]);
    const [record] = await eventRecords(event.id);
    expect(record).toMatchObject({ type: 'announcement', payload: { action: 'created', id: post.id } });
    await t.app.bus.idle();
    expect(
      await t.ctx.db.selectFrom('notifications').select(['type', 'post_id', 'user_id']).execute(),
    ).toEqual([{ type: 'announcement', post_id: post.id, user_id: null }]);
  });

  it('E5.27 E5.29 one jpeg/png image, checked by its bytes, stored and served', async () => {
    const { event, ana } = await setup();
    const post = await announce(ana, event.id, { files: [{ contentType: 'image/png', data: png() }] });
    expect(post.files).toEqual([
      { url: expect.stringMatching(/^\/uploads\/posts\/\d+-[0-9a-f]+\.png$/), contentType: 'image/png' },
    ]);
    const served = await t.app.inject({ method: 'GET', url: post.files[0]?.url as string });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    const fake = `data:image/png;base64,${Buffer.from('GIF89a not a png at all').toString('base64')}`;
    const bad = await api(ana, 'POST', {
      type: 'announcement',
      eventId: event.id,
      text: 'x',
      files: [{ contentType: 'image/png', data: fake }],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error?.msg).toBe('Only jpeg or png images are accepted');
  });

  it('E5.28 an image over 2 MB is refused with the spec text', async () => {
    const { event, ana } = await setup();
    const big = png(10, 10, 2 * 1024 * 1024);
    const r = await api(ana, 'POST', {
      type: 'announcement',
      eventId: event.id,
      text: 'x',
      files: [{ contentType: 'image/png', data: big }],
    });
    expect(r.status).toBe(400);
    expect(r.body.error?.msg).toContain('File is larger than 2 Mb.');
    expect(await t.ctx.db.selectFrom('posts').select('id').execute()).toHaveLength(0);
  });

  it('scheduled postAt: hidden from others (author sees it) until due, then published and notified', async () => {
    const { event, mod: ana, ben } = await setup();
    const post = await announce(ana, event.id, { postAt: '2030-05-01T10:00:00Z' });
    expect(post).toMatchObject({ published: false, postAt: '2030-05-01T10:00:00.000Z' });
    expect(await list(ben, event.id)).toEqual([]);
    expect((await list(ana, event.id)).map((p) => p.id)).toEqual([post.id]);
    expect((await comment(ben, event.id, post.id)).status).toBe(404);
    expect((await comment(ana, event.id, post.id)).status).toBe(409);
    await t.app.bus.idle();
    expect(await t.ctx.db.selectFrom('notifications').select('id').execute()).toHaveLength(0);
    expect(await eventRecords(event.id)).toHaveLength(0);

    t.setNow(new Date('2030-05-01T10:00:01Z'));
    expect((await list(ben, event.id)).map((p) => [p.id, p.published])).toEqual([[post.id, true]]);
    await t.app.bus.idle();
    expect(await t.ctx.db.selectFrom('notifications').select('type').execute()).toEqual([
      { type: 'announcement' },
    ]);
    expect((await eventRecords(event.id)).map((r) => r.type)).toEqual(['announcement', 'notification']);
  });

  it('E5.26 A9.41 “publish now” pressed twice at once (two organizers’ screens) publishes and notifies once', async () => {
    const { event, org, mod } = await setup();
    const post = await announce(org, event.id, { postAt: '2030-05-01T10:00:00Z' });
    const publish = (who: Person) =>
      api<Announcement>(who, 'PUT', { type: 'announcement', id: post.id, eventId: event.id, postAt: null });
    const answers = await Promise.all([publish(org), publish(mod), publish(org)]);
    expect(answers.map((a) => [a.status, a.body.data?.published])).toEqual([
      [200, true],
      [200, true],
      [200, true],
    ]);
    await t.app.bus.idle();
    const records = (await eventRecords(event.id)).map((r) => [
      r.type,
      (r.payload as { action?: string }).action,
    ]);
    expect(records.filter(([, action]) => action === 'created')).toHaveLength(1);
    expect(await t.ctx.db.selectFrom('notifications').select('type').execute()).toEqual([
      { type: 'announcement' },
    ]);
  });

  it('E7.43 E5.26 an announcement deleted or hidden as the scheduler publishes it is taken back from open lobbies', async () => {
    const { event, org, mod } = await setup();
    for (const action of ['delete', 'hide'] as const) {
      t.setNow(NOW);
      const post = await announce(org, event.id, { postAt: '2030-05-01T08:00:00Z' });
      t.setNow(new Date('2030-05-01T08:00:01Z'));
      const removal =
        action === 'delete'
          ? api(org, 'DELETE', { id: post.id, eventId: event.id })
          : call(t.app, {
              method: 'POST',
              url: '/api/v1/event/post/hide',
              headers: mod.headers,
              payload: { id: post.id, eventId: event.id },
            });
      const deps = { ctx: t.ctx, realtime: t.app.realtime, bus: t.app.bus };
      const [removed] = await Promise.all([removal, publishDueAnnouncements(deps)]);
      expect(removed.status).toBe(200);
      await t.app.bus.idle();
      const actions = (await eventRecords(event.id))
        .filter((r) => r.type === 'announcement')
        .map((r) => r.payload as { id?: number; action?: string })
        .filter((p) => p.id === post.id)
        .map((p) => p.action);
      // Published (created) then taken back, or never published: never left on the screens.
      expect([['created', action === 'delete' ? 'deleted' : 'hidden'], []]).toContainEqual(actions);
    }
  });

  it('a postAt in the past publishes now, in its place by now: a post cannot be backdated under older ones', async () => {
    const { event, ana, ben, org } = await setup();
    const older = await announce(org, event.id, { text: 'Welcome' });
    t.setNow(new Date(NOW.getTime() + 60_000));
    const backdated = await announce(ana, event.id, { text: 'Buried', postAt: '2000-01-01T00:00:00Z' });
    expect(backdated).toMatchObject({ published: true, postAt: null });
    expect((await list(ben, event.id)).map((p) => p.id)).toEqual([backdated.id, older.id]);
    // The same through an edit of a scheduled one.
    const scheduled = await announce(ana, event.id, { text: 'Later', postAt: '2030-05-01T10:00:00Z' });
    t.setNow(new Date(NOW.getTime() + 120_000));
    const edited = await api<Announcement>(ana, 'PUT', {
      type: 'announcement',
      id: scheduled.id,
      eventId: event.id,
      postAt: '2000-01-01T00:00:00Z',
    });
    expect(edited.body.data).toMatchObject({ published: true, postAt: null });
    expect((await list(ben, event.id)).map((p) => p.id)).toEqual([scheduled.id, backdated.id, older.id]);
  });

  it('issue 15 a scheduled announcement takes its place by postAt, not by when it was written; pages follow', async () => {
    const { event, mod, ben } = await setup();
    const scheduled = await announce(mod, event.id, { text: 'At nine', postAt: '2030-05-01T09:00:00Z' });
    t.setNow(new Date('2030-05-01T08:00:00Z'));
    const early = await announce(mod, event.id, { text: 'At eight' });
    t.setNow(new Date('2030-05-01T09:30:00Z'));
    const late = await announce(mod, event.id, { text: 'At half past nine' });
    // Written first, posted at nine: between the two others.
    expect((await list(ben, event.id)).map((p) => p.id)).toEqual([late.id, scheduled.id, early.id]);
    // Page by page with the cursor, in the same order.
    const seen: number[] = [];
    let before: string | null | undefined;
    do {
      const page = (
        await api<AnnouncementPage>(ben, 'GET', {
          eventId: event.id,
          limit: 1,
          ...(before ? { before } : {}),
        })
      ).body.data as AnnouncementPage;
      seen.push(...page.items.map((p) => p.id));
      before = page.nextCursor;
    } while (before && seen.length < 10);
    expect(seen).toEqual([late.id, scheduled.id, early.id]);
  });

  it('E2.47 E7.43 paging on from a post deleted or hidden since its page was read goes on with the older ones', async () => {
    const { event, org, mod, ben } = await setup();
    const ids: number[] = [];
    for (const minute of [0, 1, 2, 3]) {
      t.setNow(new Date(NOW.getTime() + minute * 60_000));
      ids.push((await announce(org, event.id, { text: `Minute ${minute}` })).id);
    }
    const [oldest, older, newer, newest] = ids as [number, number, number, number];
    const page = async (before?: string | number | null) =>
      (
        await api<AnnouncementPage>(ben, 'GET', {
          eventId: event.id,
          limit: 1,
          ...(before ? { before } : {}),
        })
      ).body.data as AnnouncementPage;
    const first = await page();
    expect(first.items.map((p) => p.id)).toEqual([newest]);
    // The post the cursor came from is deleted before the reader scrolls on.
    expect((await api(org, 'DELETE', { id: newest, eventId: event.id })).status).toBe(200);
    const second = await page(first.nextCursor);
    expect(second.items.map((p) => p.id)).toEqual([newer]);
    // And hidden by a moderator.
    const hide = await call(t.app, {
      method: 'POST',
      url: '/api/v1/event/post/hide',
      headers: mod.headers,
      payload: { id: newer, eventId: event.id },
    });
    expect(hide.status).toBe(200);
    const third = await page(second.nextCursor);
    expect(third.items.map((p) => p.id)).toEqual([older]);
    const last = await page(third.nextCursor);
    expect(last).toMatchObject({ items: [{ id: oldest }], nextCursor: null });
    // A bare post id (older clients) still pages from that post, hidden or not.
    expect((await page(older)).items.map((p) => p.id)).toEqual([oldest]);
    expect((await page(newer)).items.map((p) => p.id)).toEqual([older]);
  });

  it('E7.43 one announcement by id (a link to an older one): itself, whatever its neighbours; none when hidden or scheduled for others', async () => {
    const { event, org, mod, ben } = await setup();
    const first = await announce(org, event.id, { text: 'First' });
    // Another event's post takes the next id: the old "before id + 1" fetch found nothing then.
    const elsewhere = await setup();
    await announce(elsewhere.org, elsewhere.event.id, { text: 'Elsewhere' });
    const second = await announce(org, event.id, { text: 'Second' });
    const one = async (id: number) =>
      (
        (await api<AnnouncementPage>(ben, 'GET', { eventId: event.id, id, limit: 1 })).body
          .data as AnnouncementPage
      ).items.map((p) => p.text);
    expect(await one(first.id)).toEqual(['First']);
    expect(await one(second.id)).toEqual(['Second']);
    const hide = await call(t.app, {
      method: 'POST',
      url: '/api/v1/event/post/hide',
      headers: mod.headers,
      payload: { id: first.id, eventId: event.id },
    });
    expect(hide.status).toBe(200);
    expect(await one(first.id)).toEqual([]);
    const later = await announce(org, event.id, { text: 'Later', postAt: '2099-01-01T09:00:00Z' });
    expect(await one(later.id)).toEqual([]);
  });

  it('E6.06 E6.35 E7.43 E7.44 the author, organizers and moderators edit and delete; others may not', async () => {
    const { event, ana, ben, org, mod } = await setup();
    const post = await announce(ana, event.id, { files: [{ contentType: 'image/png', data: png() }] });
    const file = join(t.ctx.config.dataDir, post.files[0]?.url.replace(/^\//, '') as string);
    expect(existsSync(file)).toBe(true);
    expect(
      (await api(ben, 'PUT', { type: 'announcement', id: post.id, eventId: event.id, text: 'hacked' }))
        .status,
    ).toBe(403);
    expect((await api(ben, 'DELETE', { id: post.id, eventId: event.id })).status).toBe(403);
    const edited = await api<Announcement>(org, 'PUT', {
      type: 'announcement',
      id: post.id,
      eventId: event.id,
      text: 'Doors open at 10',
    });
    expect(edited.body.data).toMatchObject({ text: 'Doors open at 10', participantId: ana.id });
    // one image at most: replacing needs the old one removed
    const two = await api(ana, 'PUT', {
      type: 'announcement',
      id: post.id,
      eventId: event.id,
      files: [{ contentType: 'image/png', data: png() }],
    });
    expect(two.status).toBe(400);
    const swapped = await api<Announcement>(ana, 'PUT', {
      type: 'announcement',
      id: post.id,
      eventId: event.id,
      deleteFiles: [post.files[0]?.url],
      files: [{ contentType: 'image/png', data: png(20, 20) }],
    });
    expect(swapped.body.data?.files).toHaveLength(1);
    expect(swapped.body.data?.files[0]?.url).not.toBe(post.files[0]?.url);
    expect(existsSync(file)).toBe(false);
    expect((await api(mod, 'DELETE', { id: post.id, eventId: event.id })).body.data).toEqual({
      id: post.id,
      type: 'announcement',
    });
    expect(await list(ana, event.id)).toEqual([]);
    const announcements = (await eventRecords(event.id)).filter((r) => r.type === 'announcement');
    expect(announcements.map((r) => (r.payload as { action: string }).action)).toEqual([
      'created',
      'updated',
      'updated',
      'deleted',
    ]);
  });

  it('a non-participant can neither read nor post', async () => {
    const { event } = await setup();
    const other = await makeEvent(t.ctx);
    const stranger = await makePerson(t.ctx, other.id);
    expect((await api(stranger, 'GET', { eventId: event.id })).status).toBe(403);
    expect((await api(stranger, 'POST', { type: 'announcement', eventId: event.id, text: 'x' })).status).toBe(
      403,
    );
  });
});

describe('comments', () => {
  it('E5.30 E6.09 E6.07 E7.43 E3.26 anyone comments; the author edits and deletes; organizers delete any; others not', async () => {
    const { event, ana, ben, org } = await setup();
    const post = await announce(org, event.id);
    const c1 = (await comment(ana, event.id, post.id, ' Nice ')).body.data as Comment;
    // E3.26: a comment is its type, parent, event, text and author.
    expect(c1).toMatchObject({
      type: 'comment',
      parentId: post.id,
      eventId: event.id,
      text: 'Nice',
      participantId: ana.id,
    });
    const c2 = (await comment(ben, event.id, post.id, 'Thanks')).body.data as Comment;
    expect((await list(org, event.id))[0]).toMatchObject({
      commentCount: 2,
      comments: [{ id: c1.id }, { id: c2.id }],
    });
    expect((await api(ben, 'PUT', { type: 'comment', id: c1.id, eventId: event.id, text: 'x' })).status).toBe(
      403,
    );
    expect((await api(org, 'PUT', { type: 'comment', id: c1.id, eventId: event.id, text: 'x' })).status).toBe(
      403,
    );
    expect(
      (await api<Comment>(ana, 'PUT', { type: 'comment', id: c1.id, eventId: event.id, text: 'Very nice' }))
        .body.data?.text,
    ).toBe('Very nice');
    expect((await api(ben, 'DELETE', { id: c1.id, eventId: event.id })).status).toBe(403);
    expect((await api(ana, 'DELETE', { id: c1.id, eventId: event.id })).body.data).toEqual({
      id: c1.id,
      type: 'comment',
    });
    expect((await api(org, 'DELETE', { id: c2.id, eventId: event.id })).status).toBe(200);
    expect((await list(ana, event.id))[0]?.comments).toEqual([]);
    const records = (await eventRecords(event.id)).filter((r) => r.type === 'post.comment');
    expect(records.map((r) => (r.payload as { action: string }).action)).toEqual([
      'created',
      'created',
      'updated',
      'deleted',
      'deleted',
    ]);
  });
});

describe('comments of a hidden announcement', () => {
  it('are gone with it: their author can neither edit nor delete them, and nothing is pushed', async () => {
    const { event, ana, ben, org } = await setup();
    const post = await announce(ben, event.id);
    const written = (await comment(ana, event.id, post.id, 'First take')).body.data as Comment;
    const hide = await call(t.app, {
      method: 'POST',
      url: '/api/v1/event/post/hide',
      headers: org.headers,
      payload: { id: post.id, eventId: event.id },
    });
    expect(hide.status).toBe(200);
    const before = (await eventRecords(event.id)).length;

    const edited = await api(ana, 'PUT', {
      type: 'comment',
      id: written.id,
      eventId: event.id,
      text: 'Again',
    });
    expect(edited.status).toBe(404);
    expect((await api(ana, 'DELETE', { id: written.id, eventId: event.id })).status).toBe(404);
    expect(
      await t.ctx.db.selectFrom('posts').select('text').where('id', '=', written.id).executeTakeFirst(),
    ).toEqual({ text: 'First take' });
    expect((await eventRecords(event.id)).length).toBe(before);
  });
});

describe('bad input on every post route (400 envelope, nothing written)', () => {
  it('refuses malformed requests', async () => {
    const { event, ana } = await setup();
    const post = await announce(ana, event.id);
    const cases: [InjectOptions['method'], Record<string, unknown>][] = [
      ['GET', {}],
      ['GET', { eventId: 'x' }],
      ['GET', { eventId: event.id, limit: 51 }],
      ['GET', { eventId: event.id, before: 'x' }],
      ['GET', { eventId: event.id, before: '999999999999999.1' }],
      ['GET', { eventId: event.id, before: '1700000000000.0' }],
      ['POST', {}],
      ['POST', { type: 'poll', eventId: event.id, text: 'x' }],
      ['POST', { type: 'announcement', eventId: event.id, text: '' }],
      ['POST', { type: 'announcement', eventId: event.id, text: 'x'.repeat(5001) }],
      ['POST', { type: 'announcement', eventId: event.id, text: 'x', postAt: 'tomorrow' }],
      [
        'POST',
        {
          type: 'announcement',
          eventId: event.id,
          text: 'x',
          files: [{ contentType: 'image/gif', data: 'data:image/gif;base64,AA==' }],
        },
      ],
      ['POST', { type: 'announcement', eventId: event.id, text: 'x', files: 'nope' }],
      ['POST', { type: 'announcement', eventId: event.id, text: 'x', pinned: true }],
      ['POST', { type: 'comment', eventId: event.id, text: 'x' }],
      ['POST', { type: 'comment', eventId: event.id, parentId: post.id, text: ' ' }],
      ['PUT', { type: 'announcement', eventId: event.id, text: 'x' }],
      ['PUT', { type: 'comment', id: 1, eventId: event.id }],
      ['PUT', { type: 'announcement', id: post.id, eventId: event.id, deleteFiles: 'all' }],
      ['DELETE', { id: post.id }],
      ['DELETE', { id: 'x', eventId: event.id }],
    ];
    for (const [method, payload] of cases) {
      const r = await api(ana, method, payload);
      expect(r.status, `${method} ${JSON.stringify(payload)}`).toBe(400);
      expect(r.body).toMatchObject({ success: false, error: { code: 'MST-00400' } });
    }
    expect(await t.ctx.db.selectFrom('posts').select(['id', 'text']).execute()).toEqual([
      { id: post.id, text: 'Doors open at 9' },
    ]);
    expect((await call(t.app, { method: 'GET', url: `/api/v1/event/post?eventId=${event.id}` })).status).toBe(
      401,
    );
  });
});

/**
 * A comment written or edited while a moderator takes it (or its announcement) away. PGlite runs one
 * transaction at a time: only PostgreSQL lets the request wait on the removal, so these run there.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('comments beside a removal (PostgreSQL)', () => {
  const held = useHeldTransactions(() => t.ctx.db);
  const waiting = () => waitFor(async () => (await held.lockWaiters()) > 0, 10_000, 'the request waiting');

  /**
   * Ana's comment "First take" edited to "Second take" while a moderator's hide of `hidden` (the
   * comment itself, or its announcement) is in flight: the edit's answer, the comment's row as it
   * is then, and the live updates of the comment published meanwhile.
   */
  async function editWhileHiding(hidden: 'comment' | 'announcement') {
    const { event, ana, ben, org } = await setup();
    const post = await announce(hidden === 'comment' ? org : ben, event.id);
    const written = (await comment(ana, event.id, post.id, 'First take')).body.data as Comment;
    // The hide, in flight: the row is changed and held.
    const { release, done } = await held.hold(async (trx) => {
      await trx
        .updateTable('posts')
        .set({ hidden_at: new Date(), hidden_by: org.id })
        .where('id', '=', hidden === 'comment' ? written.id : post.id)
        .execute();
    });
    const edited = api(ana, 'PUT', {
      type: 'comment',
      id: written.id,
      eventId: event.id,
      text: 'Second take',
    });
    await waiting();
    release();
    await done;
    const row = await t.ctx.db
      .selectFrom('posts')
      .select(['text', 'hidden_at'])
      .where('id', '=', written.id)
      .executeTakeFirstOrThrow();
    const updates = (await eventRecords(event.id))
      .map((r) => r.payload as { id?: number; action?: string })
      .filter((p) => p.id === written.id && p.action === 'updated');
    return { status: (await edited).status, row, updates };
  }

  it('E7.42 E6.09 a comment edited while it is being hidden stays hidden: 404, no live update', async () => {
    const { status, row, updates } = await editWhileHiding('comment');
    expect(status).toBe(404);
    expect(row).toMatchObject({ text: 'First take', hidden_at: expect.any(Date) });
    expect(updates).toEqual([]);
  });

  it('a comment edited while its announcement is being hidden is refused with 404, no live update', async () => {
    const { status, row, updates } = await editWhileHiding('announcement');
    expect(status).toBe(404);
    expect(row.text).toBe('First take');
    expect(updates).toEqual([]);
  });

  it('E5.30 E7.43 a comment on an announcement being deleted is refused with 404, never a 500', async () => {
    const { event, ana, org } = await setup();
    const post = await announce(org, event.id);
    // The deletion, in flight: the row is deleted and the transaction held.
    const { release, done } = await held.hold(async (trx) => {
      await trx.deleteFrom('posts').where('id', '=', post.id).execute();
    });
    const written = comment(ana, event.id, post.id, 'Too late');
    await waiting();
    release();
    await done;
    expect((await written).status).toBe(404);
    expect(
      await t.ctx.db.selectFrom('posts').select('id').where('event_id', '=', event.id).execute(),
    ).toEqual([]);
  });
});
