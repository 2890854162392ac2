import { type ConfirmPasswordRequest, confirmPasswordRequest } from '@foyer/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { type Resolver, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../../i18n/react';
import { useFieldError } from '../../../lib/form-error';
import { toast } from '../../../lib/toast';
import { useConfirmPassword } from '../api/confirm-password';
import { useCodedError } from '../hooks/use-coded-error';

const resolver = zodResolver(confirmPasswordRequest) as Resolver<ConfirmPasswordRequest>;

/**
 * A5.19, A5.20: the 6-digit code and a new password. Success: toast and '/' (A4.20, A4.21);
 * failure: toast and the same text inline (A8.12). The e-mail is asked only when the link lacks it.
 */
export function ConfirmPasswordForm({ username }: { username: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const fieldError = useFieldError();
  const codedError = useCodedError('forgotPasswordConfirm.error');
  const confirm = useConfirmPassword();
  const { register, handleSubmit, formState } = useForm<ConfirmPasswordRequest>({
    resolver,
    defaultValues: { username, code: '', password: '' },
  });
  const labels = {
    username: t('forgotPasswordConfirm.form.email'),
    code: t('forgotPasswordConfirm.form.code'),
    password: t('forgotPasswordConfirm.form.password'),
  };
  const error = codedError(confirm.error);

  const onSubmit = handleSubmit((values) =>
    confirm.mutate(values, {
      onSuccess: () => {
        toast('success', t('forgotPasswordConfirm.success'));
        navigate('/', { replace: true });
      },
      onError: (failure) => {
        toast('error', codedError(failure) ?? '');
      },
    }),
  );

  return (
    <form noValidate onSubmit={onSubmit} data-testid="confirm-password-form">
      <Stack gap="md">
        {username && !formState.errors.username ? (
          <input type="hidden" {...register('username')} />
        ) : (
          <TextInput
            {...register('username')}
            label={labels.username}
            type="email"
            autoComplete="username"
            required
            error={fieldError(formState.errors.username, labels.username)}
            data-testid="confirm-email"
          />
        )}
        <TextInput
          {...register('code')}
          label={labels.code}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          required
          error={fieldError(formState.errors.code, labels.code)}
          data-testid="confirm-code"
        />
        <PasswordInput
          {...register('password')}
          label={labels.password}
          placeholder={t('registration.form.passwordPlaceholder')}
          autoComplete="new-password"
          required
          error={fieldError(formState.errors.password, labels.password)}
          data-testid="confirm-password"
        />
        {error && (
          <Alert color="red" role="alert" data-testid="confirm-error">
            {error}
          </Alert>
        )}
        <Button
          type="submit"
          fullWidth
          loading={confirm.isPending}
          disabled={confirm.isPending}
          data-testid="confirm-submit"
        >
          {t('forgotPasswordConfirm.form.submit')}
        </Button>
      </Stack>
    </form>
  );
}
