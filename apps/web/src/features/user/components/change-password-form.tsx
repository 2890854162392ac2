import { type ChangePasswordRequest, changePasswordRequest, ErrorCode } from '@foyer/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, PasswordInput, Stack } from '@mantine/core';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from '../../../i18n/react';
import type { TFunction } from '../../../i18n/translator';
import { ApiError } from '../../../lib/api-client';
import { useFieldError } from '../../../lib/form-error';
import { toast } from '../../../lib/toast';
import { useChangePassword } from '../api/security';
import '../../../i18n/account';

const resolver = zodResolver(changePasswordRequest) as Resolver<ChangePasswordRequest>;

/** A8.13–A8.15: a wrong old password and other refusals get their own text; the rest the server's. */
function changeErrorText(error: Error, t: TFunction): string {
  if (error instanceof ApiError && error.code === ErrorCode.NotAuthorized) {
    return t(
      /old password/i.test(error.message)
        ? 'account.password.error.oldPassword'
        : 'account.password.error.notAuthorized',
    );
  }
  return error.message || t('common.unknownError');
}

/** A5.21–A5.23: old and new password, the new one at least 8 characters. */
export function ChangePasswordForm() {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const change = useChangePassword();
  const { register, handleSubmit, formState, reset } = useForm<ChangePasswordRequest>({
    resolver,
    defaultValues: { oldPassword: '', newPassword: '' },
  });
  const labels = { old: t('account.password.old'), new: t('account.password.new') };

  const submit = handleSubmit((values) =>
    change.mutate(values, {
      onSuccess() {
        reset();
        toast('success', t('account.password.success'));
      },
    }),
  );

  return (
    <form noValidate onSubmit={submit} data-testid="password-form">
      <Stack gap="md" maw={420}>
        <PasswordInput
          {...register('oldPassword')}
          label={labels.old}
          required
          autoComplete="current-password"
          error={fieldError(formState.errors.oldPassword, labels.old)}
          data-testid="password-old"
        />
        <PasswordInput
          {...register('newPassword')}
          label={labels.new}
          description={t('account.password.rules')}
          placeholder={t('account.password.placeholder')}
          required
          autoComplete="new-password"
          error={fieldError(formState.errors.newPassword, labels.new)}
          data-testid="password-new"
        />
        {change.error && (
          <Alert color="red" role="alert" data-testid="password-error">
            {changeErrorText(change.error, t)}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={change.isPending} data-testid="password-submit">
            {t('account.password.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
