import { availableParallelism } from 'node:os';

/**
 * Browser test files run this many at a time, each worker on an app process of its own (its own
 * PGlite with the demo seed, its own SMTP server and mail folder), so no file sees another's data
 * or mail. One per two cores by default (E2E_WORKERS overrides): a file keeps about two cores busy
 * (Chromium, the app, the runner). On the 2-core CI machine two at a time took as long as one after
 * another (the suite is CPU-bound there) and some tests ran past their time limits, so CI runs
 * them one at a time.
 */
export const E2E_WORKERS = Math.max(
  1,
  Number(process.env.E2E_WORKERS ?? Math.floor(availableParallelism() / 2)) || 1,
);

/** What global-setup gives each worker. */
export interface WorkerApp {
  baseURL: string;
  mailDir: string;
  /** The worker's SMTP server, for a second app process whose mail the tests read too. */
  smtpUrl: string;
}
