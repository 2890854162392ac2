import { describe, expect, it, vi } from 'vitest';
import { outcomeTone } from './outcome';

// The toast module loads the app's i18n, which needs a browser; the tones do not.
vi.mock('../../../lib/toast', () => ({ showToast: vi.fn() }));

describe('check-in toasts', () => {
  it('E8.10 E8.11 a full area and a wrong ticket type warn; check-in and check-out succeed', () => {
    expect(outcomeTone.fullyOccupied).toBe('warning');
    expect(outcomeTone.wrongTicketType).toBe('warning');
    expect(outcomeTone.checkedIn).toBe('success');
    expect(outcomeTone.checkedOut).toBe('success');
  });
});
