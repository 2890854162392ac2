import { formatDateTime } from '../../../lib/format-date';

/** An event's start and end as `yyyy-LL-dd HH:mm` in the user's zone (A9.33), or the browser's. */
export function formatEventRange(start: string, end: string, zone: string | null | undefined): string {
  const from = formatDateTime(start, zone);
  const to = formatDateTime(end, zone);
  return to && to !== from ? `${from} – ${to}` : from;
}
