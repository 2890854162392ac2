/**
 * A3.24 `viewedAttendees`: the people this browser opened, per event, kept locally beside the
 * server's record, so a profile just opened shows as viewed at once (and without a network). Session
 * data: sign-out clears it with the rest of local storage (A4.05).
 */
export const VIEWED_ATTENDEES_KEY = 'viewedAttendees';
/** The newest this many per event are kept; the server's list has the rest. */
export const VIEWED_KEPT_PER_EVENT = 500;

type Viewed = Record<string, number[]>;

/** The stored map with `participantId` added last for `eventId` (once, newest last, capped). */
export function withViewed(stored: string | null, eventId: number, participantId: number): Viewed {
  const all = parseViewed(stored);
  const key = String(eventId);
  const ids = (all[key] ?? []).filter((id) => id !== participantId);
  ids.push(participantId);
  all[key] = ids.slice(-VIEWED_KEPT_PER_EVENT);
  return all;
}

/** The ids stored for `eventId`; anything unreadable counts as none. */
export function viewedIn(stored: string | null, eventId: number): number[] {
  return parseViewed(stored)[String(eventId)] ?? [];
}

function parseViewed(stored: string | null): Viewed {
  try {
    const value: unknown = stored ? JSON.parse(stored) : {};
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
    const out: Viewed = {};
    for (const [key, ids] of Object.entries(value)) {
      if (Array.isArray(ids)) out[key] = ids.filter((id): id is number => Number.isSafeInteger(id) && id > 0);
    }
    return out;
  } catch {
    return {};
  }
}

export function rememberViewed(eventId: number, participantId: number): void {
  try {
    const next = withViewed(localStorage.getItem(VIEWED_ATTENDEES_KEY), eventId, participantId);
    localStorage.setItem(VIEWED_ATTENDEES_KEY, JSON.stringify(next));
  } catch {
    // storage unavailable or full: the server's record still holds it
  }
}

export function readViewed(eventId: number): number[] {
  try {
    return viewedIn(localStorage.getItem(VIEWED_ATTENDEES_KEY), eventId);
  } catch {
    return [];
  }
}
