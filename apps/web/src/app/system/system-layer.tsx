import { useEffect } from 'react';
import { ErrorListView } from './error-list-view';
import { installGlobalErrorReporting } from './error-reporter';
import { OfflineNotice } from './offline-notice';

/**
 * App-wide notices that sit above every screen: network state and stored API errors. The cookie
 * banner is rendered before the screens instead (app.tsx), first in the tab order.
 */
export function SystemLayer() {
  useEffect(() => installGlobalErrorReporting(), []);
  return (
    <>
      <OfflineNotice />
      <ErrorListView />
    </>
  );
}
