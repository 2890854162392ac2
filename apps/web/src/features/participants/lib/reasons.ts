import type { RecommendationReason } from '@foyer/contract';
import type { TranslationKey } from '../../../i18n/keys';

type Translate = (key: TranslationKey, values?: Record<string, string>) => string;

/** One "People to meet" reason in the user's language, e.g. "You seek investors; Ana offers seed funding". */
export function reasonText(t: Translate, reason: RecommendationReason): string {
  switch (reason.kind) {
    case 'youSeek':
    case 'theySeek':
      return t(`attendees.reason.${reason.kind}`, {
        name: reason.name,
        seek: reason.seek,
        offer: reason.offer,
      });
    case 'sharedWords':
      return t('attendees.reason.sharedWords', { words: reason.words.join(', ') });
    case 'sharedInterests':
      return t('attendees.reason.sharedInterests', { names: reason.names.join(', ') });
  }
}
