import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../../test/helper';
import { createScheduler } from './scheduler';

afterEach(() => {
  vi.useRealTimers();
});

describe('scheduler', () => {
  it('starts timers only when started, runs each job on its interval, logs failures and clears on stop', async () => {
    vi.useFakeTimers();
    const log = { error: vi.fn() };
    const scheduler = createScheduler({ timers: true, log });
    const runs: string[] = [];
    scheduler.every('a', 1_000, async () => void runs.push('a'));
    scheduler.every('b', 1_000, async () => {
      throw new Error('boom');
    });
    scheduler.every('c', 5_000, async () => void runs.push('c'), { runOnStart: true });

    await vi.advanceTimersByTimeAsync(3_000);
    expect(runs).toEqual([]);

    scheduler.start();
    expect(runs).toEqual(['c']);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(runs).toEqual(['c', 'a', 'a']);
    expect(log.error).toHaveBeenCalledWith(expect.objectContaining({ job: 'b' }), 'job b failed');

    scheduler.disable('a');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(runs).toEqual(['c', 'a', 'a']);

    await scheduler.stop();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(runs).toEqual(['c', 'a', 'a']);
  });

  it('skips a tick while the previous run of the same job is still going', async () => {
    vi.useFakeTimers();
    const scheduler = createScheduler({ timers: true, log: { error: vi.fn() } });
    let started = 0;
    let finish: () => void = () => {};
    scheduler.every('slow', 1_000, () => {
      started += 1;
      return new Promise<void>((resolve) => {
        finish = resolve;
      });
    });
    scheduler.start();
    await vi.advanceTimersByTimeAsync(3_000);
    expect(started).toBe(1);
    finish();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(started).toBe(2);
    finish();
    await scheduler.stop();
  });

  it('refuses two jobs of one name and an unknown name', async () => {
    const scheduler = createScheduler({ timers: false, log: { error: vi.fn() } });
    scheduler.every('x', 1_000, async () => 1);
    expect(() => scheduler.every('x', 1_000, async () => 2)).toThrow(/two jobs named x/);
    await expect(scheduler.run('x')).resolves.toBe(1);
    await expect(scheduler.run('nope')).rejects.toThrow(/no job named nope/);
  });

  it('the app declares every periodic job on it (and starts none in tests)', async () => {
    const t = await createTestApp();
    try {
      expect(t.app.scheduler.names().sort()).toEqual([
        'announcement-writes-cleanup',
        'auth-cleanup',
        'badge-prints',
        'booth-document-sweep',
        'checkin-sync-prune',
        'meeting-contacts',
        'meeting-reminders',
        'outbox-prune',
        'push-sent-cleanup',
        'realtime-cleanup',
        'scheduled-announcements',
        'scheduled-polls',
        'search-changes-prune',
        'webhook-deliveries',
      ]);
      await expect(t.app.scheduler.run('scheduled-polls')).resolves.toBe(0);
    } finally {
      await t.close();
    }
  });
});
