import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { isTranslationKey, type TranslationKey } from '../../../i18n/keys';
import { Trans, useTranslation } from '../../../i18n/react';
import { ApiError } from '../../../lib/api-client';
import { AUTH_MESSAGE_LINKS } from './auth-links';

/** The catalogue key for a login or signup failure, or null to show the server's own message. */
/** The catalogue's login error texts (A8.02): few enough for <Trans> to type its key. */
type LoginErrorKey = Extract<TranslationKey, `login.auth.error.${string}`>;

export function loginErrorKey(
  error: ApiError,
  exists: (key: string) => key is LoginErrorKey,
): LoginErrorKey | null {
  // A8.03: the lockout may arrive as NotAuthorizedException with this text
  if (error.code === 'LimitedPasswordAttempts' || error.message.includes('Password attempts')) {
    return 'login.auth.error.LimitedPasswordAttempts';
  }
  const key = `login.auth.error.${error.code}`; // A8.02
  return exists(key) ? key : null;
}

/** A8.01–A8.05: login and signup failures, with links to register or reset where they help. */
export function AuthError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (!error) return null;
  const apiError = error instanceof ApiError ? error : new ApiError(0, 'UNKNOWN', t('common.unknownError'));
  const key = loginErrorKey(apiError, (k): k is LoginErrorKey => isTranslationKey(k));
  return (
    <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert" data-testid="auth-error">
      {key ? <Trans i18nKey={key} components={AUTH_MESSAGE_LINKS} /> : apiError.message}
    </Alert>
  );
}
