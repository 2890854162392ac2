import type { Kysely } from 'kysely';

/** `db` counting the statements run through it: to prove a read takes one query, not one per part. */
export function countingStatements<T>(db: Kysely<T>): { db: Kysely<T>; statements: () => number } {
  let statements = 0;
  // Counted when a result comes back: a query built into another one (a sub-select written with
  // the query builder) passes transformQuery too, but it is part of one statement.
  const counted = db.withPlugin({
    transformQuery: ({ node }) => node,
    transformResult: async ({ result }) => {
      statements += 1;
      return result;
    },
  });
  return { db: counted, statements: () => statements };
}
