/** Times of sessions and agenda items in the user's zone (Intl only, no date library). */

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
