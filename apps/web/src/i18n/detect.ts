import { DEFAULT_LOCALE, LOCALES, type Locale } from '@foyer/contract';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * The first of the browser's languages (navigator.languages, most preferred first) that the app
 * has, by primary subtag: "tr-TR" → tr, "es-419" → es. Null when none is bundled (A9.31).
 */
export function browserLanguage(languages: readonly string[]): Locale | null {
  for (const tag of languages) {
    const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
    if (isLocale(primary)) return primary;
  }
  return null;
}

export interface LanguageSources {
  /** What the person chose on this device (local storage `language`). */
  stored: string | null;
  /** The event's default language, on that event's pages (A3.05 defaultLanguage). */
  event: string | null;
  /** navigator.languages. */
  browser: readonly string[];
}

/**
 * The language the app shows: the person's own choice, else the event's default language on its
 * pages, else the browser's first bundled language, else English (A9.32).
 */
export function pickLanguage({ stored, event, browser }: LanguageSources): Locale {
  if (isLocale(stored)) return stored;
  if (isLocale(event)) return event;
  return browserLanguage(browser) ?? DEFAULT_LOCALE;
}
