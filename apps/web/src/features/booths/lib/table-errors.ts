import { MeetingErrorCode, TableErrorCode } from '@foyer/contract';
import type { TFunction } from '../../../i18n/translator';
import { ApiError, isUnreachable } from '../../../lib/api-client';

/** A refused join or heartbeat in the reader's language: a full table (MST-00609), one that is over. */
export function tableErrorText(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === MeetingErrorCode.TableFull) return t('expo.table.error.MST-00609');
    if (error.code === TableErrorCode.TableOver) return t('expo.table.error.MST-00624');
    if (!isUnreachable(error) && error.message) return error.message;
  }
  return t('expo.table.error.generic');
}

/** The server gave the seat away or the table is gone (not a network hiccup): stop the heartbeats. */
export function seatLost(error: unknown): boolean {
  return error instanceof ApiError && [401, 403, 404, 409].includes(error.status);
}
