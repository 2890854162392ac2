import { useEffect } from 'react';
import { CookieBanner } from './cookie-banner';
import { installGlobalErrorReporting } from './error-reporter';
import { OfflineNotice } from './offline-notice';

/** App-wide notices that sit above every screen: network state and cookie consent. */
export function SystemLayer() {
  useEffect(() => installGlobalErrorReporting(), []);
  return (
    <>
      <OfflineNotice />
      <CookieBanner />
    </>
  );
}
