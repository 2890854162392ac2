import type { PrintErrorCode } from '@foyer/contract';
import en from '../i18n/locales/en/print-errors.json';
import { i18n, type TFunction } from '../i18n/translator';

// Shared by the console's print queue and printers and the check-in desk: the reasons' English texts
// travel with whichever of their lazy chunks loads first, not with the first route (see i18n/index.ts).
// The translator itself, not i18n/index.ts: that one sets the page's language, which needs a document.
i18n.addCatalogue('en', en);

/**
 * Why a badge print failed, in the user's language: the server's stable code
 * (`badges.printError.<code>`), else (a job failed before codes existed) its English detail.
 */
export function printErrorText(t: TFunction, code: PrintErrorCode | null, detail: string | null): string {
  if (code) return t(`badges.printError.${code}`, { defaultValue: detail ?? '' });
  return detail ?? '';
}
