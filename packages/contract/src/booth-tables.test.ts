import { describe, expect, it } from 'vitest';
import { tablePresentCount, tableRequest } from './booths-tables';
import { POPUP_TABLE_PRESENCE_MS } from './constants';

const NOW = Date.parse('2030-05-01T09:10:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();

describe('popup table presence (A9.35, E7.87)', () => {
  it('A9.35 the presence window is 60,000 ms', () => {
    expect(POPUP_TABLE_PRESENCE_MS).toBe(60_000);
  });

  it('A9.35 a reader counts a lapsed heartbeat out by the time passed since the answer, whatever its clock', () => {
    const presence = { at: new Date(NOW).toISOString(), here: [ago(10_000), ago(59_000)] };
    // Received when the reader's (skewed) clock said 1000.
    expect(tablePresentCount(presence, 1000, 1000)).toBe(2);
    expect(tablePresentCount(presence, 1000, 1999)).toBe(2);
    expect(tablePresentCount(presence, 1000, 2000)).toBe(1);
    expect(tablePresentCount(presence, 1000, 50_999)).toBe(1);
    expect(tablePresentCount(presence, 1000, 51_000)).toBe(0);
    // A reader clock that went back counts as no time passed.
    expect(tablePresentCount(presence, 1000, 0)).toBe(2);
  });

  it('E7.87 a table request takes the event id and a video room name only', () => {
    expect(tableRequest.safeParse({ eventId: 1, roomId: 'AbC_-9' }).success).toBe(true);
    for (const roomId of ['', 'a\u0000b', 'a/b', 'x'.repeat(65), 5, null]) {
      expect(tableRequest.safeParse({ eventId: 1, roomId }).success).toBe(false);
    }
    expect(tableRequest.safeParse({ eventId: 2_147_483_648, roomId: 'a' }).success).toBe(false);
    expect(tableRequest.safeParse({ eventId: 1, roomId: 'a', extra: 1 }).success).toBe(false);
  });
});
