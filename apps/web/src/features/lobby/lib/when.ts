import { zonedWallClockToUtc } from '@foyer/contract';
import { formatDateTime } from '../../../lib/format-date';

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** A `datetime-local` value (yyyy-MM-ddTHH:mm) meant in the user's zone → ISO instant, or null. */
export function localInputToIso(value: string, zone: string | null | undefined): string | null {
  const ms = zonedWallClockToUtc(value.replace('T', ' '), zone || browserZone());
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

/** An instant as a `datetime-local` value in the user's zone. */
export function isoToLocalInput(iso: string, zone: string | null | undefined): string {
  return formatDateTime(iso, zone || browserZone()).replace(' ', 'T');
}

/** A default publication time: the next full hour. */
export function nextHourIso(now = Date.now()): string {
  const hour = 3_600_000;
  return new Date(Math.ceil((now + 1) / hour) * hour).toISOString();
}
