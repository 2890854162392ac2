/** Local storage keys named by the spec (§3). */
export const LAST_VISITED_EVENT_KEY = 'lastVisitedEvent';
export const LANGUAGE_KEY = 'language';
export const COOKIE_CONSENT_KEY = 'cookieconsent_status';
/**
 * A3.24 `modalUrlFirstOpen`: a detail link (an attendee, session, speaker or booth) a signed-out
 * visitor opened, kept until they have signed in and it has opened: a shared link survives the
 * login page being reloaded or left for the registration and back.
 */
export const MODAL_URL_FIRST_OPEN_KEY = 'modalUrlFirstOpen';
const MODAL_URL = /^\/event\/\d{1,12}\/(speakers|sessions|expo|attendees)\/\d{1,12}$/;

export function rememberModalUrl(path: string): void {
  if (MODAL_URL.test(path)) safely(() => localStorage.setItem(MODAL_URL_FIRST_OPEN_KEY, path));
}

export function readModalUrl(): string | null {
  return safely(() => {
    const path = localStorage.getItem(MODAL_URL_FIRST_OPEN_KEY);
    return path && MODAL_URL.test(path) ? path : null;
  }, null);
}

export function forgetModalUrl(): void {
  safely(() => localStorage.removeItem(MODAL_URL_FIRST_OPEN_KEY));
}

/** A door device's id, name and scan modes: the device's, not the signed-in person's. */
export const DOOR_DEVICE_KEY = 'checkInDevice';

/**
 * The event whose check-in screen this browser tab has open (session storage: this tab only). A
 * door that reloads (a phone's pull to refresh, a crash, a reload without a network) opens its
 * check-in screen again instead of leaving staff on the event's first tab.
 */
const DOOR_OPEN_KEY = 'checkInOpen';

export function rememberDoorOpen(eventId: number): void {
  safely(() => sessionStorage.setItem(DOOR_OPEN_KEY, String(eventId)));
}

export function readDoorOpen(): number | null {
  return safely(() => {
    const id = Number(sessionStorage.getItem(DOOR_OPEN_KEY));
    return Number.isSafeInteger(id) && id > 0 ? id : null;
  }, null);
}

export function forgetDoorOpen(): void {
  safely(() => sessionStorage.removeItem(DOOR_OPEN_KEY));
}

/** Device preferences survive logout; everything else in local storage is session data (A4.05). */
const KEPT_ON_LOGOUT = [LANGUAGE_KEY, COOKIE_CONSENT_KEY, DOOR_DEVICE_KEY];

export interface LastVisitedEvent {
  id: number;
  path: string;
}

export function rememberLastVisitedEvent(id: number): void {
  const value: LastVisitedEvent = { id, path: `/event/${id}/` };
  safely(() => localStorage.setItem(LAST_VISITED_EVENT_KEY, JSON.stringify(value)));
}

export function readLastVisitedEvent(): LastVisitedEvent | null {
  return safely(() => {
    const raw = localStorage.getItem(LAST_VISITED_EVENT_KEY);
    return raw ? (JSON.parse(raw) as LastVisitedEvent) : null;
  }, null);
}

/**
 * Each recent event's default tab below and from MOBILE_MAX_WIDTH, as its tabs configuration and the
 * person's type made them (contract `defaultEventPage`), and the tabs the person can see: the
 * start-up on `/event/{id}` asks for that tab's files before the event's answer is there, and on a
 * tab's address asks for nothing of a tab the person cannot see (lib/read-address.ts). Session data:
 * gone on logout.
 */
export const EVENT_DEFAULT_TABS_KEY = 'eventDefaultTabs';
/** The events whose default tabs are kept, the most recently shown last. */
const DEFAULT_TABS_KEPT = 20;

/**
 * Per event, [id, narrow default, wide default, the tabs the person can see] (a default null: no
 * tab they can see), oldest first. Entries written before the fourth part have three.
 */
export type DefaultTabs = [number, string | null, string | null, string[]?][];

export function readDefaultTabs(): DefaultTabs {
  return safely(() => {
    const value: unknown = JSON.parse(localStorage.getItem(EVENT_DEFAULT_TABS_KEY) ?? '[]');
    // Entries that are not lists are someone else's writing: dropped (readAddress checks the rest).
    return Array.isArray(value) ? (value.filter((entry) => Array.isArray(entry)) as DefaultTabs) : [];
  }, []);
}

export function rememberDefaultTabs(
  eventId: number,
  narrow: string | null,
  wide: string | null,
  visible: readonly string[],
): void {
  const known = readDefaultTabs();
  const last = known.at(-1);
  const same = (tabs: unknown) => Array.isArray(tabs) && tabs.join() === visible.join();
  if (last && last[0] === eventId && last[1] === narrow && last[2] === wide && same(last[3])) return;
  const others = known.filter((entry) => entry[0] !== eventId);
  const kept = [...others, [eventId, narrow, wide, [...visible]]].slice(-DEFAULT_TABS_KEPT);
  safely(() => localStorage.setItem(EVENT_DEFAULT_TABS_KEY, JSON.stringify(kept)));
}

export function clearSessionStorage(): void {
  safely(() => {
    const kept = KEPT_ON_LOGOUT.map((key) => [key, localStorage.getItem(key)] as const);
    localStorage.clear();
    for (const [key, value] of kept) if (value !== null) localStorage.setItem(key, value);
  });
}

function safely<T>(action: () => T, fallback?: T): T {
  try {
    return action();
  } catch {
    // storage unavailable (private mode, quota): behave as if nothing was stored
    return fallback as T;
  }
}
