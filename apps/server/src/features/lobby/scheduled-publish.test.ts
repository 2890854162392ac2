import { realtimeRoom } from '@foyer/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeEvent, makePerson } from '../../../test/factories';
import { useHeldTransactions } from '../../../test/held-transactions';
import { createTestApp, type TestApp } from '../../../test/helper';
import { waitFor } from '../../../test/smtp';
import { publishDuePolls } from '../polls/polls.service';
import { publishDueAnnouncements } from '../posts/posts.service';

/**
 * Scheduled announcements and polls of several events fall due in the same tick; the two
 * publishers run side by side (the scheduler, and any lobby or list opened then). PGlite runs one
 * transaction at a time: only PostgreSQL lets them wait on each other, so this runs there.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('scheduled publishing (PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.app.bus.idle());
  afterAll(async () => {
    await t.close();
  });
  const held = useHeldTransactions(() => t.ctx.db);

  const announcementAt = async (eventId: number, authorId: number, postAt: string) =>
    t.ctx.db
      .insertInto('posts')
      .values({
        event_id: eventId,
        type: 'announcement',
        participant_id: authorId,
        official: true,
        text: `Due at ${postAt}`,
        post_at: new Date(postAt),
        published_at: null,
        updated_at: new Date(postAt),
      })
      .execute();
  const pollAt = async (eventId: number, postAt: string) =>
    t.ctx.db
      .insertInto('polls')
      .values({
        event_id: eventId,
        question: `Due at ${postAt}?`,
        answers: JSON.stringify([{ id: 1, text: 'Yes' }]),
        status: 'draft',
        post_at: new Date(postAt),
      })
      .execute();

  it('E5.26 E6.36 announcements and polls of two events due at once are all published, never a deadlock', async () => {
    const one = await makeEvent(t.ctx);
    const two = await makeEvent(t.ctx);
    const orgOne = await makePerson(t.ctx, one.id, { organizer: true });
    const orgTwo = await makePerson(t.ctx, two.id, { organizer: true });
    // The announcements fall due event one first, the polls event two first.
    await announcementAt(one.id, orgOne.id, '2030-05-01T08:00:00Z');
    await announcementAt(two.id, orgTwo.id, '2030-05-01T08:01:00Z');
    await pollAt(two.id, '2030-05-01T08:00:00Z');
    await pollAt(one.id, '2030-05-01T08:01:00Z');
    t.setNow(new Date('2030-05-01T08:05:00Z'));
    const deps = { ctx: t.ctx, realtime: t.app.realtime, bus: t.app.bus };

    // Event one's room busy (a change there in flight) while both publishers start.
    const { release, done } = await held.hold((trx) =>
      t.app.realtime.lockRooms([realtimeRoom.event(one.id)], trx),
    );
    const posts = publishDueAnnouncements(deps);
    await waitFor(async () => (await held.lockWaiters()) >= 1, 10_000, 'the announcements waiting');
    const polls = publishDuePolls(deps);
    await waitFor(async () => (await held.lockWaiters()) >= 2, 10_000, 'the polls waiting too');
    release();
    await done;
    expect(await Promise.all([posts, polls])).toEqual([2, 2]);
    const published = await t.ctx.db
      .selectFrom('polls')
      .select('status')
      .where('event_id', 'in', [one.id, two.id])
      .execute();
    expect(published.map((p) => p.status)).toEqual(['published', 'published']);
  });
});
