import type { i18n as I18n, TFunction } from 'i18next';

/**
 * Translate functions, one per language, that keep the texts they translated from a key alone.
 * i18next spends ~15 µs on each call (it copies its whole options object into every one), and a
 * directory's cards ask for the same labels hundreds of times; a text with options (a count, a name)
 * is translated each time. A catalogue added or removed (a feature's chunk, another language) may
 * change any text: the kept ones go then.
 */
export function rememberingTranslators(instance: I18n): (lng: string) => TFunction {
  const texts = new Map<string, Map<string, string>>();
  const forget = () => texts.clear();
  instance.store.on('added', forget);
  instance.store.on('removed', forget);
  const translators = new Map<string, TFunction>();

  function remembering(lng: string): TFunction {
    // TFunction's overloads (keys typed from the catalogue) cannot be re-declared for a wrapper.
    const translate = instance.getFixedT(lng) as unknown as (key: unknown, ...rest: unknown[]) => string;
    const t = (key: unknown, ...rest: unknown[]): string => {
      if (rest.length > 0 || typeof key !== 'string') return translate(key, ...rest);
      let known = texts.get(lng);
      if (!known) {
        known = new Map();
        texts.set(lng, known);
      }
      let text = known.get(key);
      if (text === undefined) {
        text = translate(key);
        known.set(key, text);
      }
      return text;
    };
    return t as unknown as TFunction;
  }

  return (lng) => {
    let t = translators.get(lng);
    if (!t) {
      t = remembering(lng);
      translators.set(lng, t);
    }
    return t;
  };
}
