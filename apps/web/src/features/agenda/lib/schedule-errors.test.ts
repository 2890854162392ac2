import { AgendaErrorCode } from '@foyer/contract';
import { describe, expect, it, vi } from 'vitest';
import type { TFunction } from '../../../i18n/translator';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { returnedMessage, scheduleErrorText, scheduleErrorToast } from './schedule-errors';

vi.mock('../../../lib/toast', () => ({ toast: vi.fn() }));

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

describe('a schedule button turned down', () => {
  it("A9.14 shows its text as a button action's error toast (8 s on every screen)", () => {
    scheduleErrorToast(new ApiError(409, AgendaErrorCode.FullyBooked, 'full'), t);
    expect(vi.mocked(toast)).toHaveBeenCalledWith('error', 'agenda.notice.fullyBooked', { action: true });
  });
});

describe('calendar link failures', () => {
  it('E8.55 a failed calendar link shows the message returned, whatever its code', () => {
    expect(returnedMessage(new ApiError(403, 'MST-00403', 'You are not registered for this event'), t)).toBe(
      'You are not registered for this event',
    );
    // Even a code the schedule calls have their own text for: the returned message is shown as it is.
    expect(returnedMessage(new ApiError(409, AgendaErrorCode.Busy, 'Try again in a minute'), t)).toBe(
      'Try again in a minute',
    );
    expect(returnedMessage(new ApiError(0, 'NETWORK', 'Please check network connection.'), t)).toBe(
      'Please check network connection.',
    );
  });

  it('E8.55 a failure that returned nothing shows the generic text', () => {
    expect(returnedMessage(new TypeError('Failed to fetch'), t)).toBe('agenda.error.generic');
    expect(returnedMessage('boom', t)).toBe('agenda.error.generic');
  });
});
