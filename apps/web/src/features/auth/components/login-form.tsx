import { ErrorCode, type LoginRequest } from '@foyer/contract';
import { Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { type FormEvent, lazy, Suspense, useRef, useState } from 'react';
import { Link } from 'react-router';
import { messageText } from '../../../i18n/keys';
import { useTranslation } from '../../../i18n/react';
import { ApiError } from '../../../lib/api-client';
import { useLogin } from '../api/login';
import type { LoginErrors } from '../lib/login-validation';
import { AuthError } from './auth-error';

const ConfirmSignup = lazy(async () => ({ default: (await import('./confirm-signup')).ConfirmSignup }));

// The first route carries no form library and no zod: the contract's schema is loaded when the
// form is first checked (on submit), in the chunk that also validates every other public form.
const loadValidation = () => import('../lib/login-validation');

/**
 * A5.01–A5.05: e-mail and password; the button spins and is disabled while submitting. As with the
 * other forms, fields are checked on submit and, after a failed submit, again on every change.
 */
export function LoginForm() {
  const { t } = useTranslation();
  const login = useLogin();
  const [values, setValues] = useState<LoginRequest>({ username: '', password: '' });
  const [errors, setErrors] = useState<LoginErrors>({});
  const [checking, setChecking] = useState(false);
  const submitted = useRef(false);
  const latest = useRef(0);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  // Issue 10: the right password on an unconfirmed account leads to the confirm step.
  if (login.error instanceof ApiError && login.error.code === ErrorCode.UserNotConfirmed && login.variables) {
    return (
      <Suspense fallback={null}>
        <ConfirmSignup email={login.variables.username} />
      </Suspense>
    );
  }
  const emailLabel = t('login.form.email');
  const passwordLabel = t('login.form.password');
  const fieldError = (message: string | undefined, label: string) =>
    message ? messageText(t, message, { name: label }) : undefined;

  const check = async (next: LoginRequest) => {
    const run = ++latest.current;
    const { validateLogin } = await loadValidation();
    const result = validateLogin(next);
    if (run === latest.current) setErrors('errors' in result ? result.errors : {});
    return { result, current: run === latest.current };
  };

  const change = (field: keyof LoginRequest, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (submitted.current) void check(next);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (login.isPending || checking) return;
    submitted.current = true;
    setChecking(true);
    try {
      const { result, current } = await check(values);
      if (!current) return;
      if ('data' in result) {
        login.mutate(result.data);
      } else {
        (result.errors.username ? emailRef : passwordRef).current?.focus();
      }
    } finally {
      setChecking(false);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} data-testid="login-form">
      <Stack gap="md">
        <TextInput
          ref={emailRef}
          name="username"
          value={values.username}
          onChange={(event) => change('username', event.currentTarget.value)}
          label={emailLabel}
          type="email"
          autoComplete="username"
          required
          error={fieldError(errors.username, emailLabel)}
          data-testid="login-email"
        />
        <PasswordInput
          ref={passwordRef}
          name="password"
          value={values.password}
          onChange={(event) => change('password', event.currentTarget.value)}
          label={passwordLabel}
          autoComplete="current-password"
          required
          error={fieldError(errors.password, passwordLabel)}
          data-testid="login-password"
        />
        <Group justify="flex-end">
          <Anchor component={Link} to="/forgot-password" size="sm" data-testid="forgot-password-link">
            {t('login.form.forgot')}
          </Anchor>
        </Group>
        <AuthError error={login.error} />
        <Button
          type="submit"
          fullWidth
          loading={login.isPending}
          disabled={login.isPending}
          data-testid="login-submit"
        >
          {t('login.form.submit')}
        </Button>
      </Stack>
    </form>
  );
}
