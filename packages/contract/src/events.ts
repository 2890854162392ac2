import { z } from 'zod';
import { EVENT_FINISHED_AFTER_MS } from './constants';

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

export interface ParticipantType {
  id: number;
  name: string;
  priority: number;
  maxMeetingCount: number | null;
}

export interface EventImages {
  logo: string | null;
  banner: string | null;
  side_banner: string | null;
}

/** A3.13: the caller's own participant record. */
export interface EventMe {
  id: number;
  typeId: number | null;
  boothId: number | null;
  organizer: boolean;
  organizerRole: string | null;
  profilePhoto: string | null;
  checkInAdmin: boolean;
  rights: Record<string, boolean>;
}

/** A3.05–A3.11, the shell's view of an event. */
export interface EventSummary {
  id: number;
  name: string;
  description: string;
  eventType: EventType;
  defaultLanguage: string;
  timezone: string;
  domain: string | null;
  startDate: string;
  realSdt: string;
  realEdt: string;
  updatedAt: string;
  isFinished: boolean;
  images: EventImages;
  colors: Record<string, string>;
  me: EventMe | null;
}

export interface EventDetails extends EventSummary {
  pages: { login: string | null };
  categories: { id: number; name: string }[];
  participantTypes: ParticipantType[];
  tabs: string[];
  limitTabs: Record<string, string[]> | null;
  tabsConfig: { tabs?: string[] } | null;
  indexPagePath: string;
}

/** A3.12. */
export interface DomainDetails {
  id: number;
  publicEvent: boolean;
  indexPagePath: string;
  useTicketIdForSignup: boolean;
}

/** A4.11: an event counts as finished one day after its real end (or when flagged finished). */
export function isEventFinished(
  event: { isFinished?: boolean; realEdt: string | Date },
  now: Date = new Date(),
): boolean {
  if (event.isFinished) return true;
  const end = typeof event.realEdt === 'string' ? Date.parse(event.realEdt) : event.realEdt.getTime();
  return now.getTime() > end + EVENT_FINISHED_AFTER_MS;
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

export const eventIdParams = z.strictObject({
  eventId: z.coerce.number().int().positive().max(2_147_483_647),
});
