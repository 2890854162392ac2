import type { PrintErrorCode } from '@foyer/contract';
import type { TFunction } from '../../../i18n/translator';

/**
 * Why a badge print failed, in the user's language: the server's stable code
 * (`badges.printError.<code>`), else (a job failed before codes existed) its English detail.
 */
export function printErrorText(t: TFunction, code: PrintErrorCode | null, detail: string | null): string {
  if (code) return t(`badges.printError.${code}`, { defaultValue: detail ?? '' });
  return detail ?? '';
}
