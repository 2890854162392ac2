import { describe, expect, it } from 'vitest';
import type { TranslationKey } from '../../../i18n/keys';
import en from '../../../i18n/locales/en/access.json';
import { ApiError } from '../../../lib/api-client';
import { loginErrorKey } from './auth-error';

type Key = Extract<TranslationKey, `login.auth.error.${string}`>;
const inCatalogue = (key: string): key is Key => key in en;

describe('login and signup failures', () => {
  it('A8.01 A8.02 look the code up at login.auth.error.{code}; without such a text the server message shows', () => {
    expect(loginErrorKey(new ApiError(400, 'UserNotFoundException', 'No user'), inCatalogue)).toBe(
      'login.auth.error.UserNotFoundException',
    );
    expect(loginErrorKey(new ApiError(400, 'MST-UI0001', 'Invalid provider'), inCatalogue)).toBe(
      'login.auth.error.MST-UI0001',
    );
    expect(loginErrorKey(new ApiError(500, 'MST-09999', 'The server says why'), inCatalogue)).toBeNull();
  });
});
