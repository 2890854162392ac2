import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../i18n/react';
import { ChangePasswordForm } from './change-password-form';
import { DeleteAccount } from './delete-account';
import { OwnAccountOnly } from './own-account-only';
import '../../../i18n/account';

export function SecurityTab() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <OwnAccountOnly />
      <Card withBorder padding="lg" component="section" aria-labelledby="password-title">
        <Title order={2} size="h4" id="password-title" mb="md">
          {t('account.password.title')}
        </Title>
        <ChangePasswordForm />
      </Card>
      <Card
        withBorder
        padding="lg"
        component="section"
        aria-labelledby="delete-title"
        style={{ borderColor: 'var(--mantine-color-red-3)' }}
      >
        <Title order={2} size="h4" id="delete-title" mb={4}>
          {t('account.delete.title')}
        </Title>
        <Text size="sm" c="gray.7" mb="md">
          {t('account.delete.text')}
        </Text>
        <Group>
          <DeleteAccount />
        </Group>
      </Card>
    </Stack>
  );
}
