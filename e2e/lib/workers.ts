import { availableParallelism } from 'node:os';

/**
 * Browser test files run this many at a time, each worker on an app process of its own (its own
 * PGlite with the demo seed, its own SMTP server and mail folder), so no file sees another's data
 * or mail. One per core by default (E2E_WORKERS overrides): one file keeps a 2-core machine only
 * ~60 % busy (a page renders on one renderer thread while the other core mostly waits, and the
 * app's own delays leave both idle), so on the 2-core CI machine two at a time took the whole leg
 * from 1,030 to 692 s with every test passing (decision 028, 2026-12-03).
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? availableParallelism()) || 1);

/** What global-setup gives each worker. */
export interface WorkerApp {
  baseURL: string;
  mailDir: string;
  /** The worker's SMTP server, for a second app process whose mail the tests read too. */
  smtpUrl: string;
}
