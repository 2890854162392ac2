import { findUserByUsername } from '../src/features/user/user.repository';
import { seedDemoIfEmpty } from '../src/seed/demo';
import { LOGINS } from '../src/seed/demo-content';
import type { TestApp } from './helper';

/** Seeds the demo event (once per database) and finds it and its three demo accounts. */
export async function seededDemo(ctx: TestApp['ctx']) {
  await seedDemoIfEmpty(ctx.db, { log: () => {} });
  const demo = await ctx.db
    .selectFrom('events')
    .select('id')
    .where('domain', '=', 'demo')
    .executeTakeFirstOrThrow();
  const [organizer, attendee, exhibitor] = await Promise.all(
    [LOGINS.organizer, LOGINS.attendee, LOGINS.exhibitor].map((login) => findUserByUsername(ctx.db, login)),
  );
  if (!organizer || !attendee || !exhibitor) throw new Error('the demo seed made no organizer or attendee');
  return { demo, organizer, attendee, exhibitor };
}
