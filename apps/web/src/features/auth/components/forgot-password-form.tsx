import { type ForgotPasswordRequest, forgotPasswordRequest } from '@foyer/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from '../../../i18n/react';
import { useFieldError } from '../../../lib/form-error';
import { useForgotPassword } from '../api/forgot-password';
import { useCodedError } from '../hooks/use-coded-error';

const resolver = zodResolver(forgotPasswordRequest) as Resolver<ForgotPasswordRequest>;

/** A5.17, A5.18: the e-mail to send a reset code to; `onSent` gets the normalised address. */
export function ForgotPasswordForm({ onSent }: { onSent(email: string): void }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const codedError = useCodedError('forgotPassword.error');
  const forgot = useForgotPassword();
  const { register, handleSubmit, formState } = useForm<ForgotPasswordRequest>({
    resolver,
    defaultValues: { username: '' },
  });
  const label = t('forgotPassword.form.email');
  const error = codedError(forgot.error);

  return (
    <form
      noValidate
      data-testid="forgot-password-form"
      onSubmit={handleSubmit((values) => forgot.mutate(values, { onSuccess: () => onSent(values.username) }))}
    >
      <Stack gap="md">
        <TextInput
          {...register('username')}
          label={label}
          type="email"
          autoComplete="email"
          required
          error={fieldError(formState.errors.username, label)}
          data-testid="forgot-email"
        />
        {error && (
          <Alert color="red" role="alert" data-testid="forgot-error">
            {error}
          </Alert>
        )}
        <Button
          type="submit"
          fullWidth
          loading={forgot.isPending}
          disabled={forgot.isPending}
          data-testid="forgot-submit"
        >
          {t('forgotPassword.form.submit')}
        </Button>
      </Stack>
    </form>
  );
}
