import { AgendaErrorCode } from '@foyer/contract';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { scheduleErrorText } from './schedule-errors';

const t = ((key: string) => key) as unknown as TFunction;

describe('refused schedule calls', () => {
  it('E8.32 a refusal without a text of ours shows the server message; known codes have theirs', () => {
    expect(scheduleErrorText(new ApiError(409, 'MST-09999', 'The session has ended'), t)).toBe(
      'The session has ended',
    );
    expect(scheduleErrorText(new ApiError(409, AgendaErrorCode.FullyBooked, 'full'), t)).toBe(
      'agenda.notice.fullyBooked',
    );
    expect(scheduleErrorText(new Error('socket closed'), t)).toBe('agenda.error.generic');
  });
});
