import { ActionIcon, Button, Divider, Image, Text } from '@mantine/core';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand, IconLogout } from '@tabler/icons-react';
import { Link } from 'react-router';
import { HoverTip } from '../../components/hover-tip';
import { useLogout } from '../../features/auth/hooks/use-logout';
import { useTranslation } from '../../i18n/react';
import { LastVisitedCard } from './last-visited-card';
import type { NavEntry } from './nav-entries';
import { NavList } from './nav-list';
import { useShell } from './shell-store';
import classes from './side-nav.module.css';
import { UserBlock } from './user-block';

interface Props {
  entries: NavEntry[];
  /** Tablet (A2.81): starts collapsed to icons and can be expanded. */
  tablet: boolean;
}

/** A2.74: the desktop side navigation. */
export function SideNav({ entries, tablet }: Props) {
  const { t } = useTranslation();
  const { logout, isPending } = useLogout();
  const expanded = useShell((state) => state.mainMenuExpanded);
  const setExpanded = useShell((state) => state.setMainMenuExpanded);
  const collapsed = tablet && !expanded;

  return (
    <nav
      className={classes.nav}
      data-collapsed={collapsed || undefined}
      aria-label={t('nav.main')}
      data-testid="side-nav"
    >
      <Link to="/event/list" className={classes.brand} aria-label={collapsed ? t('app.name') : undefined}>
        <Image src="/favicon.svg" alt="" w={32} h={32} />
        {!collapsed && (
          <Text fw={800} size="lg">
            {t('app.name')}
          </Text>
        )}
      </Link>
      {tablet && (
        <HoverTip label={collapsed ? t('nav.expand') : t('nav.collapse')} position="right">
          <ActionIcon
            variant="subtle"
            color="dark"
            size={36}
            onClick={() => setExpanded(!expanded)}
            aria-label={collapsed ? t('nav.expand') : t('nav.collapse')}
            aria-expanded={!collapsed}
            data-testid="nav-toggle"
          >
            {collapsed ? (
              <IconLayoutSidebarLeftExpand size={20} aria-hidden />
            ) : (
              <IconLayoutSidebarLeftCollapse size={20} aria-hidden />
            )}
          </ActionIcon>
        </HoverTip>
      )}
      <UserBlock collapsed={collapsed} />
      <Divider w="100%" />
      <NavList entries={entries} collapsed={collapsed} />
      {!collapsed && <LastVisitedCard />}
      <div className={classes.grow} />
      {collapsed ? (
        <HoverTip label={t('nav.signOut')} position="right">
          <ActionIcon
            variant="subtle"
            color="dark"
            size={44}
            onClick={logout}
            loading={isPending}
            aria-label={t('nav.signOut')}
            data-testid="sign-out"
          >
            <IconLogout size={22} aria-hidden />
          </ActionIcon>
        </HoverTip>
      ) : (
        <Button
          variant="subtle"
          color="dark"
          justify="flex-start"
          leftSection={<IconLogout size={20} aria-hidden />}
          onClick={logout}
          loading={isPending}
          fullWidth
          data-testid="sign-out"
        >
          {t('nav.signOut')}
        </Button>
      )}
    </nav>
  );
}
