import type { Locale, PushSubscriptionRequest } from '@foyer/contract';
import { LOCALES } from '@foyer/contract';
import { api } from './api-client';

/**
 * Web Push in this browser (issue 15): the service worker (public/sw.js) receives the pushes and
 * shows them; this module asks for the permission, subscribes with the server's VAPID key and
 * tells the server, or undoes all that. The server decides what is pushed (the person's muted
 * topics); the browser only holds the subscription.
 */
export type PushState =
  /** No service worker or Push API (an iPhone outside a home-screen app, an old browser, http). */
  | 'unsupported'
  /** The person said no to notifications for this site: only the browser's settings can undo it. */
  | 'denied'
  | 'off'
  | 'on';

const supported = () =>
  typeof window !== 'undefined' &&
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  'Notification' in window &&
  window.isSecureContext;

/** The app's service worker: the same script as the door's (one worker per origin and scope). */
export function registerAppWorker(): Promise<ServiceWorkerRegistration> {
  const url = `/sw.js?build=${encodeURIComponent(__BUILD_TIME__)}`;
  return navigator.serviceWorker.register(url, { scope: '/' }).then(() => navigator.serviceWorker.ready);
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

export async function pushState(): Promise<PushState> {
  if (!supported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  if (Notification.permission !== 'granted') return 'off';
  return (await currentSubscription()) ? 'on' : 'off';
}

/** A VAPID public key (base64url) as the bytes pushManager.subscribe wants. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

const asLocale = (language: string): Locale | undefined =>
  LOCALES.find((l) => language.toLowerCase().startsWith(l));

/** Asks for the permission (from a click), subscribes and tells the server. */
export async function enablePush(publicKey: string, language: string): Promise<PushState> {
  if (!supported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'denied';
  if (permission !== 'granted') return 'off';
  const registration = await registerAppWorker();
  const existing = await registration.pushManager.getSubscription();
  const subscription =
    existing ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(publicKey),
    }));
  const json = subscription.toJSON() as Omit<PushSubscriptionRequest, 'language'>;
  const locale = asLocale(language);
  await api('/user/push/subscription', {
    method: 'PUT',
    body: {
      endpoint: json.endpoint,
      expirationTime: json.expirationTime ?? null,
      keys: json.keys,
      ...(locale ? { language: locale } : {}),
    },
  });
  return 'on';
}

/** Stops pushes to this browser: the server forgets it and the browser drops the subscription. */
export async function disablePush(): Promise<void> {
  if (!supported()) return;
  const subscription = await currentSubscription();
  if (!subscription) return;
  await api(`/user/push/subscription?endpoint=${encodeURIComponent(subscription.endpoint)}`, {
    method: 'DELETE',
  }).catch(() => undefined); // gone already: the browser's unsubscribe below is what counts
  await subscription.unsubscribe();
}
