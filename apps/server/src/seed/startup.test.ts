import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper';
import { loadConfig } from '../config';
import { verifyPassword } from '../features/auth/password';
import { findUserByUsername } from '../features/user/user.repository';
import { DEMO_PASSWORD, LOGINS } from './demo-content';
import { demoSeedPassword, seedOnStart } from './startup';

const base = { JWT_SECRET: 'test-secret-test-secret-test-secret-0123', DATA_DIR: '/tmp/foyer-test-data' };

describe('demo seed at start-up', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => t.close());

  it('seeds the demo by default only outside production', () => {
    expect(loadConfig({ ...base, NODE_ENV: 'development' }).seedDemo).toBe(true);
    expect(loadConfig({ ...base }).seedDemo).toBe(true);
    expect(loadConfig({ ...base, NODE_ENV: 'production' }).seedDemo).toBe(false);
    expect(loadConfig({ ...base, NODE_ENV: 'production', SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(loadConfig({ ...base, NODE_ENV: 'development', SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });

  it('production on an empty database seeds nothing unless SEED_DEMO=true', async () => {
    const config = loadConfig({ ...base, NODE_ENV: 'production' });
    expect(await seedOnStart(t.ctx.db, config, () => {})).toBe(false);
    expect(await t.ctx.db.selectFrom('events').select('id').execute()).toEqual([]);
  });

  it('production with SEED_DEMO=true never uses the published password: a fresh one, printed once', async () => {
    const first = demoSeedPassword({ env: 'production', seedDemo: true });
    expect(first).not.toBe(DEMO_PASSWORD);
    expect(demoSeedPassword({ env: 'production', seedDemo: true })).not.toBe(first);
    expect(demoSeedPassword({ env: 'development', seedDemo: true })).toBe(DEMO_PASSWORD);

    const lines: string[] = [];
    const config = loadConfig({ ...base, NODE_ENV: 'production', SEED_DEMO: 'true' });
    expect(await seedOnStart(t.ctx.db, config, (line) => lines.push(line))).toBe(true);
    const printed = /password "([^"]+)"/.exec(lines.join('\n'))?.[1];
    expect(printed).toBeDefined();
    expect(printed).not.toBe(DEMO_PASSWORD);
    const organizer = (await findUserByUsername(t.ctx.db, LOGINS.organizer))!;
    expect(await verifyPassword(organizer.password_hash, DEMO_PASSWORD)).toBe(false);
    expect(await verifyPassword(organizer.password_hash, printed!)).toBe(true);
  });
});
