import type { Kysely } from 'kysely';

/** `db` counting the statements run through it: to prove a read takes one query, not one per part. */
export function countingStatements<T>(db: Kysely<T>): { db: Kysely<T>; statements: () => number } {
  let statements = 0;
  const counted = db.withPlugin({
    transformQuery: ({ node }) => {
      statements += 1;
      return node;
    },
    transformResult: async ({ result }) => result,
  });
  return { db: counted, statements: () => statements };
}
