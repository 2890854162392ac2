import type { Kysely, Transaction } from 'kysely';
import type { DB } from './schema';

/** Where a query runs: the database itself or an open transaction. Repositories take one. */
export type Executor = Kysely<DB> | Transaction<DB>;
