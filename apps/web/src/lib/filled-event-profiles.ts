/**
 * A3.24 `filledEventProfileForEvents`: the events whose event profile this browser saw filled in.
 * The event-profile page marks it; the presence check (A4.43) and the mobile back button (A2.84)
 * read it.
 */
export const FILLED_EVENT_PROFILES_KEY = 'filledEventProfileForEvents';

export function readFilledEventProfiles(): number[] {
  try {
    const raw = localStorage.getItem(FILLED_EVENT_PROFILES_KEY);
    const list: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(list) ? list.map(Number).filter(Number.isInteger) : [];
  } catch {
    return [];
  }
}

export function markEventProfileFilled(eventId: number): void {
  const list = readFilledEventProfiles();
  if (list.includes(eventId)) return;
  try {
    localStorage.setItem(FILLED_EVENT_PROFILES_KEY, JSON.stringify([...list, eventId]));
  } catch {
    // storage unavailable: the presence check simply does not ask
  }
}
