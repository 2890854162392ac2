import { DEFAULT_LOCALE, LOCALES } from '@foyer/contract';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * Catalogues are flat dotted keys as the spec names them, one JSON file per area
 * (`locales/<lang>/<area>.json`) so features add keys without touching each other's files.
 */
type Catalogue = Record<string, string>;

function merge(modules: Record<string, Catalogue>): Catalogue {
  return Object.assign({}, ...Object.values(modules));
}

export const en: Catalogue = merge(
  import.meta.glob<Catalogue>('./locales/en/*.json', { eager: true, import: 'default' }),
);

const stored = (() => {
  try {
    return localStorage.getItem('language');
  } catch {
    return null;
  }
})();

void i18n.use(initReactI18next).init({
  resources: { en: { translation: en } },
  lng: stored && (LOCALES as readonly string[]).includes(stored) ? stored : DEFAULT_LOCALE,
  fallbackLng: DEFAULT_LOCALE, // A9.32
  interpolation: { escapeValue: false },
  returnNull: false,
});

export default i18n;
