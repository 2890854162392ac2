import { addEmailRequest, ErrorCode } from '@foyer/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { type Resolver, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useTranslation } from '../../../i18n/react';
import { ApiError } from '../../../lib/api-client';
import { useFieldError } from '../../../lib/form-error';
import { useAddEmail } from '../api/emails';
import '../../../i18n/account';

type AddEmailRequest = z.infer<typeof addEmailRequest>;
const resolver = zodResolver(addEmailRequest) as Resolver<AddEmailRequest>;

/** A5.27–A5.29: a required, well-formed address not connected yet; a code is mailed to it. */
export function AddEmailForm({ onAdded }: { onAdded(email: string): void }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const add = useAddEmail();
  const { register, handleSubmit, formState, reset } = useForm<AddEmailRequest>({
    resolver,
    defaultValues: { email: '' },
  });
  const label = t('account.emails.newEmail');
  const error = add.error;

  return (
    <form
      noValidate
      data-testid="add-email-form"
      onSubmit={handleSubmit((values) =>
        add.mutate(values.email, {
          onSuccess() {
            reset();
            onAdded(values.email);
          },
        }),
      )}
    >
      <Stack gap="md" maw={420}>
        <TextInput
          {...register('email')}
          label={label}
          type="email"
          autoComplete="email"
          required
          error={fieldError(formState.errors.email, label)}
          data-testid="add-email-input"
        />
        {error && (
          <Alert color="red" role="alert" data-testid="add-email-error">
            {error instanceof ApiError && error.code === ErrorCode.EmailAlreadyConnected
              ? t('account.emails.error.alreadyConnected')
              : error.message || t('common.unknownError')}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={add.isPending} data-testid="add-email-submit">
            {t('account.emails.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
