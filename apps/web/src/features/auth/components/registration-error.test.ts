import { describe, expect, it } from 'vitest';
import { registrationErrorText } from './registration-error';

describe('registration error text', () => {
  it("A8.07 other errors read 'msg (code)', with the defaults Error and UNKNOWN", () => {
    expect(registrationErrorText({ code: 'MST-00500', message: 'Server trouble' })).toBe(
      'Server trouble (MST-00500)',
    );
    expect(registrationErrorText({})).toBe('Error (UNKNOWN)');
    expect(registrationErrorText({ code: '', message: '' })).toBe('Error (UNKNOWN)');
  });
});
