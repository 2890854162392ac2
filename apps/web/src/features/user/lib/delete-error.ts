import { ErrorCode } from '@foyer/contract';
import type { TFunction } from '../../../i18n/translator';
import { ApiError } from '../../../lib/api-client';

/** An event that needs another owner before the account can go (A4.34). */
export interface EventToHandOver {
  id: number;
  name: string;
  /** Its console's people page, where an organizer is made an owner. */
  href: string;
}

/**
 * A4.34: the events a refused deletion names (`fields`: `events.{id}` → name), in the server's
 * order; empty for any other failure.
 */
export function eventsToHandOver(error: Error | null): EventToHandOver[] {
  if (!(error instanceof ApiError) || error.code !== ErrorCode.SoleEventOwner) return [];
  return Object.entries(error.fields ?? {}).flatMap(([key, name]) => {
    const id = Number(/^events\.(\d+)$/.exec(key)?.[1]);
    return Number.isSafeInteger(id) && id > 0 ? [{ id, name, href: `/organizer/${id}/people` }] : [];
  });
}

/** The delete-account failure in the user's language; the server's own words when it has no key. */
export function deleteErrorText(error: Error, t: TFunction): string {
  if (error instanceof ApiError && error.code === ErrorCode.NotAuthorized)
    return t('account.delete.wrongPassword');
  if (error instanceof ApiError && error.code === ErrorCode.SoleEventOwner) {
    return t('account.delete.soleOwner', { count: Math.max(eventsToHandOver(error).length, 1) });
  }
  return error.message || t('common.unknownError');
}
