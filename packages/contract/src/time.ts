/**
 * Calendar arithmetic the contract needs, on the platform's Intl only: the contract is on the web
 * app's first route, and a date library there would cost ~25 kB gzipped (issue 3 budget).
 */

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `yyyy-LL-dd HH:mm` (A9.33) as UTC → epoch ms, or NaN when it is not a real date and time. */
export function parseUtcWallClock(value: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})$/.exec(value);
  if (!m) return Number.NaN;
  const [y, mo, d, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number];
  const ms = Date.UTC(y, mo - 1, d, h, mi);
  const back = new Date(ms);
  const exact =
    back.getUTCFullYear() === y &&
    back.getUTCMonth() === mo - 1 &&
    back.getUTCDate() === d &&
    h < 24 &&
    mi < 60;
  return exact ? ms : Number.NaN;
}

/** `yyyy-LL-dd` → true when it names a real calendar day. */
export function isIsoDay(value: string): boolean {
  return !Number.isNaN(parseUtcWallClock(`${value} 00:00`));
}

/** Epoch ms → UTC `yyyy-LL-dd HH:mm`. */
export function formatUtcWallClock(ms: number): string {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

const zoneFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * The wall clock of an instant in an IANA zone (`undefined`: the runtime's own) as numbers (year,
 * month, day, hour, minute, second), or null when the zone is unknown.
 */
export function wallClockIn(zone: string | undefined, ms: number): Record<string, number> | null {
  const key = zone ?? '';
  let format = zoneFormatters.get(key);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      });
    } catch {
      return null;
    }
    zoneFormatters.set(key, format);
  }
  const out: Record<string, number> = {};
  for (const part of format.formatToParts(new Date(ms))) {
    if (part.type !== 'literal') out[part.type] = Number(part.value);
  }
  return out;
}

function partsIn(zone: string, ms: number): Record<string, number> {
  const parts = wallClockIn(zone, ms);
  if (!parts) throw new RangeError(`Invalid time zone specified: ${zone}`);
  return parts;
}

/** The local calendar day (`yyyy-LL-dd`) of an instant in an IANA zone. */
export function localDayIn(zone: string, ms: number): string {
  if (!Number.isFinite(ms)) return '';
  const p = partsIn(zone, ms);
  // Four-digit years, as `yyyy-LL-dd` is written (year 999 is 0999).
  return `${pad(p.year ?? 0, 4)}-${pad(p.month ?? 0)}-${pad(p.day ?? 0)}`;
}

/** Offset of `zone` (`undefined`: the runtime's own) from UTC at an instant, in ms. */
export function zoneOffsetAt(zone: string | undefined, ms: number): number {
  const p = zone === undefined ? wallClockIn(undefined, ms) : partsIn(zone, ms);
  if (!p) return Number.NaN;
  const asUtc = Date.UTC(
    p.year ?? 0,
    (p.month ?? 1) - 1,
    p.day ?? 1,
    p.hour ?? 0,
    p.minute ?? 0,
    p.second ?? 0,
  );
  return asUtc - Math.floor(ms / 1000) * 1000;
}

/** Wall-clock `yyyy-LL-dd HH:mm` in an IANA zone → epoch ms (the earlier instant in a DST overlap). */
export function zonedWallClockToUtc(value: string, zone: string): number {
  const naive = parseUtcWallClock(value);
  if (Number.isNaN(naive)) return Number.NaN;
  // Two passes settle on the right offset across a DST change.
  let guess = naive - zoneOffsetAt(zone, naive);
  guess = naive - zoneOffsetAt(zone, guess);
  return guess;
}
