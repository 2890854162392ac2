import { describe, expect, it } from 'vitest';
import type { TranslationKey } from './keys';
import type { TFunction } from './translator';

// Compile-time checks (tsc -p apps/web): an unused @ts-expect-error fails the type check.
function typeChecks(t: TFunction) {
  t('validation.error.required');
  t('attendees.wizard.tooManyOptions', { count: 2 }); // plural base of _one / _other
  // @ts-expect-error: not a key of the English catalogue
  t('missing.key');
  const key: TranslationKey = 'common.unknownError';
  // @ts-expect-error: a typo is caught
  const typo: TranslationKey = 'common.unknownEror';
  return [key, typo];
}

describe('catalogue keys', () => {
  it('are typed from the English catalogue (checked by tsc)', () => {
    expect(typeof typeChecks).toBe('function');
  });
});
