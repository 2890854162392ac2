import { MeetingErrorCode } from '@foyer/contract';
import type { TFunction } from '../../../i18n/translator';
import { ApiError } from '../../../lib/api-client';

type MeetingCode = (typeof MeetingErrorCode)[keyof typeof MeetingErrorCode];
const KNOWN = new Set<string>(Object.values(MeetingErrorCode));
const isMeetingCode = (code: string): code is MeetingCode => KNOWN.has(code);

/** A failed schedule call in the user's language: our codes have texts (E4.22, E8.28), others the server's. */
export function meetingErrorText(t: TFunction, error: unknown): string {
  if (error instanceof ApiError && isMeetingCode(error.code)) {
    return t(`meetings.error.${error.code}`, { max: error.fields?.maxMeetingCount ?? '' });
  }
  return error instanceof Error ? error.message : String(error);
}
