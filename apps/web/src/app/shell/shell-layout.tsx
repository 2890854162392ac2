import { hidesNavigation, showsFloatingChat } from '@foyer/contract';
import { Center, Container, Loader } from '@mantine/core';
import { type ReactNode, Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { ActingBanner } from '../../features/auth/components/act-as';
import { useChatLive } from '../../features/chat/hooks/use-chat-live';
import { useNotificationsLive } from '../../features/notifications/hooks/use-notifications-live';
import { useTranslation } from '../../i18n/react';
import { focusPageHeading } from '../../lib/focus';
import { quietLazy } from '../../lib/quiet-lazy';
import { useBreakpoint } from '../../lib/use-breakpoint';
import { useCurrentEvent } from '../../lib/use-current-event';
import { useInvitationsLive } from './drawers/use-invitations';
import { MobileHeader } from './mobile-header';
import { navEntries } from './nav-entries';
import { ShellFooter } from './shell-footer';
import classes from './shell-layout.module.css';
import { useShell } from './shell-store';
import { SideNav } from './side-nav';
import { useAfterFirstPaint, useEver, useFirstIdle } from './use-ever';
import { useProfileLive } from './use-profile';
import { useShellBadges } from './use-shell-badges';

// Drawers and modals load after the first screen (or when one opens first), not with it.
// A file that cannot be fetched (the network gone meanwhile) leaves them out until it is back.
const ShellDrawers = quietLazy(async () => (await import('./drawers/shell-drawers')).ShellDrawers);
const ShellModals = quietLazy(async () => (await import('./modals/shell-modals')).ShellModals);
// So are the phone's menu (a Drawer) and the floating chat (a Popover): with the tooltips (HoverTip)
// and the cards' menus, they are what brought Mantine's overlays and floating-ui into the frame's file.
const MobileMenu = quietLazy(async () => (await import('./mobile-menu')).MobileMenu);
const FloatingChat = quietLazy(async () => (await import('./floating-chat')).FloatingChat);

function PageLoader() {
  const { t } = useTranslation();
  return (
    <Center py="xl">
      <Loader aria-label={t('common.loading')} />
    </Center>
  );
}

/**
 * The navigation's drawers and modals (the phone's menu among them), mounted closed once the first
 * screen is done or the person first presses a key or pointer (or when one is first opened). Each
 * mounts a portal, whose set-up in the first screen's commit would run every effect of the page at
 * once in that commit's task, before the screen is painted. A component of its own: waiting for the
 * first screen follows every request's start and end, which must not render the whole frame again
 * each time.
 */
function ShellPanels({ mobileMenu }: { mobileMenu: ReactNode }) {
  const idle = useAfterFirstPaint();
  const menuNeeded = useEver(useShell((state) => state.mobileMenuOpen)) || idle;
  const drawersNeeded = useEver(useShell((state) => state.drawer !== null)) || idle;
  const modalsNeeded =
    useEver(
      useShell((state) => state.modals.includes('inviteParticipant') || state.modals.includes('checkIn')),
    ) || idle;
  return (
    <Suspense fallback={null}>
      {menuNeeded && mobileMenu}
      {drawersNeeded && <ShellDrawers />}
      {modalsNeeded && <ShellModals />}
    </Suspense>
  );
}

/**
 * A2.80: keeps the chat caches live for the navigation's badges from the first idle moment, and shows
 * the floating chat list once the first screen is done (or at the first press), as the drawers: its
 * file and the Popover's are then not fetched while the page still waits for its own.
 */
function FloatingChatSpot({ compact }: { compact: boolean }) {
  useChatLive();
  const later = useAfterFirstPaint();
  if (!later) return null;
  return (
    <Suspense fallback={null}>
      <FloatingChat compact={compact} />
    </Suspense>
  );
}

/**
 * The signed-in frame (A2.74–A2.88): side navigation on desktop (collapsed on tablet), a hamburger
 * menu on mobile, the page, the footer, the floating chat list and the navigation's drawers.
 */
export function ShellLayout() {
  const { t } = useTranslation();
  const location = useLocation();
  const { pathname } = location;
  const breakpoint = useBreakpoint();
  const event = useCurrentEvent();
  // The frame's own reads wait for the browser's first idle moment: the page's come first.
  const idle = useFirstIdle();
  const badges = useShellBadges(idle);
  useNotificationsLive(idle);
  useInvitationsLive();
  useProfileLive();

  // WCAG 2.4.3: a navigation that dropped focus (the login, an event opened from the list) puts it
  // on the new page's heading; the first load of the app (key "default") starts at the top as usual.
  const main = useRef<HTMLElement>(null);
  const firstLoad = location.key === 'default';
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs for each new page (its path)
  useEffect(() => {
    if (firstLoad || !main.current) return;
    return focusPageHeading(main.current);
  }, [pathname, firstLoad]);

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
        <MobileHeader badge={badges.mobileMenu} />
      ) : (
        <SideNav entries={entries} tablet={breakpoint === 'tablet'} />
      )}
      <div className={classes.body}>
        <ActingBanner />
        <main
          ref={main}
          id="main"
          tabIndex={-1}
          className={classes.main}
          data-floating-chat={showsFloatingChat(pathname) || undefined}
        >
          <Container size="lg">
            <Suspense fallback={<PageLoader />}>
              <Outlet />
            </Suspense>
          </Container>
        </main>
        <ShellFooter className={classes.footer} />
      </div>
      {showsFloatingChat(pathname) && idle && <FloatingChatSpot compact={mobile} />}
      <ShellPanels mobileMenu={mobile ? <MobileMenu entries={entries} /> : null} />
    </div>
  );
}
