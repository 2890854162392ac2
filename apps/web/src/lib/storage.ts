/** Local storage keys named by the spec (§3). */
export const LAST_VISITED_EVENT_KEY = 'lastVisitedEvent';
export const LANGUAGE_KEY = 'language';
export const COOKIE_CONSENT_KEY = 'cookieconsent_status';
/** A door device's id, name and scan modes: the device's, not the signed-in person's. */
export const DOOR_DEVICE_KEY = 'checkInDevice';

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
