import { hidesNavigation, showsFloatingChat } from '@foyer/contract';
import { Center, Container, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { useNotificationsLive } from '../../features/notifications/hooks/use-notifications-live';
import { useBreakpoint } from '../../lib/use-breakpoint';
import { useCurrentEvent } from '../../lib/use-current-event';
import { useInvitationsLive } from './drawers/use-invitations';
import { FloatingChat } from './floating-chat';
import { MobileHeader } from './mobile-header';
import { MobileMenu } from './mobile-menu';
import { navEntries } from './nav-entries';
import { ShellFooter } from './shell-footer';
import classes from './shell-layout.module.css';
import { useShell } from './shell-store';
import { SideNav } from './side-nav';
import { useAfterFirstPaint, useEver } from './use-ever';
import { useShellBadges } from './use-shell-badges';

// Drawers and modals load after the first screen (or when one opens first), not with it.
const ShellDrawers = lazy(async () => ({ default: (await import('./drawers/shell-drawers')).ShellDrawers }));
const ShellModals = lazy(async () => ({ default: (await import('./modals/shell-modals')).ShellModals }));

function PageLoader() {
  const { t } = useTranslation();
  return (
    <Center py="xl">
      <Loader aria-label={t('common.loading')} />
    </Center>
  );
}

/**
 * The signed-in frame (A2.74–A2.88): side navigation on desktop (collapsed on tablet), a hamburger
 * menu on mobile, the page, the footer, the floating chat list and the navigation's drawers.
 */
export function ShellLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const breakpoint = useBreakpoint();
  const event = useCurrentEvent();
  const badges = useShellBadges();
  const idle = useAfterFirstPaint();
  const drawersNeeded = useEver(useShell((state) => state.drawer !== null)) || idle;
  const modalsNeeded =
    useEver(
      useShell((state) => state.modals.includes('inviteParticipant') || state.modals.includes('checkIn')),
    ) || idle;
  useNotificationsLive();
  useInvitationsLive();

  // A2.20: the badges page prints and shows no navigation.
  if (hidesNavigation(pathname)) {
    return (
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
    );
  }

  const mobile = breakpoint === 'mobile';
  const entries = navEntries({
    event,
    mobile,
    notificationsBadge: badges.notifications,
    invitationsBadge: badges.invitations,
  });

  return (
    <div className={classes.shell} data-breakpoint={breakpoint}>
      <a href="#main" className={classes.skip}>
        {t('nav.skip')}
      </a>
      {mobile ? (
        <>
          <MobileHeader badge={badges.mobileMenu} />
          <MobileMenu entries={entries} />
        </>
      ) : (
        <SideNav entries={entries} tablet={breakpoint === 'tablet'} />
      )}
      <div className={classes.body}>
        <main id="main" tabIndex={-1} className={classes.main}>
          <Container size="lg">
            <Suspense fallback={<PageLoader />}>
              <Outlet />
            </Suspense>
          </Container>
        </main>
        <ShellFooter className={classes.footer} />
      </div>
      {showsFloatingChat(pathname) && <FloatingChat compact={mobile} />}
      <Suspense fallback={null}>
        {drawersNeeded && <ShellDrawers />}
        {modalsNeeded && <ShellModals />}
      </Suspense>
    </div>
  );
}
