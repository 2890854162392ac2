import { LOCALES, printErrorCodes } from '@foyer/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Catalogue } from '../i18n';
import { i18n } from '../i18n/translator';
import { printErrorText } from './print-error';

const files = import.meta.glob<Catalogue>('../i18n/locales/*/print-errors.json', {
  eager: true,
  import: 'default',
});
const catalogue = (lang: string) =>
  Object.entries(files).find(([path]) => path.includes(`/locales/${lang}/`))?.[1] ?? {};

// What importing the function brought along, before the tests below load every language's texts.
const englishOnImport = i18n.getFixedT('en')('badges.printError.refused');

beforeAll(() => {
  i18n.init({ lng: 'en', resources: Object.fromEntries(LOCALES.map((lang) => [lang, catalogue(lang)])) });
});

describe('why a print failed, in the console and at the check-in desk', () => {
  it('every failure code has its own text in every language the app ships', () => {
    for (const lang of LOCALES) {
      const t = i18n.getFixedT(lang);
      const texts = printErrorCodes.map((code) => printErrorText(t, code, 'English detail'));
      for (const [i, text] of texts.entries()) {
        expect(text, `${lang} ${printErrorCodes[i]}`).not.toBe('English detail');
        expect(text, `${lang} ${printErrorCodes[i]}`).not.toContain('badges.printError');
      }
      expect(new Set(texts).size).toBe(printErrorCodes.length);
    }
    const ru = i18n.getFixedT('ru');
    expect(printErrorText(ru, 'refused', 'x')).not.toBe(printErrorText(i18n.getFixedT('en'), 'refused', 'x'));
  });

  it('brings its English texts along: the check-in desk does not load the console’s catalogue', () => {
    expect(englishOnImport).toBe(catalogue('en')['badges.printError.refused']);
  });

  it('a job failed before codes existed shows its English detail', () => {
    const t = i18n.getFixedT('tr');
    expect(printErrorText(t, null, '10.0.0.9:9100 refused the connection')).toBe(
      '10.0.0.9:9100 refused the connection',
    );
    expect(printErrorText(t, null, null)).toBe('');
  });
});
