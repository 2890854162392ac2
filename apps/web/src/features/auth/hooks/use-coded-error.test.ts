import { describe, expect, it, vi } from 'vitest';
import en from '../../../i18n/locales/en/access.json';
import { ApiError } from '../../../lib/api-client';
import { useCodedError } from './use-coded-error';

vi.mock('../../../i18n/react', () => ({
  useTranslation: () => ({ t: (key: string) => `text of ${key}` }),
}));
vi.mock('../../../i18n/keys', () => ({
  isTranslationKey: (key: string) => key in en,
}));

describe('coded errors', () => {
  it('A8.09 A8.11 a forgot-password failure keeps its code and shows the text keyed by it, else the server message', () => {
    const text = useCodedError('forgotPassword.error');
    expect(text(new ApiError(400, 'MST-00400', 'Bad e-mail'))).toBe('text of forgotPassword.error.MST-00400');
    expect(en['forgotPassword.error.MST-00400']).toBe('Invalid e-mail.');
    expect(text(new ApiError(429, 'MST-00429', 'Slow down'))).toBe('text of forgotPassword.error.MST-00429');
    expect(en['forgotPassword.error.MST-00429']).toBe('Too many attempts, try again in 30 minutes.');
    expect(text(new ApiError(500, 'MST-09999', 'The server says why'))).toBe('The server says why');
    expect(text(null)).toBeNull();
  });

  it('A8.32 a failure that is not an API error reads Unknown error', () => {
    expect(useCodedError('forgotPassword.error')(new Error('boom'))).toBe('text of common.unknownError');
    expect(en['common.unknownError']).toBe('Unknown error');
  });
});
