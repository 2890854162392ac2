import { EVENT_FINISHED_AFTER_MS } from './constants';

/**
 * Event rules that need no schema (types, tabs, finished or not): the signed-in frame and the event's
 * tabs use them without loading the validation library; the schemas are in event.ts.
 */

export const eventTypes = ['normal', 'online', 'hybrid'] as const; // A1.08
export type EventType = (typeof eventTypes)[number];

/** A2.71: tabs allowed when the event says nothing. */
export const DEFAULT_ALLOWED_TABS = [
  'participant',
  'agenda',
  'venueMap',
  'speakers',
  'sponsor',
  'partner',
  'booth',
  'lobby',
] as const;
export type EventTab = (typeof DEFAULT_ALLOWED_TABS)[number];

/** A4.11: an event counts as finished one day after its real end (or when flagged finished). */
export function isEventFinished(
  event: { isFinished?: boolean; realEdt: string | Date },
  now: Date = new Date(),
): boolean {
  if (event.isFinished) return true;
  const end = typeof event.realEdt === 'string' ? Date.parse(event.realEdt) : event.realEdt.getTime();
  return now.getTime() > end + EVENT_FINISHED_AFTER_MS;
}

/** Registration takes people while the organizer keeps it open and the event is not finished. */
export function isRegistrationOpen(
  event: { registrationOpen: boolean; isFinished?: boolean; realEdt: string | Date },
  now: Date = new Date(),
): boolean {
  return event.registrationOpen && !isEventFinished(event, now);
}

/** A4.10, A1.05: split the event list into active and past. */
export function partitionEvents<T extends { isFinished?: boolean; realEdt: string | Date }>(
  events: readonly T[],
  now: Date = new Date(),
): { active: T[]; past: T[] } {
  const active: T[] = [];
  const past: T[] = [];
  for (const event of events) (isEventFinished(event, now) ? past : active).push(event);
  return { active, past };
}
