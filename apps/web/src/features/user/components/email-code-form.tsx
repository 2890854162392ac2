import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { toast } from '../../../lib/toast';
import { useConfirmConnectedEmail } from '../api/emails';
import '../../../i18n/account';

/** A5.30, A5.31: the numeric code from the e-mail; required, digits only. */
export function EmailCodeForm({ email, onDone }: { email: string; onDone(): void }) {
  const { t } = useTranslation();
  const confirm = useConfirmConnectedEmail();
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const label = t('account.emails.code');

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const value = code.trim();
    if (!value) return setFieldError(t('validation.error.required', { name: label }));
    if (!/^\d{6}$/.test(value)) return setFieldError(t('validation.error.code'));
    setFieldError(null);
    confirm.mutate(
      { email, code: value },
      {
        onSuccess() {
          toast('success', t('confirm.email.success'));
          onDone();
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} data-testid="email-code-form">
      <Stack gap="md" maw={420}>
        <Text size="sm">{t('account.emails.codeSent', { email })}</Text>
        <TextInput
          label={label}
          value={code}
          onChange={(event) => setCode(event.currentTarget.value.replace(/\D/g, '').slice(0, 6))}
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={6}
          required
          error={fieldError}
          data-autofocus
          data-testid="email-code-input"
        />
        {confirm.error && (
          <Alert color="red" role="alert" data-testid="email-code-error">
            {confirm.error.message || t('common.unknownError')}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={confirm.isPending} data-testid="email-code-submit">
            {t('account.emails.confirm')}
          </Button>
          <Button variant="default" onClick={onDone}>
            {t('account.emails.later')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
