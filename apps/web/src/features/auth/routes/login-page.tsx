import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../i18n/react';
import { LoginForm } from '../components/login-form';

export function LoginPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <Title order={1}>{t('login.title')}</Title>
        <Text c="gray.7">{t('login.subtitle')}</Text>
      </Stack>
      <LoginForm />
    </Stack>
  );
}
