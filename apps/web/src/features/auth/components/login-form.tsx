import { ErrorCode, type LoginRequest, loginRequest } from '@foyer/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { useFieldError } from '../../../lib/form-error';
import { useLogin } from '../api/login';
import { AuthError } from './auth-error';
import { ConfirmSignup } from './confirm-signup';

// The schema trims and lowercases the e-mail on the way out (A5.03).
const resolver = zodResolver(loginRequest) as Resolver<LoginRequest>;

/** A5.01–A5.05: e-mail and password; the button spins and is disabled while submitting. */
export function LoginForm() {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const login = useLogin();
  const { register, handleSubmit, formState, getValues } = useForm<LoginRequest>({
    resolver,
    defaultValues: { username: '', password: '' },
  });
  // Issue 10: the right password on an unconfirmed account leads to the confirm step.
  if (login.error instanceof ApiError && login.error.code === ErrorCode.UserNotConfirmed) {
    return <ConfirmSignup email={loginRequest.parse(getValues()).username} />;
  }
  const emailLabel = t('login.form.email');
  const passwordLabel = t('login.form.password');

  return (
    <form noValidate onSubmit={handleSubmit((values) => login.mutate(values))} data-testid="login-form">
      <Stack gap="md">
        <TextInput
          {...register('username')}
          label={emailLabel}
          type="email"
          autoComplete="username"
          required
          error={fieldError(formState.errors.username, emailLabel)}
          data-testid="login-email"
        />
        <PasswordInput
          {...register('password')}
          label={passwordLabel}
          autoComplete="current-password"
          required
          error={fieldError(formState.errors.password, passwordLabel)}
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
