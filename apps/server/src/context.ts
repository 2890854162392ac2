import type { Kysely } from 'kysely';
import type { Config } from './config';
import type { DatabaseKind } from './db/database';
import type { DB } from './db/schema';
import type { Mailer } from './mail/mailer';

/** What every service is given: configuration, the database, the mailer and the clock. */
export interface AppContext {
  config: Config;
  db: Kysely<DB>;
  dbKind: DatabaseKind;
  mailer: Mailer;
  /** Injectable clock so rules about time are testable without sleeping. */
  now(): Date;
}
