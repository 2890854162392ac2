import { describe, expect, it } from 'vitest';
import { CAROUSEL_INTERVAL_MS, MOBILE_MAX_WIDTH, TABLET_MAX_WIDTH } from './constants';
import { eventTypeSchema } from './event';
import { TABLE_SEATS } from './meetings';
import { NOTIFICATIONS_OVERSCAN } from './notifications-rules';

describe('business constants', () => {
  it('A1.08 E1.16 an event is normal (on-site), online or hybrid, nothing else', () => {
    expect(eventTypeSchema.options).toEqual(['normal', 'online', 'hybrid']);
    expect(eventTypeSchema.safeParse('virtual').success).toBe(false);
  });

  it('A9.25 E9.48 A9.26 A9.27 breakpoints: mobile 0–767, tablet 768–1024, desktop from 1025 px', () => {
    expect(MOBILE_MAX_WIDTH).toBe(767);
    expect(MOBILE_MAX_WIDTH + 1).toBe(768);
    expect(TABLET_MAX_WIDTH).toBe(1024);
    expect(TABLET_MAX_WIDTH + 1).toBe(1025);
  });

  it('A9.29 the product carousel moves on every 10 s', () => {
    expect(CAROUSEL_INTERVAL_MS).toBe(10_000);
  });

  it('A9.36 E9.43 a popup table has 8 seats', () => {
    expect(TABLE_SEATS).toBe(8);
  });

  it('A9.38 the notification list renders 10 rows beyond the visible ones', () => {
    expect(NOTIFICATIONS_OVERSCAN).toBe(10);
  });
});
