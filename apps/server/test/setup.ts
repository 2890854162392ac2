import { afterAll, beforeEach } from 'vitest';
import { closeTestDatabase, resetTestDatabase } from './db';

// One database per worker process, emptied before every test (DESIGN: PGlite starts in 2-3 s).
beforeEach(async () => {
  await resetTestDatabase();
});

afterAll(async () => {
  await closeTestDatabase();
});
