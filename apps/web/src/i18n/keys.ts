import { i18n } from './translator';
import type { TranslationKey } from './types';

export type { EnglishCatalogue, TranslationKey } from './types';

/**
 * For message keys that arrive as plain strings at run time (a zod issue message, a field error
 * from the server): true when the loaded catalogue has the key, so it can be passed to `t`.
 */
export function isTranslationKey(key: string): key is TranslationKey {
  return i18n.exists(key);
}

/** The text of such a message: the catalogue's when it has the key, else the string itself (as `t` would). */
export function messageText(
  t: (key: TranslationKey, options?: Record<string, unknown>) => string,
  message: string,
  options?: Record<string, unknown>,
): string {
  return isTranslationKey(message) ? t(message, options) : message;
}

/**
 * For a message that names its field ("{{name}} is required") shown where no label is at hand:
 * its `.unnamed` wording ("This field is required") when the catalogue has one, so the text never
 * shows a bare placeholder or an internal field name.
 */
export function unnamedMessage(message: string): string {
  const key = `${message}.unnamed`;
  return isTranslationKey(key) ? key : message;
}
