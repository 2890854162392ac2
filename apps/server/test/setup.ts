import { afterAll, beforeEach } from 'vitest';
import { closeTestDatabase, resetTestDatabase } from './db';
import { settleLiveApps } from './helper';

// One database per worker process, emptied before every test (DESIGN: PGlite starts in 2-3 s).
beforeEach(async () => {
  await settleLiveApps();
  await resetTestDatabase();
});

afterAll(async () => {
  await closeTestDatabase();
});
