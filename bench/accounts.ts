/**
 * An account's sessions at scale: ending someone's other sessions (`revokeUserSessions`, a password
 * change) and deleting an account (A7.10, its rows in other tables going with it) when
 * `refresh_tokens` holds a row per sign-in and per token refresh of a large event's people.
 *
 * BENCH_USERS (20,000) accounts with BENCH_TOKENS (50) refresh tokens each (1,000,000 rows); then,
 * for BENCH_SAMPLE (200) accounts picked at random, each operation timed one at a time, inside a
 * transaction that is rolled back (nothing changes between phases). Baseline in the same run: the
 * account's row read by its primary key. Two phases: with the indexes of migration 0033, and with
 * the two on `refresh_tokens` dropped inside the phase's transaction (what main had before it).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node_modules/.bin/tsx bench/accounts.ts
 *   node_modules/.bin/tsx bench/accounts.ts            # in-memory PGlite
 *
 * Prints one markdown row for bench/RESULTS.md. The accounts it made are deleted at the end.
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { type Kysely, sql, type Transaction } from 'kysely';
import { openDatabase } from '../apps/server/src/db/database';
import { migrateToLatest } from '../apps/server/src/db/migrator';
import type { DB } from '../apps/server/src/db/schema';
import { revokeUserSessions } from '../apps/server/src/features/auth/auth.repository';
import { deleteUser } from '../apps/server/src/features/user/user.repository';
import { hardTimeLimit } from './lib/bench-server';
import { percentile } from './lib/http-load';

const USERS = Number(process.env.BENCH_USERS ?? 20_000);
const TOKENS = Number(process.env.BENCH_TOKENS ?? 50);
const SAMPLE = Number(process.env.BENCH_SAMPLE ?? 200);
const PREFIX = `bench-accounts-${Date.now()}-`;

interface Timings {
  read: number[];
  revoke: number[];
  remove: number[];
}

async function seed(db: Kysely<DB>): Promise<number[]> {
  const ids = await sql<{ id: number }>`
    INSERT INTO users (username, name, surname)
    SELECT ${PREFIX} || i || '@example.com', 'Bench', 'Account ' || i FROM generate_series(1, ${USERS}::int) i
    RETURNING id`.execute(db);
  const first = Math.min(...ids.rows.map((r) => r.id));
  const last = Math.max(...ids.rows.map((r) => r.id));
  // One family per sign-in, each refresh a new row of it; most used, a few still open.
  for (let from = first; from <= last; from += 2000) {
    await sql`
      INSERT INTO refresh_tokens (user_id, family_id, token_hash, expires_at, used_at)
      SELECT u, gen_random_uuid(), md5(${PREFIX} || u || '-' || t), now() + interval '30 days',
             CASE WHEN t % 10 = 0 THEN NULL ELSE now() END
      FROM generate_series(${from}::int, ${Math.min(from + 1999, last)}::int) u, generate_series(1, ${TOKENS}::int) t`.execute(
      db,
    );
  }
  await sql`ANALYZE refresh_tokens`.execute(db);
  await sql`ANALYZE users`.execute(db);
  return ids.rows.map((r) => r.id);
}

async function timed(list: number[], run: () => Promise<unknown>): Promise<void> {
  const start = performance.now();
  await run();
  list.push(performance.now() - start);
}

/** Each operation for each sampled account, one at a time, in a transaction rolled back at the end. */
async function phase(db: Kysely<DB>, sample: number[], withoutIndexes: boolean): Promise<Timings> {
  const timings: Timings = { read: [], revoke: [], remove: [] };
  await db
    .transaction()
    .execute(async (trx: Transaction<DB>) => {
      if (withoutIndexes) await sql`DROP INDEX refresh_tokens_user, refresh_tokens_as_user`.execute(trx);
      for (const id of sample) {
        await timed(timings.read, () =>
          trx.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst(),
        );
        await timed(timings.revoke, () => revokeUserSessions(trx, id, new Date()));
        await timed(timings.remove, () => deleteUser(trx, id));
      }
      throw new RolledBack();
    })
    .catch((error: unknown) => {
      if (!(error instanceof RolledBack)) throw error;
    });
  return timings;
}

class RolledBack extends Error {}

const ms = (n: number) => n.toFixed(2);
function p(list: number[], q: number): number {
  return percentile(
    [...list].sort((a, b) => a - b),
    q,
  );
}

async function main(): Promise<void> {
  hardTimeLimit('bench/accounts');
  const url = process.env.DATABASE_URL;
  const database = await openDatabase({ url, dataDir: null });
  const { db } = database;
  await migrateToLatest(db);
  const engine = url ? 'postgres' : 'pglite';
  try {
    const seedStart = performance.now();
    const ids = await seed(db);
    const seeded = ((performance.now() - seedStart) / 1000).toFixed(1);
    const sample = Array.from(
      { length: SAMPLE },
      () => ids[Math.floor(Math.random() * ids.length)] as number,
    );
    const unique = [...new Set(sample)];
    // Warm-up: the same reads once, so neither phase pays for a cold cache alone.
    await phase(db, unique.slice(0, 20), false);
    const withIndex = await phase(db, unique, false);
    const without = await phase(db, unique, true);
    const line = (t: Timings) =>
      `read p50/p95 ${ms(p(t.read, 50))}/${ms(p(t.read, 95))} ms, end sessions ${ms(p(t.revoke, 50))}/${ms(p(t.revoke, 95))} ms, delete account ${ms(p(t.remove, 50))}/${ms(p(t.remove, 95))} ms`;
    const ratio = (a: number[], b: number[]) => `${(p(a, 50) / p(b, 50)).toFixed(1)}×`;
    console.log(
      `| ${new Date().toISOString().slice(0, 10)} | accounts (\`bench/accounts.ts\`): ${USERS.toLocaleString('en')} accounts × ${TOKENS} refresh tokens, ${unique.length} accounts timed one at a time | ${engine} | ` +
        `with migration 0033's indexes: ${line(withIndex)}; without the two on refresh_tokens: ${line(without)} | ` +
        `p50 ratio to the primary-key read of the same accounts: end sessions ${ratio(withIndex.revoke, withIndex.read)} (without ${ratio(without.revoke, without.read)}), delete account ${ratio(withIndex.remove, withIndex.read)} (without ${ratio(without.remove, without.read)}); seeded in ${seeded} s; load avg ${loadavg()
          .map((l) => l.toFixed(1))
          .join('/')} |`,
    );
  } finally {
    await db.deleteFrom('users').where('username', 'like', `${PREFIX}%`).execute();
    await database.close();
  }
}

await main();
