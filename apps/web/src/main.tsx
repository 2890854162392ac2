import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { wallClockIn } from '@foyer/contract/time';
import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadSignedInScreens } from './app/routes';
import i18n, { i18nReady } from './i18n';
import { useTranslation } from './i18n/react';
import { addressedScreen } from './lib/addressed-screen';
import { removePreloader } from './lib/preloader';
import { storedTimezone, useSession } from './lib/session-store';

// A stored session opens a signed-in screen. Its frame and an event's area start loading now, beside
// the start-up, instead of once the router has rendered its way to them (routes.tsx).
// It also writes dates in the user's zone, the event header's first: the browser's first date
// formatter loads its time-zone data (~50 ms on this machine, ~220 ms at Lighthouse's 4× CPU
// slowdown, decision 023). Made here, it runs while the first answers and the screens' files are on
// their way (app.tsx has asked for them) instead of inside the header's render. An idle callback did
// not do: a loading page has no idle moment, and it ran after the header.
if (useSession.getState().token) {
  preloadSignedInScreens(addressedScreen());
  wallClockIn(storedTimezone() || undefined, Date.now());
}

/**
 * A9.22: the first commit of the app fades the start-up preloader out (500 ms) and removes it. Its
 * label is written in the app's language as it starts fading (A9.31): the start-up script that
 * writes it first is asynchronous, and on a busy machine the app can render before it has run, which
 * left index.html's English label on a Turkish page for the fade's half second.
 */
function PreloaderRemoval() {
  const { t } = useTranslation();
  useEffect(() => {
    const preloader = document.getElementById('preloader');
    const label = preloader?.querySelector('.label');
    if (label) {
      label.textContent = t('system.preloader');
      label.setAttribute('lang', i18n.language);
    }
    removePreloader(preloader);
  }, [t]);
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
