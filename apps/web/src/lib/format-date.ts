import { wallClockIn, zoneOffsetAt } from '@foyer/contract/time';
import { useTranslation } from '../i18n/react';
import { useSession } from './session-store';

/*
 * The app's one date formatter (issue 15: dates were formatted three ways). A moment as data is
 * `yyyy-LL-dd HH:mm` (A9.33, formatDateTime); times, days and long dates are Intl in the reader's
 * language and time zone, through one cache of Intl.DateTimeFormat. Intl only: a date library would
 * cost ~20 kB gzipped on every signed-in screen.
 */

/** `2025-03-09T22:30:00Z`, `2025-03-09T22:30:00.000+03:00`, `2025-03-09T22:30`, `2025-03-09`. */
const ISO_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:[.,]\d+)?)?)?(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

/** Offset in ms of `Z`, `+03:00`, `+0300` or `-05`. */
function offsetMs(offset: string): number {
  if (offset.toUpperCase() === 'Z') return 0;
  const sign = offset.startsWith('-') ? -1 : 1;
  const digits = offset.slice(1).replace(':', '');
  return sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4) || '0')) * 60_000;
}

const pad = (n: number | undefined) => String(n ?? 0).padStart(2, '0');

/**
 * The one way the app writes a moment: `yyyy-LL-dd HH:mm` (A9.33) in the user's time zone, or the
 * browser's when the profile has none. Empty for a missing or unreadable date. A time without an
 * offset is a wall-clock time in that zone. Intl only: a date library would cost ~20 kB gzipped on
 * every signed-in screen.
 */
export function formatDateTime(iso: string | null | undefined, zone?: string | null): string {
  if (!iso) return '';
  const m = ISO_DATE_TIME.exec(iso.trim());
  if (!m) return '';
  const [y, mo, d, h, mi, s] = m.slice(1, 7).map((part) => Number(part ?? 0)) as number[];
  const wall = Date.UTC(y ?? 0, (mo ?? 1) - 1, d ?? 1, h ?? 0, mi ?? 0, s ?? 0);
  // A real calendar day; 24:00 is the next midnight (as ISO 8601 has it).
  const day = new Date(Date.UTC(y ?? 0, (mo ?? 1) - 1, d ?? 1));
  const midnight = h === 24 && mi === 0 && s === 0;
  if (
    day.getUTCMonth() !== (mo ?? 1) - 1 ||
    day.getUTCDate() !== d ||
    ((h ?? 0) > 23 && !midnight) ||
    (mi ?? 0) > 59
  ) {
    return '';
  }
  const tz = zone || undefined;
  if (!wallClockIn(tz, wall)) return '';
  const offset = m[7];
  let ms: number;
  if (offset) {
    ms = wall - offsetMs(offset);
  } else {
    // Wall-clock time in the zone: two passes settle on the right offset across a DST change.
    ms = wall - zoneOffsetAt(tz, wall);
    ms = wall - zoneOffsetAt(tz, ms);
  }
  const p = wallClockIn(tz, ms);
  return p ? `${p.year}-${pad(p.month)}-${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)}` : '';
}

// ---- times, days and dates in the reader's language ------------------------------------------
const cache = new Map<string, Intl.DateTimeFormat>();

function formatter(locale: string, zone: string, options: Intl.DateTimeFormatOptions) {
  const key = `${locale}|${zone}|${JSON.stringify(options)}`;
  let f = cache.get(key);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat(locale, { ...options, timeZone: zone });
    } catch {
      f = new Intl.DateTimeFormat(locale, options); // an unknown zone: the device's
    }
    cache.set(key, f);
  }
  return f;
}

/** HH:mm of an instant in `zone`. */
export function formatTime(iso: string, zone: string, locale: string): string {
  return formatter(locale, zone, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    new Date(iso),
  );
}

/** "09:30 – 10:30". */
export function formatTimeRange(sdt: string, edt: string, zone: string, locale: string): string {
  return `${formatTime(sdt, zone, locale)} – ${formatTime(edt, zone, locale)}`;
}

/** A day of the selector (`yyyy-LL-dd`) as "Wed, 25 Nov". */
export function formatDay(day: string, locale: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  return formatter(locale, 'UTC', { weekday: 'short', day: 'numeric', month: 'short' }).format(date);
}

/** The day of an instant in `zone`, long: "Wednesday, 25 November 2026". */
export function formatLongDate(iso: string, zone: string, locale: string): string {
  return formatter(locale, zone, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(
    new Date(iso),
  );
}

/** The device's zone, the fallback when the profile has none. */
export function deviceZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** The user's time zone (profile, else the device's) and the language to format in. */
export function useZone(): { zone: string; locale: string } {
  const zone = useSession((s) => s.user?.timezone) || deviceZone();
  const { i18n } = useTranslation();
  return { zone, locale: i18n.language || 'en' };
}
