import { Button } from '@mantine/core';
import { IconChecks } from '@tabler/icons-react';
import { useTranslation } from '../../../i18n/react';
import { useNotificationCounts } from '../api/get-notifications';
import { useMarkAllNotificationsRead } from '../api/mark-notifications';

/** A4.38: mark every notification read; shown while something is unread. */
export function MarkAllReadButton() {
  const { t } = useTranslation();
  const { unread } = useNotificationCounts();
  const markAll = useMarkAllNotificationsRead();
  if (unread === 0 && !markAll.isPending) return <span />;
  return (
    <Button
      variant="subtle"
      size="xs"
      leftSection={<IconChecks size={16} aria-hidden />}
      loading={markAll.isPending}
      onClick={() => markAll.mutate()}
      data-testid="notifications-mark-all"
    >
      {t('notifications.markAll')}
    </Button>
  );
}
