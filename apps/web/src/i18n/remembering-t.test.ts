import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { rememberingTranslators } from './remembering-t';

async function instance() {
  const i18n = i18next.createInstance();
  await i18n.init({
    resources: {
      en: {
        translation: {
          'a.close': 'Close',
          'a.count_one': '{{count}} thing',
          'a.count_other': '{{count}} things',
        },
      },
      es: { translation: { 'a.close': 'Cerrar' } },
    },
    lng: 'en',
    fallbackLng: 'en',
    keySeparator: false,
    nsSeparator: false,
  });
  let calls = 0;
  // Counts the calls that reach i18next (untyped: TFunction's overloads are too deep to spell here).
  const getFixedT = i18n.getFixedT.bind(i18n) as unknown as (lng: string) => (...a: unknown[]) => string;
  const counting = (lng: string) => {
    const t = getFixedT(lng);
    return (...a: unknown[]) => {
      calls++;
      return t(...a);
    };
  };
  i18n.getFixedT = counting as unknown as typeof i18n.getFixedT;
  return { i18n, calls: () => calls };
}

describe('rememberingTranslators', () => {
  it('answers a key alone from what it kept, per language, until a catalogue is added', async () => {
    const { i18n, calls } = await instance();
    const translatorIn = rememberingTranslators(i18n);
    const t = translatorIn('en');
    expect(translatorIn('en')).toBe(t);
    expect(t('a.close' as never)).toBe('Close');
    expect(t('a.close' as never)).toBe('Close');
    expect(calls()).toBe(1);
    expect(translatorIn('es')('a.close' as never)).toBe('Cerrar');
    expect(calls()).toBe(2);

    i18n.addResourceBundle('en', 'translation', { 'a.close': 'Shut' }, true, true);
    expect(t('a.close' as never)).toBe('Shut');
    expect(calls()).toBe(3);
  });

  it('translates a text with options every time', async () => {
    const { i18n, calls } = await instance();
    const t = rememberingTranslators(i18n)('en');
    expect(t('a.count' as never, { count: 1 })).toBe('1 thing');
    expect(t('a.count' as never, { count: 3 })).toBe('3 things');
    expect(calls()).toBe(2);
  });
});
