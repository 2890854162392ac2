import type { EventDetails } from '@foyer/contract';

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

/**
 * Issue 15: the events whose profile wizard this browser has already been sent to on arrival. A
 * newcomer lands on the wizard once; leaving it unfinished is allowed, and the event opens normally
 * after that (until the next sign-in, which clears local storage).
 */
export const WIZARD_OFFERED_KEY = 'wizardOfferedForEvents';

export function wasWizardOffered(eventId: number): boolean {
  try {
    const list: unknown = JSON.parse(localStorage.getItem(WIZARD_OFFERED_KEY) ?? '[]');
    return Array.isArray(list) && list.map(Number).includes(eventId);
  } catch {
    return true; // storage unavailable: never send anyone round in circles
  }
}

export function markWizardOffered(eventId: number): void {
  try {
    const list: unknown = JSON.parse(localStorage.getItem(WIZARD_OFFERED_KEY) ?? '[]');
    const ids = Array.isArray(list) ? list.map(Number).filter(Number.isInteger) : [];
    if (!ids.includes(eventId)) localStorage.setItem(WIZARD_OFFERED_KEY, JSON.stringify([...ids, eventId]));
  } catch {
    // storage unavailable: wasWizardOffered says yes
  }
}

/**
 * Issue 15: a first-time visitor lands on the event-profile wizard, not on the directory: an attendee
 * of a running event whose profile was never finished (A4.43) and is not complete either (an imported
 * or seeded profile with its 5 points is left alone). Staff and organizers go straight in. Once per
 * browser and sign-in: whoever leaves the wizard unfinished opens the event normally after that.
 */
export function needsWizard(
  event: Pick<EventDetails, 'id' | 'me' | 'isFinished'>,
  filledHere: readonly number[],
): boolean {
  const me = event.me;
  if (!me || me.organizer || me.checkInAdmin || event.isFinished) return false;
  return !me.profileFilled && !me.profileComplete && !filledHere.includes(event.id);
}
