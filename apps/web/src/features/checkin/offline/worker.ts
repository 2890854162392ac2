import { registerAppWorker } from '../../../lib/web-push';

/**
 * Whether this door's screen can reload and scan without a network: its files are being kept,
 * all are kept, some could not be fetched (the network went meanwhile: kept the next time the
 * screen opens online), or this browser keeps none (no service worker: private mode, plain http
 * on a LAN address, a development build).
 */
export type DoorFilesState = 'keeping' | 'kept' | 'partial' | 'unavailable';

/** How long to wait for the worker's answer before calling the files partly kept. */
const ANSWER_WITHIN_MS = 120_000;

/**
 * Installs the door's service worker (public/sw.js) from the check-in screen, so that screen's page
 * reloads without a network: the app shell (index.html, network first) and the hashed assets
 * (cache first) are kept, API answers never. The worker is asked to keep what this page already
 * loaded and every file the check-in screen may load later (the build's door-files.json: the
 * camera's decoder, the printer's pieces), so the door does not depend on what it happened to open
 * before the network went. One worker per build (its URL names the build, and a new one drops the
 * old build's cache). Only in a production build: Vite's dev server has no hashed assets to keep.
 */
export async function registerDoorWorker(): Promise<DoorFilesState> {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) {
    return 'unavailable';
  }
  let registration: ServiceWorkerRegistration;
  try {
    registration = await registerAppWorker();
  } catch {
    return 'unavailable'; // no worker here: the door works online only
  }
  const worker = registration.active;
  if (!worker) return 'unavailable';
  // What this page already loaded before the worker was there: the shell and its assets.
  const urls = performance
    .getEntriesByType('resource')
    .map((entry) => new URL(entry.name))
    .filter((u) => u.origin === location.origin && u.pathname.startsWith('/assets/'))
    .map((u) => u.pathname);
  const channel = new MessageChannel();
  const answer = new Promise<DoorFilesState>((resolve) => {
    const timer = setTimeout(() => resolve('partial'), ANSWER_WITHIN_MS);
    channel.port1.onmessage = (event: MessageEvent<{ kept?: number; missing?: number }>) => {
      clearTimeout(timer);
      channel.port1.close();
      resolve(event.data.missing === 0 ? 'kept' : 'partial');
    };
  });
  worker.postMessage({ type: 'keep', door: true, urls: ['/', ...new Set(urls)] }, [channel.port2]);
  return answer;
}
