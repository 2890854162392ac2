import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

/** Placeholder until the seed lands: does nothing on a non-empty database. */
export async function seedDemoIfEmpty(
  db: Kysely<DB>,
  _options: { log: (line: string) => void },
): Promise<boolean> {
  const row = await db
    .selectFrom('events')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return row.n === 0 && false;
}
