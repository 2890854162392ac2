import {
  channelsFor,
  type NotificationChannel,
  type NotificationType,
  type UserProfile,
} from '@foyer/contract';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { useUpdateProfile } from '../../../lib/profile';
import { toast } from '../../../lib/toast';
import {
  NOTIFICATION_GROUPS,
  type PreferenceState,
  toggleChannel,
  toPreferenceList,
  toPreferenceState,
} from '../lib/notification-preferences';
import '../../../i18n/account';
import { PushCard } from './push-card';

const CHANNELS: readonly NotificationChannel[] = ['email', 'sms'];

/** Per type and channel, grouped as the spec lists them; SMS only for meeting reminders (A9.43, A9.44). */
export function NotificationPreferences({ profile }: { profile: UserProfile }) {
  const { t } = useTranslation();
  const update = useUpdateProfile();
  const [saved, setSaved] = useState(() => toPreferenceState(profile.notificationPreferenceList));
  const [state, setState] = useState<PreferenceState>(saved);
  const dirty = JSON.stringify(state) !== JSON.stringify(saved);

  const save = () =>
    update.mutate(
      { action: 'notifications', notificationPreferenceList: toPreferenceList(state) },
      {
        onSuccess(profile) {
          const next = toPreferenceState(profile.notificationPreferenceList);
          setSaved(next);
          setState(next);
          toast('success', t('account.notifications.saved'));
        },
      },
    );

  const cell = (type: NotificationType, channel: NotificationChannel) => {
    if (!channelsFor(type).includes(channel)) {
      return (
        <Text span c="gray.7">
          <span aria-hidden>—</span>
          <VisuallyHidden>{t('account.notifications.notAvailable')}</VisuallyHidden>
        </Text>
      );
    }
    return (
      <Checkbox
        checked={state[type]?.includes(channel) ?? false}
        onChange={(event) => setState(toggleChannel(state, type, channel, event.currentTarget.checked))}
        aria-label={`${t(`account.notifications.type.${type}`)}: ${t(`account.notifications.channel.${channel}`)}`}
        data-testid={`pref-${type}-${channel}`}
      />
    );
  };

  return (
    <Stack gap="lg">
      <PushCard />
      <Text size="sm" c="gray.7">
        {t('account.notifications.intro')}
      </Text>
      {!profile.channels.sms && (
        <Text size="sm" c="gray.7" data-testid="sms-hint">
          {t('account.notifications.smsNeedsPhone')}
        </Text>
      )}
      {NOTIFICATION_GROUPS.map((group) => (
        <Card
          withBorder
          padding="md"
          key={group.key}
          component="section"
          aria-labelledby={`group-${group.key}`}
        >
          <Title order={2} size="h5" id={`group-${group.key}`} mb="xs">
            {t(`account.notifications.group.${group.key}`)}
          </Title>
          <Table verticalSpacing="xs" layout="fixed" aria-labelledby={`group-${group.key}`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('account.notifications.type.header')}</Table.Th>
                {CHANNELS.map((channel) => (
                  <Table.Th key={channel} w={72} ta="center">
                    {t(`account.notifications.channel.${channel}`)}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {group.types.map((type) => (
                <Table.Tr key={type}>
                  <Table.Td>
                    <Text size="sm">{t(`account.notifications.type.${type}`)}</Text>
                  </Table.Td>
                  {CHANNELS.map((channel) => (
                    <Table.Td key={channel}>
                      <Group justify="center">{cell(type, channel)}</Group>
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Card>
      ))}
      {update.error && (
        <Alert color="red" role="alert">
          {update.error.message || t('common.unknownError')}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" disabled={!dirty || update.isPending} onClick={() => setState(saved)}>
          {t('account.notifications.reset')}
        </Button>
        <Button onClick={save} disabled={!dirty} loading={update.isPending} data-testid="pref-save">
          {t('account.notifications.save')}
        </Button>
      </Group>
    </Stack>
  );
}
