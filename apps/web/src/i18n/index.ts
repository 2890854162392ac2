import { DEFAULT_LOCALE, type Locale } from '@foyer/contract';
import { LANGUAGE_KEY } from '../lib/storage';
import { isLocale, pickLanguage } from './detect';
import { type Catalogue, i18n } from './translator';

export { isLocale } from './detect';

/**
 * Catalogues are flat dotted keys as the spec names them, one JSON file per area
 * (`locales/<lang>/<area>.json`) so features add keys without touching each other's files.
 * English ships in the main bundle (it is the fallback, A9.32); tr, ru and es are fetched when
 * chosen (A9.31), each area file as its own small chunk.
 */
export type { Catalogue } from './translator';

/** Each language named in itself, for the switcher. */
export const LANGUAGE_NAMES: Record<Locale, string> = {
  en: 'English',
  tr: 'Türkçe',
  ru: 'Русский',
  es: 'Español',
};

function merge(modules: Record<string, Catalogue>): Catalogue {
  return Object.assign({}, ...Object.values(modules));
}

/**
 * The areas every first screen needs ship in the main bundle in English. A feature area's English
 * file (agenda, meetings, engagement, …) is registered by that feature's own lazy chunk with
 * `addCatalogue` (see `features/<area>/i18n.ts`), so the first route does not carry its texts; the
 * account area loads with the screens that use it (`i18n/account.ts`).
 */
export const CORE_AREAS = ['access', 'shell', 'system'] as const;

export const en: Catalogue = merge(
  import.meta.glob<Catalogue>(
    ['./locales/en/access.json', './locales/en/shell.json', './locales/en/system.json'],
    { eager: true, import: 'default' },
  ),
);

/** Adds a feature area's catalogue for one language (English from the feature's chunk). */
export function addCatalogue(lang: Locale, catalogue: Catalogue): void {
  i18n.addCatalogue(lang, catalogue);
}

const lazyFiles = import.meta.glob<Catalogue>(['./locales/*/*.json', '!./locales/en/*.json'], {
  import: 'default',
});

const loaded = new Set<Locale>([DEFAULT_LOCALE]);

async function loadCatalogue(lang: Locale): Promise<void> {
  if (loaded.has(lang)) return;
  const prefix = `./locales/${lang}/`;
  const parts = await Promise.all(
    Object.entries(lazyFiles)
      .filter(([path]) => path.startsWith(prefix))
      .map(([, load]) => load()),
  );
  i18n.addCatalogue(lang, Object.assign({}, ...parts));
  loaded.add(lang);
}

function readStoredLanguage(): Locale | null {
  try {
    const stored = localStorage.getItem(LANGUAGE_KEY);
    return isLocale(stored) ? stored : null;
  } catch {
    return null;
  }
}

/** The default language of the event whose pages are open; null elsewhere. */
let eventLanguage: Locale | null = null;

/** The language to show now: stored choice > event default > browser > English (see detect.ts). */
export function currentLanguage(): Locale {
  return pickLanguage({
    stored: readStoredLanguage(),
    event: eventLanguage,
    browser: typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]),
  });
}

async function show(lang: Locale): Promise<void> {
  await loadCatalogue(lang);
  i18n.changeLanguage(lang);
}

/** Loads the language if needed, switches to it, and remembers the choice on this device. */
export async function changeLanguage(lang: Locale): Promise<void> {
  await show(lang);
  try {
    localStorage.setItem(LANGUAGE_KEY, lang);
  } catch {
    // storage unavailable: the choice lasts for this visit only
  }
}

/**
 * On an event's pages its default language applies unless the person chose one (null when leaving
 * them). Never rejects: a catalogue that cannot be fetched leaves the language as it is.
 */
export async function setEventLanguage(lang: string | null): Promise<void> {
  eventLanguage = isLocale(lang) ? lang : null;
  const target = currentLanguage();
  try {
    await loadCatalogue(target);
    // A later call (another event, a choice) may have settled the language while this one loaded.
    if (currentLanguage() === target) i18n.changeLanguage(target);
  } catch {
    // offline: keep the language on screen
  }
}

i18n.on('languageChanged', (lang) => {
  document.documentElement.lang = lang;
});

i18n.addCatalogue(DEFAULT_LOCALE, en); // A9.32: the fallback

/**
 * Resolves once the first language is ready (the stored choice, else the browser's first bundled
 * one), so the first paint is already in it. Never rejects: if a catalogue cannot be fetched the
 * app starts in English.
 */
export const i18nReady: Promise<void> = (async () => {
  const lang = currentLanguage();
  if (lang === DEFAULT_LOCALE) {
    document.documentElement.lang = DEFAULT_LOCALE;
    return;
  }
  try {
    await show(lang);
  } catch {
    document.documentElement.lang = DEFAULT_LOCALE;
  }
})();

export default i18n;
