import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { wallClockIn } from '@foyer/contract/time';
import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadSignedInScreens } from './app/routes';
import { i18nReady } from './i18n';
import { addressedScreen } from './lib/addressed-screen';
import { whenIdle } from './lib/idle';
import { removePreloader } from './lib/preloader';
import { storedTimezone, useSession } from './lib/session-store';

// A stored session opens a signed-in screen. Its frame and an event's area start loading now, beside
// the start-up, instead of once the router has rendered its way to them (routes.tsx).
// It also writes dates in the user's zone, the event header's first: the browser's first zoned
// formatter loads its time-zone data (~90–170 ms of a slow phone's CPU, decision 023). Made at the
// first idle moment, that is a task of its own instead of a part of the header's render; it is not
// free: on a slow phone that moment can fall between the first render's slices and delay the next.
if (useSession.getState().token) {
  preloadSignedInScreens(addressedScreen());
  whenIdle(() => void wallClockIn(storedTimezone() || undefined, Date.now()));
}

/** A9.22: the first commit of the app fades the start-up preloader out (500 ms) and removes it. */
function PreloaderRemoval() {
  useEffect(() => removePreloader(document.getElementById('preloader')), []);
  return null;
}

// The first paint is in the detected language (A9.31; i18n/detect.ts: a stored choice, the event's,
// the browser's); i18nReady never rejects. The first render is a transition, so React renders it in
// slices and the page stays responsive while it mounts.
void i18nReady.then(() => {
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
        <PreloaderRemoval />
      </StrictMode>,
    ),
  );
});
