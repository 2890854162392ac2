import { describe, expect, it, vi } from 'vitest';
import { withSlotTime } from './prebook-modal';

// The app's i18n and API modules need a browser; the function under test uses neither.
vi.mock('../i18n', () => ({}));
vi.mock('../../../lib/toast', () => ({ toast: vi.fn() }));
vi.mock('../api/meetings-api', () => ({ useMeetingCall: vi.fn() }));
vi.mock('../api/people-search', () => ({}));

const slot = { sessionId: 7, sdt: '2026-11-25T07:30:00Z', edt: '2026-11-25T08:00:00Z' };

describe('pre-book and reserve-table message', () => {
  it('E5.14 the selected slot start time is added to the message, in the viewer zone', () => {
    expect(withSlotTime('See you at the stand', slot, 'Europe/Istanbul')).toBe('10:30: See you at the stand');
    expect(withSlotTime('See you at the stand', slot, 'UTC')).toBe('07:30: See you at the stand');
    expect(withSlotTime('', slot, 'UTC')).toBe('07:30');
  });
});
