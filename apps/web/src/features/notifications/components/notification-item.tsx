import { type Notification, notificationGroup } from '@foyer/contract';
import { ActionIcon, Avatar, Group, Indicator, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconBell, IconCalendarEvent, IconCheck, IconSpeakerphone } from '@tabler/icons-react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from '../../../i18n/react';
import { overCurrentPage } from '../../../lib/modal-route';
import { useSession } from '../../../lib/session-store';
import classes from './notification-item.module.css';
import { notificationTarget, notificationText, notificationTime } from './notification-text';

const GROUP_ICON = { user: IconBell, event: IconSpeakerphone, meeting: IconCalendarEvent };

interface Props {
  notification: Notification;
  onRead(id: number): void;
  /** Called after a click navigated somewhere (the drawer closes itself). */
  onNavigate?(): void;
}

/** One row: who or what, when, unread dot; a click opens its target and marks it read (A4.35, A4.37). */
export function NotificationItem({ notification: n, onRead, onNavigate }: Props) {
  const { t } = useTranslation();
  const zone = useSession((state) => state.user?.timezone ?? null);
  const navigate = useNavigate();
  const location = useLocation();
  const target = notificationTarget(n);
  const Icon = GROUP_ICON[notificationGroup(n.type)];
  const text = notificationText(t, n);

  const open = () => {
    if (!n.read) onRead(n.id);
    if (!target) return;
    // Session details open over the current page (modal route, A2.21, E2.09).
    navigate(target, target.includes('/sessions/') ? { state: overCurrentPage(location) } : undefined);
    onNavigate?.();
  };

  return (
    <Group
      className={classes.row}
      data-unread={!n.read || undefined}
      wrap="nowrap"
      align="flex-start"
      gap="sm"
      data-testid="notification-item"
    >
      <UnstyledButton className={classes.main} onClick={open}>
        <Group wrap="nowrap" align="flex-start" gap="sm">
          <Indicator disabled={n.read} size={10} offset={4} color="red" position="top-start">
            {n.det.actor ? (
              <Avatar
                src={n.det.actor.profilePhoto}
                alt=""
                radius="xl"
                size={40}
                name={n.det.actor.fullName}
              />
            ) : (
              <Avatar radius="xl" size={40} color="foyer" alt="">
                <Icon size={20} aria-hidden />
              </Avatar>
            )}
          </Indicator>
          <Stack gap={2} miw={0}>
            <Text size="sm" fw={n.read ? 400 : 600} lineClamp={3}>
              {!n.read && <span className={classes.srOnly}>{t('notifications.unread')} </span>}
              {text}
            </Text>
            {n.det.message && (
              <Text size="sm" c="dimmed" lineClamp={2}>
                {n.det.message}
              </Text>
            )}
            <Text size="xs" c="dimmed">
              {notificationTime(n, zone)}
              {n.event ? ` · ${n.event.name}` : ''}
            </Text>
          </Stack>
        </Group>
      </UnstyledButton>
      {!n.read && (
        <Tooltip label={t('notifications.markRead')} withinPortal={false}>
          <ActionIcon
            variant="subtle"
            color="dark"
            aria-label={t('notifications.markRead')}
            onClick={() => onRead(n.id)}
            data-testid="notification-mark-read"
          >
            <IconCheck size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}
