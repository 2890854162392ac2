import { ErrorCode } from '@foyer/contract';
import { Alert, Anchor } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, type Location } from 'react-router';
import { Trans, useTranslation } from '../../../i18n/react';
import { ApiError } from '../../../lib/api-client';
import type { ReturnState } from '../../../lib/return-state';
import { AUTH_MESSAGE_LINKS } from './auth-links';

const FORM_ERROR_CODES = new Set(['MST-00082', 'MST-00021']);

/** The text for a failed event registration when no catalogue key applies: 'msg (code)' (A8.07). */
export function registrationErrorText(error: { code?: string; message?: string }): string {
  return `${error.message || 'Error'} (${error.code || 'UNKNOWN'})`;
}

/** Login, then back to the event, where a logged-in person joins (issue 10). */
function LoginToRegister({ eventId }: { eventId: number | null }) {
  const from = { pathname: `/event/${eventId}`, search: '', hash: '', state: null, key: 'register' };
  const state: ReturnState = eventId ? { from: from as Location } : {};
  return (
    <Trans
      i18nKey="registration.error.loginToRegister"
      components={{
        login: (
          <Anchor
            component={Link}
            to="/login"
            state={state}
            inherit
            underline="always"
            fw={600}
            data-testid="login-to-register"
          />
        ),
      }}
    />
  );
}

/** A4.17, A8.06–A8.08: shown below the registration form. */
export function RegistrationError({ error, eventId = null }: { error: unknown; eventId?: number | null }) {
  const { t } = useTranslation();
  if (!error) return null;
  const apiError = error instanceof ApiError ? error : null;
  let content: ReactNode;
  if (apiError && FORM_ERROR_CODES.has(apiError.code)) content = t('registration.form.error');
  else if (apiError?.code === ErrorCode.LoginToRegister) content = <LoginToRegister eventId={eventId} />;
  else if (apiError?.code === 'UsernameExistsException')
    content = <Trans i18nKey="login.auth.error.UsernameExistsException" components={AUTH_MESSAGE_LINKS} />;
  else content = registrationErrorText(apiError ?? {});
  return (
    <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert" data-testid="registration-error">
      {content}
    </Alert>
  );
}
