import { Alert, Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Trans, useTranslation } from '../../../i18n/react';
import { ForgotPasswordForm } from '../components/forgot-password-form';

/**
 * /forgot-password (A4.18): the form, then an 'e-mail sent' confirmation with the address. The error
 * lives in this screen's mutation, so leaving the screen drops it (A4.19).
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [sentTo, setSentTo] = useState<string | null>(null);

  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <Title order={1}>{t('forgotPassword.title')}</Title>
        {!sentTo && <Text c="gray.7">{t('forgotPassword.subtitle')}</Text>}
      </Stack>
      {sentTo ? (
        <Stack gap="md" data-testid="forgot-sent">
          <Title order={2} size="h4">
            {t('forgotPassword.sent.title')}
          </Title>
          <Alert color="green" icon={<IconMailCheck aria-hidden />}>
            <Trans
              i18nKey="forgotPassword.sent.text"
              values={{ email: sentTo }}
              components={{ email: <strong /> }}
            />
          </Alert>
          <Button
            component={Link}
            to={`/forgot-password-confirm?username=${encodeURIComponent(sentTo)}`}
            data-testid="forgot-enter-code"
          >
            {t('forgotPassword.sent.enterCode')}
          </Button>
          <Anchor component="button" type="button" size="sm" onClick={() => setSentTo(null)}>
            {t('forgotPassword.sent.retry')}
          </Anchor>
        </Stack>
      ) : (
        <ForgotPasswordForm onSent={setSentTo} />
      )}
      <Anchor component={Link} to="/login" size="sm">
        {t('forgotPassword.backToLogin')}
      </Anchor>
    </Stack>
  );
}
