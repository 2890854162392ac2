import { Avatar, Group, Text, UnstyledButton } from '@mantine/core';
import { HoverTip } from '../../components/hover-tip';
import { useTranslation } from '../../i18n/react';
import { useProfile } from '../../lib/profile';
import { useSession } from '../../lib/session-store';
import { photoUrl } from './drawers/profile-tabs';
import { useShell } from './shell-store';

/** The signed-in person at the top of the navigation; opens the profile drawer (A2.75). */
export function UserBlock({ collapsed = false }: { collapsed?: boolean }) {
  const { t } = useTranslation();
  const user = useSession((state) => state.user);
  const photo = photoUrl(useProfile().data?.profilePhotoPath);
  const openDrawer = useShell((state) => state.openDrawer);
  const drawerOpen = useShell((state) => state.drawer === 'profile');
  if (!user) return null;
  const fullName = `${user.name} ${user.surname}`.trim();
  const avatar = <Avatar src={photo} name={fullName} alt="" radius="xl" color="foyer" aria-hidden />;
  const open = () => openDrawer('profile');
  if (collapsed) {
    return (
      <HoverTip label={fullName} position="right" withArrow>
        <UnstyledButton
          onClick={open}
          aria-label={t('shell.profile.open', { name: fullName })}
          aria-haspopup="dialog"
          aria-expanded={drawerOpen}
          data-testid="nav-profile"
          data-drawer-opener="profile"
        >
          {avatar}
        </UnstyledButton>
      </HoverTip>
    );
  }
  return (
    <UnstyledButton
      onClick={open}
      aria-haspopup="dialog"
      aria-expanded={drawerOpen}
      p="xs"
      w="100%"
      style={{ borderRadius: 'var(--mantine-radius-md)' }}
      data-testid="nav-profile"
      data-drawer-opener="profile"
    >
      <Group wrap="nowrap" gap="sm">
        {avatar}
        <div style={{ minWidth: 0 }}>
          <Text size="sm" fw={600} truncate="end" data-testid="user-name">
            {fullName}
          </Text>
          <Text size="xs" c="dimmed" truncate="end">
            {t('shell.profile.subtitle')}
          </Text>
        </div>
      </Group>
    </UnstyledButton>
  );
}
