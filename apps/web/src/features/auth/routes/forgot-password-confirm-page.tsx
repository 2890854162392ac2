import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { Trans, useTranslation } from '../../../i18n/react';
import { ConfirmPasswordForm } from '../components/confirm-password-form';

/** /forgot-password-confirm?username=… (A4.20, A4.21). */
export function ForgotPasswordConfirmPage() {
  const { t } = useTranslation();
  const username = useSearchParams()[0].get('username')?.trim() ?? '';
  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <Title order={1}>{t('forgotPasswordConfirm.title')}</Title>
        <Text c="gray.7">
          {username ? (
            <Trans
              i18nKey="forgotPasswordConfirm.subtitleFor"
              values={{ email: username }}
              components={{ email: <strong /> }}
            />
          ) : (
            t('forgotPasswordConfirm.subtitle')
          )}
        </Text>
      </Stack>
      <ConfirmPasswordForm username={username} />
      <Anchor component={Link} to="/forgot-password" size="sm">
        {t('forgotPasswordConfirm.resend')}
      </Anchor>
    </Stack>
  );
}
