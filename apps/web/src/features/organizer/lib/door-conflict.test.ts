import { AREA_STALE, type ConsoleCheckInArea, ErrorCode } from '@foyer/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { areaUpdate, isStaleArea } from './door-conflict';

const area: ConsoleCheckInArea = {
  id: 7,
  entityType: 'location',
  entityId: 3,
  customName: 'Hall',
  name: 'Hall',
  capacity: 50,
  effectiveCapacity: 50,
  allowedTypeIds: [],
  capacityUsed: 0,
  updatedAt: '2026-12-06T02:00:00.123Z',
};

describe('door areas edited by two organizers (E5.56)', () => {
  it('E5.56 a change is sent with the updatedAt the form was opened with', () => {
    expect(areaUpdate(area, { name: 'VIP', capacity: 10, allowedTypeIds: [1] })).toEqual({
      id: 7,
      name: 'VIP',
      capacity: 10,
      allowedTypeIds: [1],
      updatedAt: '2026-12-06T02:00:00.123Z',
    });
  });

  it('E5.56 only the server’s stale-area 409 reads as "changed meanwhile"', () => {
    expect(isStaleArea(new ApiError(409, ErrorCode.Conflict, 'changed', { updatedAt: AREA_STALE }))).toBe(
      true,
    );
    expect(isStaleArea(new ApiError(409, ErrorCode.Conflict, 'try again'))).toBe(false);
    expect(
      isStaleArea(new ApiError(400, ErrorCode.Validation, 'bad', { updatedAt: 'validation.error.date' })),
    ).toBe(false);
    expect(isStaleArea(new Error('network'))).toBe(false);
  });
});
