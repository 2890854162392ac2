import { DRAWER_CLOSE_MS, mobileBackTarget, mobileHeaderAction } from '@foyer/contract';
import { Avatar, Button, Divider, Drawer, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconArrowLeft, IconCalendarEvent, IconLogout } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { useLogout } from '../../features/auth/hooks/use-logout';
import { useTranslation } from '../../i18n/react';
import { readFilledEventProfiles } from '../../lib/filled-event-profiles';
import { useSession } from '../../lib/session-store';
import { readLastVisitedEvent } from '../../lib/storage';
import { LastVisitedCard } from './last-visited-card';
import classes from './mobile-header.module.css';
import type { NavEntry } from './nav-entries';
import { NavList } from './nav-list';
import { useShell } from './shell-store';

/** A2.82–A2.84: the hamburger menu, with back (or my agenda) at the top. */
export function MobileMenu({ entries }: { entries: NavEntry[] }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const user = useSession((state) => state.user);
  const opened = useShell((state) => state.mobileMenuOpen);
  const setOpen = useShell((state) => state.setMobileMenu);
  const { logout, isPending } = useLogout();
  const close = () => setOpen(false);
  const action = mobileHeaderAction(pathname);
  const fullName = user ? `${user.name} ${user.surname}`.trim() : '';

  return (
    <Drawer
      opened={opened}
      onClose={close}
      position="left"
      size="min(100%, 360px)"
      title={t('nav.menu')}
      transitionProps={{ duration: DRAWER_CLOSE_MS, exitDuration: DRAWER_CLOSE_MS }}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="sm" data-testid="mobile-menu">
        <div className={classes.menuHead}>
          {action === 'back' ? (
            <Button
              component={Link}
              to={mobileBackTarget(readLastVisitedEvent(), readFilledEventProfiles())}
              onClick={close}
              variant="default"
              size="xs"
              leftSection={<IconArrowLeft size={16} aria-hidden />}
              data-testid="mobile-menu-back"
            >
              {t('nav.back')}
            </Button>
          ) : (
            <Button
              component={Link}
              to="/my-agenda"
              onClick={close}
              variant="default"
              size="xs"
              leftSection={<IconCalendarEvent size={16} aria-hidden />}
              data-testid="mobile-menu-agenda"
            >
              {t('nav.myAgenda')}
            </Button>
          )}
        </div>
        <UnstyledButton
          component={Link}
          to="/account/profile"
          onClick={close}
          p="xs"
          data-testid="mobile-menu-profile"
        >
          <Group wrap="nowrap" gap="sm">
            <Avatar name={fullName} alt="" radius="xl" color="foyer" />
            <div style={{ minWidth: 0 }}>
              <Text size="sm" fw={600} truncate="end">
                {fullName}
              </Text>
              <Text size="xs" c="dimmed" truncate="end">
                {user?.username}
              </Text>
            </div>
          </Group>
        </UnstyledButton>
        <Divider />
        <NavList entries={entries} onUse={close} />
        <LastVisitedCard onNavigate={close} />
        <Divider />
        <Button
          variant="subtle"
          color="dark"
          justify="flex-start"
          leftSection={<IconLogout size={20} aria-hidden />}
          onClick={logout}
          loading={isPending}
          data-testid="mobile-sign-out"
        >
          {t('nav.signOut')}
        </Button>
      </Stack>
    </Drawer>
  );
}
