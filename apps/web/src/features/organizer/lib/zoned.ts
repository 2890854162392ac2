import { DateTime } from 'luxon';

/** `yyyy-MM-ddTHH:mm` as a datetime-local input holds it, for an instant seen in `zone`. */
export function toLocalInput(iso: string, zone: string): string {
  const dt = DateTime.fromISO(iso, { zone });
  return dt.isValid ? dt.toFormat("yyyy-LL-dd'T'HH:mm") : '';
}

/** The instant a datetime-local value means in `zone`, as ISO with offset; null when not a valid time. */
export function fromLocalInput(value: string, zone: string): string | null {
  if (!value) return null;
  const dt = DateTime.fromISO(value, { zone });
  return dt.isValid ? dt.toUTC().toISO() : null;
}

/** Every IANA zone the browser knows, for pickers (falls back to a short list on old browsers). */
export function timeZones(): string[] {
  const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
  return (
    intl.supportedValuesOf?.('timeZone') ?? ['UTC', 'Europe/London', 'Europe/Istanbul', 'America/New_York']
  );
}
