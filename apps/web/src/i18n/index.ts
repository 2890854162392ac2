import { DEFAULT_LOCALE, LOCALES } from '@foyer/contract';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './locales/en.json';

export const resources = { en: { translation: en } } as const;

const stored = (() => {
  try {
    return localStorage.getItem('language');
  } catch {
    return null;
  }
})();

void i18n.use(initReactI18next).init({
  resources,
  lng: stored && (LOCALES as readonly string[]).includes(stored) ? stored : DEFAULT_LOCALE,
  fallbackLng: DEFAULT_LOCALE, // A9.32
  interpolation: { escapeValue: false },
  returnNull: false,
});

export default i18n;
