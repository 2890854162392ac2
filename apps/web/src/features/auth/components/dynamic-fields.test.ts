import { describe, expect, it } from 'vitest';
import { fieldLabel } from './dynamic-fields';

describe('registration field labels', () => {
  it('A5.14 messages name a dynamic field by what the form shows, not its fieldName', () => {
    expect(fieldLabel({ fieldName: 'industry', label: 'Your industry' })).toBe('Your industry');
    expect(fieldLabel({ fieldName: 'industry' })).toBe('Industry');
    expect(fieldLabel({ fieldName: 'industry', label: '  ' })).toBe('Industry');
  });
});
