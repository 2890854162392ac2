import { MeetingErrorCode } from '@foyer/contract';
import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/api-client';

const KNOWN = new Set<string>(Object.values(MeetingErrorCode));

/** A failed schedule call in the user's language: our codes have texts (E4.22, E8.28), others the server's. */
export function meetingErrorText(t: TFunction, error: unknown): string {
  if (error instanceof ApiError && KNOWN.has(error.code)) {
    return t(`meetings.error.${error.code}`, { max: error.fields?.maxMeetingCount ?? '' });
  }
  return error instanceof Error ? error.message : String(error);
}
