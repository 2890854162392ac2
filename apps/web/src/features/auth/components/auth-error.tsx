import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { Trans, useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { AUTH_MESSAGE_LINKS } from './auth-links';

/** The catalogue key for a login or signup failure, or null to show the server's own message. */
export function loginErrorKey(error: ApiError, exists: (key: string) => boolean): string | null {
  // A8.03: the lockout may arrive as NotAuthorizedException with this text
  if (error.code === 'LimitedPasswordAttempts' || error.message.includes('Password attempts')) {
    return 'login.auth.error.LimitedPasswordAttempts';
  }
  const key = `login.auth.error.${error.code}`; // A8.02
  return exists(key) ? key : null;
}

/** A8.01–A8.05: login and signup failures, with links to register or reset where they help. */
export function AuthError({ error }: { error: unknown }) {
  const { t, i18n } = useTranslation();
  if (!error) return null;
  const apiError = error instanceof ApiError ? error : new ApiError(0, 'UNKNOWN', t('common.unknownError'));
  const key = loginErrorKey(apiError, (k) => i18n.exists(k));
  return (
    <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert" data-testid="auth-error">
      {key ? <Trans i18nKey={key} components={AUTH_MESSAGE_LINKS} /> : apiError.message}
    </Alert>
  );
}
