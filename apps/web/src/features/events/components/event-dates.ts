import { DATE_FORMAT } from '@foyer/contract';
import { DateTime } from 'luxon';

/** An event's start and end as `yyyy-LL-dd HH:mm` in the user's zone (A9.33), or the browser's. */
export function formatEventRange(start: string, end: string, zone: string | null | undefined): string {
  const format = (iso: string) => {
    const date = DateTime.fromISO(iso, { zone: zone || 'local' });
    return date.isValid ? date.toFormat(DATE_FORMAT) : '';
  };
  const from = format(start);
  const to = format(end);
  return to && to !== from ? `${from} – ${to}` : from;
}
