import { useEffect } from 'react';
import { CookieBanner } from './cookie-banner';
import { ErrorListView } from './error-list-view';
import { installGlobalErrorReporting } from './error-reporter';
import { OfflineNotice } from './offline-notice';

/** App-wide notices that sit above every screen: network state, stored API errors, cookie consent. */
export function SystemLayer() {
  useEffect(() => installGlobalErrorReporting(), []);
  return (
    <>
      <OfflineNotice />
      <ErrorListView />
      <CookieBanner />
    </>
  );
}
