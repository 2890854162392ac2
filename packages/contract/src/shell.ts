import { z } from 'zod';
import { MOBILE_MAX_WIDTH, PRESENCE_RECONFIRM_MS } from './constants';
import { DEFAULT_ALLOWED_TABS, type EventTab, type EventType, isEventFinished } from './event-rules';

/**
 * Pure rules of the application shell: event landing tabs, navigation visibility, the mobile back
 * target, the presence and timezone checks, and readable event colours. The web decides with these;
 * tests pin them to the requirement IDs.
 */

// ---- event landing tabs (A2.67–A2.73) -----------------------------------------------------------

/** The pages of the event area, as they appear in the URL (/event/{id}/{page}). */
export const EVENT_AREA_PAGES = ['attendees', 'sessions', 'expo', 'speakers', 'venueMap', 'lobby'] as const;
export const eventAreaPageSchema = z.enum(EVENT_AREA_PAGES);
export type EventAreaPage = z.infer<typeof eventAreaPageSchema>;

/** A2.67: the name a tab is shown (and routed) under; booth, partner and sponsor all show as expo. */
export const EVENT_TAB_PAGE: Record<EventTab, EventAreaPage> = {
  participant: 'attendees',
  agenda: 'sessions',
  booth: 'expo',
  partner: 'expo',
  sponsor: 'expo',
  speakers: 'speakers',
  venueMap: 'venueMap',
  lobby: 'lobby',
};

const isKnownTab = (tab: string): tab is EventTab =>
  (DEFAULT_ALLOWED_TABS as readonly string[]).includes(tab);

/** A2.71: the event's own tab list (unknown names dropped), or the default set when it names none. */
export function allowedEventTabs(event: { tabs?: readonly string[] | null }): EventTab[] {
  const own = (event.tabs ?? []).filter(isKnownTab);
  return own.length > 0 ? [...new Set(own)] : [...DEFAULT_ALLOWED_TABS];
}

export interface TabAudience {
  tabs?: readonly string[] | null;
  /** Participant type id → the tabs that type may see. */
  limitTabs?: Readonly<Record<string, readonly string[]>> | null;
  me?: { organizer: boolean; typeId: number | null } | null;
  /** A2.71: null hides the venue map tab (no map uploaded); left out, the tab stays as listed. */
  venueMap?: unknown;
}

/**
 * A2.72, A2.73: organizers see every allowed tab; with limitTabs a non-organizer sees only the tabs
 * listed for their participant type. A type the organizer did not list is not limited (the setting
 * restricts the types it names), so a new type never lands on an empty event.
 */
export function visibleEventTabs(event: TabAudience): EventTab[] {
  const allowed = allowedEventTabs(event).filter((tab) => tab !== 'venueMap' || event.venueMap !== null);
  if (!event.limitTabs || event.me?.organizer) return allowed;
  const typeId = event.me?.typeId;
  const listed = typeId === null || typeId === undefined ? undefined : event.limitTabs[String(typeId)];
  if (!listed) return allowed;
  return allowed.filter((tab) => listed.includes(tab));
}

/** The visible tabs as area pages, in order, once each (sponsor, partner and booth share expo). */
export function visibleEventPages(event: TabAudience): EventAreaPage[] {
  return [...new Set(visibleEventTabs(event).map((tab) => EVENT_TAB_PAGE[tab]))];
}

/**
 * A2.68–A2.70: the tabs configuration's first tab wins; otherwise lobby under 767 px and attendees
 * (participant) from there up. A default the caller may not see falls back to the first visible page.
 */
export function defaultEventPage(
  event: TabAudience & { tabsConfig?: { tabs?: readonly string[] } | null },
  width: number,
): EventAreaPage | null {
  const pages = visibleEventPages(event);
  const configured = event.tabsConfig?.tabs?.find(isKnownTab);
  const wanted = configured
    ? EVENT_TAB_PAGE[configured]
    : width < MOBILE_MAX_WIDTH
      ? 'lobby'
      : EVENT_TAB_PAGE.participant;
  return pages.includes(wanted) ? wanted : (pages[0] ?? null);
}

// ---- navigation ---------------------------------------------------------------------------------

/** A2.78: the pages (first path segment, or event sub-page) that show the last-visited event card. */
const LAST_VISITED_CARD_SECTIONS = [
  'account',
  'notifications',
  'my-agenda',
  'chat',
  'invitations',
  'contacts',
];

export function showsLastVisitedCard(pathname: string): boolean {
  const parts = pathname.split('/').filter(Boolean);
  if (parts[0] === 'event') return parts[2] === 'event-profile';
  return parts[0] !== undefined && LAST_VISITED_CARD_SECTIONS.includes(parts[0]);
}

/** A2.20: the badges page prints and shows no navigation. */
export function hidesNavigation(pathname: string): boolean {
  return /^\/event\/[^/]+\/badges\/?$/.test(pathname);
}

/** A2.80: the floating chat list shows everywhere but the full-size chat. */
export function showsFloatingChat(pathname: string): boolean {
  return !/^\/chat(\/|$)/.test(pathname);
}

/**
 * A2.84: the mobile menu's back button returns to the last visited event when its event profile
 * was filled, else to the event list.
 */
export function mobileBackTarget(
  lastVisited: { id: number; path: string } | null,
  filledEventProfiles: readonly number[],
): string {
  return lastVisited && filledEventProfiles.includes(lastVisited.id) ? lastVisited.path : '/event/list';
}

/**
 * A2.83: inside an event area the header links to the personal agenda (going "back" would stay on
 * the same event); everywhere else it shows the back button.
 */
export function mobileHeaderAction(pathname: string): 'back' | 'myAgenda' {
  const parts = pathname.split('/').filter(Boolean);
  const inEventArea =
    parts[0] === 'event' && parts[1] !== 'list' && parts[1] !== undefined && parts[2] !== 'event-profile';
  return inEventArea ? 'myAgenda' : 'back';
}

/** A6.07: check-in staff see the check-in entry while the event is not finished. */
export function canSeeCheckIn(
  event: { isFinished?: boolean; realEdt: string | Date; me: { checkInAdmin: boolean } | null },
  now: Date = new Date(),
): boolean {
  return event.me?.checkInAdmin === true && !isEventFinished(event, now);
}

/** A6.06: the inviteparticipant right (organizers hold every right). */
export function canInviteParticipant(event: {
  me: { organizer: boolean; rights: Readonly<Record<string, boolean>> } | null;
}): boolean {
  return event.me !== null && (event.me.organizer || event.me.rights.inviteparticipant === true);
}

/**
 * A2.79: chat is hidden for one configured event and one configured host (deployment settings;
 * none by default).
 */
export function isChatHidden(
  context: { eventId: number | null; host: string },
  hidden: { eventId?: number | null; host?: string | null },
): boolean {
  if (hidden.eventId != null && context.eventId === hidden.eventId) return true;
  return !!hidden.host && context.host.toLowerCase() === hidden.host.toLowerCase();
}

// ---- presence confirmation (A4.41–A4.45) --------------------------------------------------------

export const presenceValues = ['venue', 'online'] as const;
export const presenceSchema = z.enum(presenceValues);
export type Presence = z.infer<typeof presenceSchema>;

/** PUT /api/v1/event/:eventId/presence. */
export const presenceRequest = z.strictObject({
  present: z.enum(presenceValues, { error: 'validation.error.option' }),
});
export type PresenceRequest = z.infer<typeof presenceRequest>;

/** GET and PUT /api/v1/event/:eventId/presence answer this. */
export const presenceStateSchema = z.object({
  present: presenceSchema.nullable(),
  /** ISO 8601; null when never confirmed. */
  lastPresenceConfirmTime: z.string().nullable(),
});
export type PresenceState = z.infer<typeof presenceStateSchema>;

export interface PresenceCheckInput {
  event: { eventType: EventType; isFinished?: boolean; realEdt: string | Date };
  lastPresenceConfirmTime: string | null;
  eventProfileFilled: boolean;
  onEventProfilePage: boolean;
  now: Date;
}

/**
 * A4.41–A4.44: ask on hybrid, unfinished events when the last confirmation is over 24 hours old, the
 * event profile was filled and the user is not on the event-profile page.
 */
export function needsPresenceConfirmation(input: PresenceCheckInput): boolean {
  if (input.event.eventType !== 'hybrid' || isEventFinished(input.event, input.now)) return false;
  if (!input.eventProfileFilled || input.onEventProfilePage) return false;
  if (input.lastPresenceConfirmTime === null) return true;
  const last = Date.parse(input.lastPresenceConfirmTime);
  return Number.isNaN(last) || input.now.getTime() - last > PRESENCE_RECONFIRM_MS;
}

// ---- timezone check (A4.23–A4.27) ---------------------------------------------------------------

export const timezoneCheckSchema = z.union([
  z.object({ action: z.literal('none') }),
  z.object({ action: z.literal('setLocalAndAsk'), localTimezone: z.string() }),
  z.object({ action: z.literal('ask') }),
]);
export type TimezoneCheck = z.infer<typeof timezoneCheckSchema>;

export function timezoneCheck(input: {
  userTimezone: string | null;
  localTimezone: string;
  skipped?: { userTimezone: string; localTimezone: string } | null;
}): TimezoneCheck {
  const { userTimezone, localTimezone, skipped } = input;
  if (!userTimezone) return { action: 'setLocalAndAsk', localTimezone };
  if (userTimezone === localTimezone) return { action: 'none' };
  // A4.27: the user already said "keep it" for exactly this pair.
  if (skipped && skipped.userTimezone === userTimezone && skipped.localTimezone === localTimezone) {
    return { action: 'none' };
  }
  return { action: 'ask' };
}

// ---- readable event colours (A1.11) -------------------------------------------------------------

/** `#rgb` or `#rrggbb` to [r, g, b] in 0–255; null for anything else. */
export function parseHexColor(color: string): [number, number, number] | null {
  const hex = color.trim().replace(/^#/, '');
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  if (!/^[0-9a-f]{6}$/i.test(full)) return null;
  return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

export function toHexColor([r, g, b]: readonly [number, number, number]): string {
  return `#${[r, g, b]
    .map((v) =>
      Math.round(Math.min(255, Math.max(0, v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** WCAG 2.1 relative luminance. */
export function relativeLuminance(rgb: readonly [number, number, number]): number {
  const [r, g, b] = rgb.map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const ca = parseHexColor(a);
  const cb = parseHexColor(b);
  if (!ca || !cb) return 1;
  const [hi, lo] = [relativeLuminance(ca), relativeLuminance(cb)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Mixes `color` toward `target` by `amount` (0 = color, 1 = target). */
export function mixHexColors(color: string, target: string, amount: number): string {
  const a = parseHexColor(color);
  const b = parseHexColor(target);
  if (!a || !b) return color;
  return toHexColor(a.map((v, i) => v + ((b[i] as number) - v) * amount) as [number, number, number]);
}

/** AA for normal text. */
export const AA_CONTRAST = 4.5;

/** White or near-black, whichever reads better on `background`. */
export function readableTextColor(background: string): '#ffffff' | '#1a1b1e' {
  return contrastRatio(background, '#ffffff') >= contrastRatio(background, '#1a1b1e') ? '#ffffff' : '#1a1b1e';
}

/** The colour darkened in small steps until white text on it (and it as text on white) passes AA. */
export function darkenUntilReadable(color: string, against = '#ffffff'): string {
  if (!parseHexColor(color)) return color;
  let shade = color;
  for (let step = 1; step <= 20 && contrastRatio(shade, against) < AA_CONTRAST; step++) {
    shade = mixHexColors(color, '#000000', step * 0.05);
  }
  return shade;
}

// ---- public client configuration ------------------------------------------------------------------

/**
 * GET /api/v1/client-config: what the web app learns from the server at run time, public by nature
 * (no sign-in). `sentryDsn` is SENTRY_DSN (A2.64) or null when crash reports are off.
 */
export const clientConfigSchema = z.object({
  sentryDsn: z.string().nullable(),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;

/**
 * A1.18: the name of the meta tag the server writes the live-support widget's script address into
 * (VITE_SUPPORT_WIDGET_URL when it starts), read by the web app before the build's own value.
 */
export const SUPPORT_WIDGET_META = 'foyer-support-widget';

/** GET /api/v1/health: `mail: 'outbox'` means e-mail is not delivered (no SMTP_URL, docs/decisions/006). */
export const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  mail: z.enum(['smtp', 'outbox']),
});
export type Health = z.infer<typeof healthSchema>;
