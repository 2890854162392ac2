import { registerAppWorker } from '../../../lib/web-push';

/**
 * Installs the door's service worker (public/sw.js) from the check-in screen, so that screen's page
 * reloads without a network: the app shell (index.html, network first) and the hashed assets
 * (cache first) are kept, API answers never. One worker per build (its URL names the build, and a
 * new one drops the old build's cache). Only in a production build: Vite's dev server has no
 * hashed assets to keep.
 */
export function registerDoorWorker(): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  registerAppWorker()
    .then((registration) => {
      // What this page already loaded before the worker was there: the shell and its assets.
      const urls = performance
        .getEntriesByType('resource')
        .map((entry) => new URL(entry.name))
        .filter((u) => u.origin === location.origin && u.pathname.startsWith('/assets/'))
        .map((u) => u.pathname);
      registration.active?.postMessage({ type: 'keep', urls: ['/', ...new Set(urls)] });
    })
    .catch(() => undefined); // no worker (private mode, http on a LAN address): online only
}
