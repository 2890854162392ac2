import type { Kysely, SelectQueryBuilder, Simplify, Transaction } from 'kysely';
import type { DB } from './schema';

/** Where a query runs: the database itself or an open transaction. Repositories take one. */
export type Executor = Kysely<DB> | Transaction<DB>;

/**
 * The first row a read finds; with `'lock'` it is read FOR UPDATE and held until the caller's
 * transaction ends, so a write decided on it cannot be overtaken by another one. With `'share'` it
 * is read FOR SHARE: others may read it so too, but nobody changes or deletes it meanwhile (a row
 * the write refers to, such as the room a session is put in). With `'keep'` it is read FOR KEY
 * SHARE, what a foreign key to it takes: it may change, but a delete in flight is waited for, and
 * then it is gone (a row that a new one will point to: a note's contact).
 */
export function firstRow<TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  lock?: 'lock' | 'share' | 'keep',
): Promise<Simplify<O> | undefined> {
  const held =
    lock === 'lock'
      ? query.forUpdate()
      : lock === 'share'
        ? query.forShare()
        : lock === 'keep'
          ? query.forKeyShare()
          : query;
  return held.executeTakeFirst();
}
