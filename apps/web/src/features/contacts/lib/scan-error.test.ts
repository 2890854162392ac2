import { describe, expect, it } from 'vitest';
import type { TFunction } from '../../../i18n/translator';
import { ApiError } from '../../../lib/api-client';
import { scanErrorText } from './scan-error';

const t = ((key: string) => key) as unknown as TFunction;

describe('contact scan errors', () => {
  it('E8.63 a badge whose contact is not found is told apart from other failures', () => {
    expect(scanErrorText(t, new ApiError(404, 'NOT_FOUND', 'Ticket not found'))).toBe(
      'contacts.lookup.notFound',
    );
    expect(scanErrorText(t, new ApiError(500, 'ERR', 'Server unavailable'))).toBe('Server unavailable');
    expect(scanErrorText(t, null)).toBeUndefined();
  });
});
