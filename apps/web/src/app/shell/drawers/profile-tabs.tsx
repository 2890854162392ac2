import { Anchor, Avatar, Button, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconDeviceDesktop, IconDeviceMobile } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../i18n/react';
import { useProfile } from '../../../lib/profile';
import { useSession } from '../../../lib/session-store';
import { isNativeApp } from '../native';
import { useShell } from '../shell-store';
import { localTimezone } from '../timezone/zones';

interface NavigateProps {
  onNavigate(): void;
}

// Its own chunk: the settings tab is rarely opened.
const LanguageSwitcher = lazy(async () => ({
  default: (await import('../../../components/language-switcher')).LanguageSwitcher,
}));

export function photoUrl(path: string | null | undefined): string | null {
  if (!path) return null;
  return /^(https?:|data:|\/)/.test(path) ? path : `/${path}`;
}

export function ProfileTabPanel({ onNavigate }: NavigateProps) {
  const { t } = useTranslation();
  const user = useSession((state) => state.user);
  const profile = useProfile().data;
  const fullName = `${user?.name ?? ''} ${user?.surname ?? ''}`.trim();
  return (
    <Stack gap="md" align="center" ta="center">
      <Avatar
        src={photoUrl(profile?.profilePhotoPath)}
        name={fullName}
        alt=""
        size={96}
        radius={96}
        color="foyer"
      />
      <div>
        <Title order={3}>{fullName}</Title>
        <Text size="sm" c="dimmed">
          {user?.username}
        </Text>
        <Text size="sm" c="dimmed">
          {t('shell.profile.timezone', { zone: user?.timezone ?? localTimezone() })}
        </Text>
      </div>
      <Button component={Link} to="/account/profile" onClick={onNavigate} data-testid="profile-edit">
        {t('shell.profile.edit')}
      </Button>
    </Stack>
  );
}

export function SettingsTab() {
  const { t } = useTranslation();
  const zone = useSession((state) => state.user?.timezone ?? null);
  const openModal = useShell((state) => state.openModal);
  return (
    <Stack gap="lg">
      {/* The switcher carries its own label. */}
      <Suspense fallback={null}>
        <LanguageSwitcher />
      </Suspense>
      <Stack gap="xs">
        <Title order={3} size="h5">
          {t('shell.settings.timezone')}
        </Title>
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm">{zone ?? localTimezone()}</Text>
          <Button
            variant="default"
            size="xs"
            onClick={() => openModal('timezone')}
            data-testid="timezone-change"
          >
            {t('shell.settings.changeTimezone')}
          </Button>
        </Group>
      </Stack>
    </Stack>
  );
}

const ACCOUNT_PAGES = ['profile', 'notifications', 'security', 'connected-emails'] as const;

export function AccountTab({ onNavigate }: NavigateProps) {
  const { t } = useTranslation();
  return (
    <List listStyleType="none" spacing="sm">
      {ACCOUNT_PAGES.map((page) => (
        <List.Item key={page}>
          <Anchor component={Link} to={`/account/${page}`} onClick={onNavigate}>
            {t(`shell.account.${page}`)}
          </Anchor>
        </List.Item>
      ))}
    </List>
  );
}

/** A2.98: device settings: which device this is and where its notifications go. */
export function DevicesTab({ onNavigate }: NavigateProps) {
  const { t } = useTranslation();
  const native = isNativeApp();
  const Icon = native ? IconDeviceMobile : IconDeviceDesktop;
  return (
    <Stack gap="md">
      <Title order={3} size="h5">
        {t('shell.devices.title')}
      </Title>
      <Group wrap="nowrap" align="flex-start">
        <Icon size={28} aria-hidden />
        <div>
          <Text fw={600}>{native ? t('shell.devices.native') : t('shell.devices.browser')}</Text>
          <Text size="sm" c="dimmed">
            {native ? t('shell.devices.nativeText') : t('shell.devices.browserText')}
          </Text>
        </div>
      </Group>
      <Anchor component={Link} to="/account/notifications" onClick={onNavigate} size="sm">
        {t('shell.devices.preferences')}
      </Anchor>
    </Stack>
  );
}
