import { MeetingErrorCode, TableErrorCode } from '@foyer/contract';
import { describe, expect, it } from 'vitest';
import type { TFunction } from '../../../i18n/translator';
import { ApiError } from '../../../lib/api-client';
import { seatLost, tableErrorText } from './table-errors';

const t = ((key: string) => `t:${key}`) as unknown as TFunction;

describe('popup table errors (E2.56)', () => {
  it('E2.56 a full table and a table that is over read in the reader language; others keep the server text', () => {
    expect(tableErrorText(t, new ApiError(409, MeetingErrorCode.TableFull, 'This table is full'))).toBe(
      't:expo.table.error.MST-00609',
    );
    expect(tableErrorText(t, new ApiError(409, TableErrorCode.TableOver, 'over'))).toBe(
      't:expo.table.error.MST-00624',
    );
    expect(tableErrorText(t, new ApiError(404, 'MST-00404', 'Table not found'))).toBe('Table not found');
    expect(tableErrorText(t, new ApiError(0, 'NETWORK', 'Failed to fetch'))).toBe(
      't:expo.table.error.generic',
    );
    expect(tableErrorText(t, new Error('boom'))).toBe('t:expo.table.error.generic');
  });

  it('A9.35 heartbeats stop when the server gave the seat away, not on a network hiccup', () => {
    expect(seatLost(new ApiError(409, MeetingErrorCode.TableFull, 'full'))).toBe(true);
    expect(seatLost(new ApiError(404, 'MST-00404', 'gone'))).toBe(true);
    expect(seatLost(new ApiError(0, 'NETWORK', 'offline'))).toBe(false);
    expect(seatLost(new ApiError(503, 'MST-00503', 'busy'))).toBe(false);
  });
});
