import type { UserProfile } from '@foyer/contract';
import { Avatar, Button, Card, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCamera } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { LanguageSwitcher } from '../../../components/language-switcher';
import { useTranslation } from '../../../i18n/react';
import { ProfileForm } from './profile-form';
import '../../../i18n/account';

// The photo modal pulls in the dropzone and its styles: load them only when it opens.
const PhotoModal = lazy(async () => ({ default: (await import('./photo-modal')).PhotoModal }));

export function initials(profile: Pick<UserProfile, 'name' | 'surname'>): string {
  return `${profile.name.charAt(0)}${profile.surname.charAt(0)}`.toUpperCase();
}

/** Profile: photo, personal details and this device's settings (A2.97, A2.98). */
export function ProfileTab({ profile }: { profile: UserProfile }) {
  const { t } = useTranslation();
  const [photoOpen, photo] = useDisclosure(false);
  return (
    <Stack gap="lg">
      <Card withBorder padding="lg">
        <Group gap="lg" wrap="nowrap" align="center">
          <Avatar
            src={profile.profilePhotoPath}
            alt={t('account.photo.alt')}
            size={88}
            radius={88}
            color="foyer"
            data-testid="profile-photo"
          >
            {initials(profile)}
          </Avatar>
          <Stack gap={6} style={{ minWidth: 0 }}>
            <Text fw={600} size="lg" truncate="end">
              {`${profile.name} ${profile.surname}`}
            </Text>
            <Text size="sm" c="gray.7" truncate="end">
              {profile.username}
            </Text>
            <Button
              variant="light"
              size="xs"
              leftSection={<IconCamera size={16} aria-hidden />}
              onClick={photo.open}
              w="fit-content"
              data-testid="photo-open"
            >
              {t('account.photo.change')}
            </Button>
          </Stack>
        </Group>
        <Divider my="lg" />
        <ProfileForm profile={profile} />
      </Card>
      <Card withBorder padding="lg" component="section" aria-labelledby="device-settings-title">
        <Title order={2} size="h4" id="device-settings-title" mb={4}>
          {t('account.device.title')}
        </Title>
        <Text size="sm" c="gray.7" mb="md">
          {t('account.device.text')}
        </Text>
        <LanguageSwitcher maw={280} />
      </Card>
      {photoOpen && (
        <Suspense fallback={null}>
          <PhotoModal opened onClose={photo.close} />
        </Suspense>
      )}
    </Stack>
  );
}
