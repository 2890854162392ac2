import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { i18nReady } from './i18n';
import { removePreloader } from './lib/preloader';
import { useSession } from './lib/session-store';

// A stored session opens a signed-in screen: its frame (the shell chunk) starts loading now, beside
// the start-up, instead of once the router has rendered its way to it.
if (useSession.getState().token) void import('./app/shell/shell-layout');

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
