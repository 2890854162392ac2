import { Group, Paper, Stack, Title } from '@mantine/core';
import { useTranslation } from '../../../i18n/react';
import { NotificationList } from '../components/notification-list';
import { MarkAllReadButton } from '../components/notifications-header-actions';

/** /notifications (A2.15): every notification, with mark read and mark all read (A4.37, A4.38). */
export function NotificationsPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg" data-testid="notifications-page">
      <Group justify="space-between" align="center">
        <Title order={1}>{t('notifications.title')}</Title>
        <MarkAllReadButton />
      </Group>
      <Paper withBorder radius="md" p="xs">
        <NotificationList height="max(420px, calc(100dvh - 260px))" />
      </Paper>
    </Stack>
  );
}
