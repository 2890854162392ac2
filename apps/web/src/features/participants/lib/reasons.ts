import type { RecommendationReason } from '@foyer/contract';
import type { TranslationKey } from '../../../i18n/keys';

type Translate = (key: TranslationKey, values?: Record<string, string>) => string;

/** Intl's conjunction lists by language (null: a tag Intl does not know): one made per language. */
const listFormats = new Map<string, Intl.ListFormat | null>();

/** "health, data and AI" in the reader's language (Intl's conjunction list), not a comma dump. */
export function wordList(items: readonly string[], language: string): string {
  const unique = [...new Set(items.map((item) => item.trim()).filter(Boolean))];
  let format = listFormats.get(language);
  if (format === undefined) {
    try {
      format = new Intl.ListFormat(language, { style: 'long', type: 'conjunction' });
    } catch {
      format = null; // an unknown language tag: the plain list
    }
    listFormats.set(language, format);
  }
  return format ? format.format(unique) : unique.join(', ');
}

/**
 * One "People to meet" reason in the user's language, as a sentence a person would say: "You’re
 * looking for “investors”, and Ana offers “seed funding”" (issue 15: not "You seek x; Ana offers y").
 */
export function reasonText(t: Translate, reason: RecommendationReason, language = 'en'): string {
  switch (reason.kind) {
    case 'youSeek':
    case 'theySeek':
      return t(`attendees.reason.${reason.kind}`, {
        name: reason.name,
        seek: reason.seek.trim(),
        offer: reason.offer.trim(),
      });
    case 'sharedWords':
      return t('attendees.reason.sharedWords', { words: wordList(reason.words, language) });
    case 'sharedInterests':
      return t('attendees.reason.sharedInterests', { names: wordList(reason.names, language) });
  }
}
