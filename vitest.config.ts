import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { E2E_WORKERS } from './e2e/lib/workers.ts';

// One runner for the whole repo: `contract` (pure rules), `server` (API through fastify.inject on
// PGlite, or PostgreSQL when TEST_DATABASE_URL is set), `e2e` (built app in Debian Chromium).
export default defineConfig({
  test: {
    // Two at least: a server test file waits on its database, mail and timers part of the time, so
    // on the 2-core CI machine two workers took 186 s where one took 274 s (each has its own database).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      { test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'] } },
      // Pure web logic (catalogues, formatting, parsing) in node: no DOM, no React rendering.
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.ts', 'apps/web/vite/**/*.test.ts'],
          environment: 'node',
          // Tests that import the app's modules afresh (vi.resetModules) wait for their transform:
          // on a busy 2-core CI machine the first such test of a file took more than the default 5 s.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'server',
          // integration/: the web app's code against the real server (the apps never import each other);
          // bench/: the benches' own helpers, and that the docs show what the benches run.
          include: ['apps/server/src/**/*.test.ts', 'integration/**/*.test.ts', 'bench/**/*.test.ts'],
          setupFiles: ['apps/server/test/setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          isolate: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // A page's condition gets the time a locator's wait gets, not vitest's 1 s default: on the
          // 2-core CI machine a cold screen takes seconds to render.
          expect: { poll: { timeout: 15_000 } },
          // Files run E2E_WORKERS at a time, each worker on its own app (e2e/lib/workers.ts).
          maxWorkers: E2E_WORKERS,
          // A worker imports playwright-core, axe and the helpers once for all its files, not once
          // per file (70 s of imports in all on the 2-core machine). The files share no module state
          // that matters: each launches and closes its own browser.
          isolate: false,
          // A group of its own (after the others when run together): its worker count differs.
          sequence: { groupOrder: 1 },
          globalSetup: ['e2e/global-setup.ts'],
        },
      },
    ],
  },
});
