/**
 * What a deletion costs when the tables it touches are a large event's: ending someone's other
 * sessions (`revokeUserSessions`, a password change), deleting an account (A7.10, its rows in other
 * tables going with it) and deleting an announcement's event-wide notice (its readers' marks going
 * with it).
 *
 * BENCH_USERS (20,000) accounts with BENCH_TOKENS (50) refresh tokens and as many notifications of
 * their own each (1,000,000 rows each); BENCH_ANNOUNCEMENTS (100) event-wide notices, each read by
 * BENCH_READERS (5,000) of them. Then for BENCH_SAMPLE (100) accounts and every notice, picked in a
 * random order, each operation is timed one at a time, inside a transaction that is rolled back
 * (nothing changes between phases). Baseline in the same run: the account's row read by its primary
 * key. Two phases: with the indexes of migration 0033, and with the ones these operations use
 * dropped inside the phase's transaction (what main had before it).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node_modules/.bin/tsx bench/deletions.ts
 *   node_modules/.bin/tsx bench/deletions.ts            # in-memory PGlite
 *
 * Prints one markdown row for bench/RESULTS.md. What it made is deleted at the end.
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { type Kysely, sql, type Transaction } from 'kysely';
import { openDatabase } from '../apps/server/src/db/database';
import { migrateToLatest } from '../apps/server/src/db/migrator';
import type { DB } from '../apps/server/src/db/schema';
import { revokeUserSessions } from '../apps/server/src/features/auth/auth.repository';
import { deleteAnnouncementNotifications } from '../apps/server/src/features/posts/posts.repository';
import { deleteUser } from '../apps/server/src/features/user/user.repository';
import { eventRow } from '../apps/server/test/factories';
import { hardTimeLimit } from './lib/bench-server';
import { percentile } from './lib/http-load';

const USERS = Number(process.env.BENCH_USERS ?? 20_000);
const TOKENS = Number(process.env.BENCH_TOKENS ?? 50);
const ANNOUNCEMENTS = Number(process.env.BENCH_ANNOUNCEMENTS ?? 100);
const READERS = Math.min(USERS, Number(process.env.BENCH_READERS ?? 5000));
const SAMPLE = Number(process.env.BENCH_SAMPLE ?? 100);
const PREFIX = `bench-deletions-${Date.now()}-`;
/** What the phase without migration 0033 drops. */
const DROPPED = [
  'refresh_tokens_user',
  'refresh_tokens_as_user',
  'notifications_post',
  'notification_reads_notification',
];

interface Seeded {
  users: number[];
  posts: number[];
  eventId: number;
}

interface Timings {
  read: number[];
  revoke: number[];
  remove: number[];
  announcement: number[];
}

async function seed(db: Kysely<DB>): Promise<Seeded> {
  const event = await db
    .insertInto('events')
    .values(eventRow(`${PREFIX}event`))
    .returning('id')
    .executeTakeFirstOrThrow();
  const ids = await sql<{ id: number }>`
    INSERT INTO users (username, name, surname)
    SELECT ${PREFIX} || i || '@example.com', 'Bench', 'Account ' || i FROM generate_series(1, ${USERS}::int) i
    RETURNING id`.execute(db);
  const users = ids.rows.map((r) => r.id);
  const first = Math.min(...users);
  const last = Math.max(...users);
  for (let from = first; from <= last; from += 2000) {
    const to = Math.min(from + 1999, last);
    // One family per sign-in, each refresh a new row of it; most used, a few still open.
    await sql`
      INSERT INTO refresh_tokens (user_id, family_id, token_hash, expires_at, used_at)
      SELECT u, gen_random_uuid(), md5(${PREFIX} || u || '-' || t), now() + interval '30 days',
             CASE WHEN t % 10 = 0 THEN NULL ELSE now() END
      FROM generate_series(${from}::int, ${to}::int) u, generate_series(1, ${TOKENS}::int) t`.execute(db);
    // Each person's own notices (meeting requests, replies and the like).
    await sql`
      INSERT INTO notifications (user_id, event_id, type, message)
      SELECT u, ${event.id}, 'meeting_request', 'bench'
      FROM generate_series(${from}::int, ${to}::int) u, generate_series(1, ${TOKENS}::int) t`.execute(db);
  }
  // Event-wide notices of announcements (post_id: the post's id; no post rows are needed for this).
  const notices = await sql<{ post_id: number }>`
    INSERT INTO notifications (event_id, type, post_id, message)
    SELECT ${event.id}, 'announcement', 900000000 + i, 'bench' FROM generate_series(1, ${ANNOUNCEMENTS}::int) i
    RETURNING post_id`.execute(db);
  await sql`
    INSERT INTO notification_reads (user_id, notification_id)
    SELECT u, n.id
    FROM notifications n, generate_series(${first}::int, ${first + READERS - 1}::int) u
    WHERE n.event_id = ${event.id} AND n.user_id IS NULL`.execute(db);
  for (const table of ['users', 'refresh_tokens', 'notifications', 'notification_reads']) {
    await sql.raw(`ANALYZE ${table}`).execute(db);
  }
  return { users, posts: notices.rows.map((r) => r.post_id), eventId: event.id };
}

async function timed(list: number[], run: () => Promise<unknown>): Promise<void> {
  const start = performance.now();
  await run();
  list.push(performance.now() - start);
}

class RolledBack extends Error {}

/** Each operation for each sampled account and notice, one at a time, in a transaction rolled back. */
async function phase(db: Kysely<DB>, users: number[], posts: number[], without: boolean): Promise<Timings> {
  const timings: Timings = { read: [], revoke: [], remove: [], announcement: [] };
  await db
    .transaction()
    .execute(async (trx: Transaction<DB>) => {
      if (without) await sql.raw(`DROP INDEX ${DROPPED.join(', ')}`).execute(trx);
      for (const id of users) {
        await timed(timings.read, () =>
          trx.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst(),
        );
        await timed(timings.revoke, () => revokeUserSessions(trx, id, new Date()));
        await timed(timings.remove, () => deleteUser(trx, id));
      }
      for (const postId of posts) {
        await timed(timings.announcement, () => deleteAnnouncementNotifications(trx, postId));
      }
      throw new RolledBack();
    })
    .catch((error: unknown) => {
      if (!(error instanceof RolledBack)) throw error;
    });
  return timings;
}

function shuffled<T>(list: readonly T[]): T[] {
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

const ms = (n: number) => n.toFixed(2);
const p = (list: number[], q: number) =>
  percentile(
    [...list].sort((a, b) => a - b),
    q,
  );
const pair = (list: number[]) => `${ms(p(list, 50))}/${ms(p(list, 95))}`;
const ratio = (a: number[], b: number[]) => `${(p(a, 50) / p(b, 50)).toFixed(1)}×`;

function line(t: Timings): string {
  return `read p50/p95 ${pair(t.read)} ms, end sessions ${pair(t.revoke)} ms, delete account ${pair(t.remove)} ms, delete announcement ${pair(t.announcement)} ms`;
}

async function main(): Promise<void> {
  hardTimeLimit('bench/deletions', 1_200_000);
  const url = process.env.DATABASE_URL;
  const database = await openDatabase({ url, dataDir: null });
  const { db } = database;
  await migrateToLatest(db);
  const engine = url ? 'postgres' : 'pglite';
  let eventId: number | null = null;
  try {
    const seedStart = performance.now();
    const seeded = await seed(db);
    eventId = seeded.eventId;
    const seconds = ((performance.now() - seedStart) / 1000).toFixed(1);
    const users = shuffled(seeded.users).slice(0, SAMPLE);
    const posts = shuffled(seeded.posts);
    // Warm-up: the same reads once, so neither phase pays for a cold cache alone.
    await phase(db, users.slice(0, 20), posts.slice(0, 5), false);
    const withIndex = await phase(db, users, posts, false);
    const without = await phase(db, users, posts, true);
    console.log(
      `| ${new Date().toISOString().slice(0, 10)} | deletions (\`bench/deletions.ts\`): ${USERS.toLocaleString('en')} accounts × ${TOKENS} refresh tokens and ${TOKENS} notifications, ${ANNOUNCEMENTS} announcements read by ${READERS.toLocaleString('en')} each; ${users.length} accounts and every announcement timed one at a time | ${engine} | ` +
        `with migration 0033's indexes: ${line(withIndex)}; without those they use: ${line(without)} | ` +
        `p50 ratio to the primary-key read: end sessions ${ratio(withIndex.revoke, withIndex.read)} (without ${ratio(without.revoke, without.read)}), delete account ${ratio(withIndex.remove, withIndex.read)} (without ${ratio(without.remove, without.read)}), delete announcement ${ratio(withIndex.announcement, withIndex.read)} (without ${ratio(without.announcement, without.read)}); seeded in ${seconds} s; load avg ${loadavg()
          .map((l) => l.toFixed(1))
          .join('/')} |`,
    );
  } finally {
    await db.deleteFrom('users').where('username', 'like', `${PREFIX}%`).execute();
    if (eventId !== null) await db.deleteFrom('events').where('id', '=', eventId).execute();
    await database.close();
  }
}

await main();
