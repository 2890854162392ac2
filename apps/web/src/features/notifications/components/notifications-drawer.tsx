import { Anchor, Group } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { SideDrawer } from '../../../components/side-drawer';
import { useTranslation } from '../../../i18n/react';
import { useNotifications } from '../api/get-notifications';
import { useMarkNotificationsSeen } from '../api/mark-notifications';
import { NotificationList } from './notification-list';
import { MarkAllReadButton } from './notifications-header-actions';

interface Props {
  opened: boolean;
  onClose(): void;
}

/** The notifications drawer; opening it marks the newest shown notification's date as seen (A4.36). */
export function NotificationsDrawer({ opened, onClose }: Props) {
  const { t } = useTranslation();
  const query = useNotifications();
  const markSeen = useMarkNotificationsSeen();
  const newest = query.data?.pages[0]?.items[0]?.dt;
  const unseen = query.data?.pages[0]?.unseen ?? 0;
  const markedFor = useRef<string | null>(null);

  useEffect(() => {
    if (!opened) {
      markedFor.current = null;
      return;
    }
    if (!newest || unseen === 0 || markedFor.current === newest) return;
    markedFor.current = newest;
    markSeen.mutate(newest);
  }, [opened, newest, unseen, markSeen]);

  return (
    <SideDrawer
      opened={opened}
      onClose={onClose}
      title={t('notifications.title')}
      testId="notifications-drawer"
    >
      <Group justify="space-between" mb="sm">
        <MarkAllReadButton />
        <Anchor component={Link} to="/notifications" size="sm" onClick={onClose}>
          {t('notifications.seeAll')}
        </Anchor>
      </Group>
      {opened && <NotificationList height="calc(100dvh - 140px)" onNavigate={onClose} />}
    </SideDrawer>
  );
}
