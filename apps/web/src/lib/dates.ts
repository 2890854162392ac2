import { DATE_FORMAT } from '@foyer/contract';
import { DateTime } from 'luxon';

/**
 * The one way the app writes a moment: `yyyy-LL-dd HH:mm` (A9.33) in the user's time zone, or the
 * browser's when the profile has none. Empty for a missing or unreadable date.
 */
export function formatDateTime(iso: string | null | undefined, zone?: string | null): string {
  if (!iso) return '';
  const date = DateTime.fromISO(iso, { zone: zone || 'local' });
  return date.isValid ? date.toFormat(DATE_FORMAT) : '';
}
