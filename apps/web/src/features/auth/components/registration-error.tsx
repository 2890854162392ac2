import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { AUTH_MESSAGE_LINKS } from './auth-links';

const FORM_ERROR_CODES = new Set(['MST-00082', 'MST-00021']);

/** The text for a failed event registration when no catalogue key applies: 'msg (code)' (A8.07). */
export function registrationErrorText(error: { code?: string; message?: string }): string {
  return `${error.message || 'Error'} (${error.code || 'UNKNOWN'})`;
}

/** A4.17, A8.06–A8.08: shown below the registration form. */
export function RegistrationError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (!error) return null;
  const apiError = error instanceof ApiError ? error : null;
  let content: ReactNode;
  if (apiError && FORM_ERROR_CODES.has(apiError.code)) content = t('registration.form.error');
  else if (apiError?.code === 'UsernameExistsException')
    content = <Trans i18nKey="login.auth.error.UsernameExistsException" components={AUTH_MESSAGE_LINKS} />;
  else content = registrationErrorText(apiError ?? {});
  return (
    <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert" data-testid="registration-error">
      {content}
    </Alert>
  );
}
