import { verificationCodeSchema } from '@foyer/contract';
import { Alert, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { messageText } from '../../../i18n/keys';
import { useTranslation } from '../../../i18n/react';
import { useConfirmSignup, useResendCode } from '../api/confirm-signup';
import { useCodedError } from '../hooks/use-coded-error';

/** Seconds before "send the code again" can be pressed again (the server also limits it). */
const RESEND_COOLDOWN_S = 30;

/**
 * Issue 10: "confirm your e-mail" after sign-up, registration or a login refused with
 * UserNotConfirmedException. The code logs the person in; the public guard then moves on.
 */
export function ConfirmSignup({ email, initialCode = '' }: { email: string; initialCode?: string }) {
  const { t } = useTranslation();
  const confirm = useConfirmSignup();
  const resend = useResendCode();
  const codedError = useCodedError('confirmSignup.error');
  const [code, setCode] = useState(initialCode);
  const [codeError, setCodeError] = useState<string | null>(null);
  const [cooldown, setCooldown] = useState(0);

  useEffect(() => {
    if (cooldown <= 0) return;
    const timer = setTimeout(() => setCooldown((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [cooldown]);

  const submit = () => {
    const parsed = verificationCodeSchema.safeParse(code);
    if (!parsed.success) {
      setCodeError(messageText(t, parsed.error.issues[0]?.message ?? 'validation.error.code'));
      return;
    }
    setCodeError(null);
    confirm.mutate({ username: email, code: parsed.data });
  };

  const sendAgain = () => {
    setCooldown(RESEND_COOLDOWN_S);
    resend.mutate(email);
  };

  const error = codedError(confirm.error) ?? codedError(resend.error);
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      data-testid="confirm-signup"
    >
      <Stack gap="md">
        <Group gap="xs" wrap="nowrap">
          <IconMailCheck aria-hidden />
          <Title order={2} size="h3">
            {t('confirmSignup.title')}
          </Title>
        </Group>
        <Text>{t('confirmSignup.text', { email })}</Text>
        <TextInput
          label={t('confirmSignup.code')}
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          error={codeError}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          required
          data-autofocus
          data-testid="confirm-signup-code"
        />
        {error && (
          <Alert color="red" role="alert" data-testid="confirm-signup-error">
            {error}
          </Alert>
        )}
        {resend.isSuccess && (
          <Alert color="green" data-testid="confirm-signup-resent">
            {t('confirmSignup.resent', { email })}
          </Alert>
        )}
        <Button
          type="submit"
          fullWidth
          loading={confirm.isPending}
          disabled={confirm.isPending}
          data-testid="confirm-signup-submit"
        >
          {t('confirmSignup.submit')}
        </Button>
        <Button
          variant="subtle"
          onClick={sendAgain}
          disabled={cooldown > 0 || resend.isPending}
          data-testid="confirm-signup-resend"
        >
          {cooldown > 0 ? t('confirmSignup.resendIn', { seconds: cooldown }) : t('confirmSignup.resend')}
        </Button>
      </Stack>
    </form>
  );
}
