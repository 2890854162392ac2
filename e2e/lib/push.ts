import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { vi } from 'vitest';
import { baseURL } from './browser';

interface Subscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/**
 * The browser's side of the push service, which lies outside the machine (Chromium's own would be
 * Google's): pushManager.subscribe() and getSubscription() answer with a subscription at the test's
 * loopback push service, kept in localStorage like a browser keeps its own. Everything else is real:
 * the permission prompt (granted), the service worker, the server's VAPID-signed, encrypted push.
 */
export async function fakePushManager(
  context: BrowserContext,
  subscription: Subscription,
  origin = baseURL(),
): Promise<void> {
  await context.grantPermissions(['notifications'], { origin });
  await context.addInitScript((sub: Subscription) => {
    const key = 'e2ePushSubscription';
    const make = () => ({
      endpoint: sub.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: null },
      getKey: () => null,
      toJSON: () => ({ endpoint: sub.endpoint, expirationTime: null, keys: sub.keys }),
      unsubscribe: async () => {
        localStorage.removeItem(key);
        return true;
      },
    });
    if (typeof PushManager === 'undefined') return;
    PushManager.prototype.subscribe = async function subscribe() {
      localStorage.setItem(key, '1');
      return make() as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async function getSubscription() {
      return (localStorage.getItem(key) ? make() : null) as unknown as PushSubscription | null;
    };
  }, subscription);
}

/**
 * Hands a push's payload to the service worker of the page's origin, as the push service would
 * (DevTools protocol). The DevTools session stays attached until the caller detaches it, once the
 * push has been handled: detached at once, one push in 8 was never shown on a loaded machine;
 * attached, none in 22 (a hint, not a proof).
 */
async function deliverToWorker(page: Page, data: unknown): Promise<CDPSession> {
  // A push handed to a registration whose worker is still installing is dropped: wait until the
  // page's registration has an activated worker (its install fetches the app shell, slow under load).
  await page.waitForFunction(
    async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return registration?.active?.state === 'activated';
    },
    undefined,
    { timeout: 15_000, polling: 100 },
  );
  const cdp = await page.context().newCDPSession(page);
  const origin = new URL(page.url()).origin;
  const registrationId = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no service worker registration')), 15_000);
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const found = registrations.find((r) => r.scopeURL.startsWith(origin) && !r.isDeleted);
      if (found) {
        clearTimeout(timer);
        resolve(found.registrationId);
      }
    });
    void cdp.send('ServiceWorker.enable');
  });
  await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data: JSON.stringify(data) });
  return cdp;
}

/** The notifications the service worker is showing. */
export function shownNotifications(
  page: Page,
): Promise<{ title: string; body: string; tag: string; url: string }[]> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const shown = await registration.getNotifications();
    return shown.map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      url: String((n.data as { url?: string } | null)?.url ?? ''),
    }));
  });
}

type Shown = Awaited<ReturnType<typeof shownNotifications>>;

/**
 * Hands a push to the service worker and waits until the worker shows a notification titled as the
 * push; the notifications shown then. DevTools' delivery answers before the worker has the push and
 * reports nothing after (its callback is a no-op), so a push dropped on a loaded machine (seen in
 * CI, and with two browser files beside a busy core) would be invisible: if none shows within 5 s,
 * the push is handed over again, as a push
 * service retries a message it could not deliver, and stderr says so with the worker's state. A
 * worker that never shows it still fails the test.
 */
export async function deliverUntilShown(page: Page, data: { title: string }, tries = 3): Promise<Shown> {
  for (let attempt = 1; ; attempt++) {
    const cdp = await deliverToWorker(page, data);
    try {
      return await vi.waitFor(
        async () => {
          const shown = await shownNotifications(page);
          if (!shown.some((n) => n.title === data.title)) throw new Error(`"${data.title}" is not shown`);
          return shown;
        },
        { timeout: 5_000, interval: 200 },
      );
    } catch (error) {
      if (attempt >= tries) throw error;
      const worker = await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        return {
          active: registration?.active?.state,
          waiting: registration?.waiting?.state,
          installing: registration?.installing?.state,
          permission: Notification.permission,
        };
      });
      console.warn(
        `The push "${data.title}" was not shown 5 s after delivery ${attempt}, worker ${JSON.stringify(worker)}: delivering it again`,
      );
    } finally {
      await cdp.detach().catch(() => undefined);
    }
  }
}
