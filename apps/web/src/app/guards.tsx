import { Center, Loader } from '@mantine/core';
import { useDeferredValue, useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useTranslation } from '../i18n/react';
import { eventIndexPath, useDomainInfo } from '../lib/domain';
import type { ReturnState } from '../lib/return-state';
import { type LoginState, useSession } from '../lib/session-store';
import { forgetModalUrl, readModalUrl, rememberModalUrl } from '../lib/storage';

export function FullPageLoader() {
  const { t } = useTranslation();
  return (
    <Center mih="100vh" component="main">
      <Loader aria-label={t('common.loading')} data-testid="page-loader" />
    </Center>
  );
}

/**
 * The profile's answer flips the session's status in a store, an update React renders at once and
 * whole: the signed-in screen it opens (frame, header, tab) would be one long task. Entering
 * `loggedIn` is rendered from a deferred copy instead, in an interruptible pass that yields to the
 * browser, the loader staying meanwhile; leaving it (signing out) applies at once, so no signed-in
 * screen renders without its user.
 */
function useSignedInDeferred(status: LoginState): LoginState {
  const deferred = useDeferredValue(status);
  return status === 'loggedIn' && deferred !== 'loggedIn' ? 'loading' : status;
}

/** A2.30: anonymous users go to /login once the profile has loaded, remembering where they were. */
export function RequireAuth() {
  const status = useSignedInDeferred(useSession((state) => state.status));
  const location = useLocation();
  // A3.24: the remembered detail link has done its work once it is open.
  useEffect(() => {
    if (status === 'loggedIn' && readModalUrl() === location.pathname) forgetModalUrl();
  }, [status, location.pathname]);
  if (status === 'loading') return <FullPageLoader />;
  if (status === 'loggedOut') {
    rememberModalUrl(location.pathname);
    const state: ReturnState = { from: location };
    return <Navigate to="/login" replace state={state} />;
  }
  return <Outlet />;
}

/**
 * A2.31–A2.33: logged-in users leave the login and registration screens for where a guard sent them
 * from, else the domain's event home, else the event list.
 */
export function PublicOnly() {
  const status = useSession((state) => state.status);
  const location = useLocation();
  const { info, isLoading } = useDomainInfo();
  if (status === 'loading') return <FullPageLoader />;
  if (status === 'loggedOut') return <Outlet />;
  if (isLoading) return <FullPageLoader />;
  // A personal invitation link opened while logged in: take it into this account (decision 015).
  const invite =
    location.pathname === '/registration' ? new URLSearchParams(location.search).get('invite') : null;
  if (invite) return <Navigate to={`/accept-invitation?invite=${encodeURIComponent(invite)}`} replace />;
  const from = (location.state as ReturnState | null)?.from;
  const detail = readModalUrl(); // A3.24: a detail link opened before signing in
  const target = from
    ? `${from.pathname}${from.search}${from.hash}`
    : detail
      ? detail
      : info
        ? eventIndexPath(info)
        : '/event/list';
  return <Navigate to={target} replace />;
}
