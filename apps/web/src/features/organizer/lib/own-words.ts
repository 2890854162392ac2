import { EVENT_WORDS_MAX, type EventWords, type Locale } from '@foyer/contract';
import { type Catalogue, placeholdersOf } from '../../../i18n/translator';

export { EVENT_WORDS_MAX };

/** The event's own words as the console edits them: language → key → text. */
export type OwnWords = Partial<Record<Locale, Record<string, string>>>;

/** The app's placeholders an own text leaves out: the value it would show is lost with them. */
export function missingPlaceholders(appText: string, own: string): string[] {
  const kept = new Set(placeholdersOf(own));
  return placeholdersOf(appText).filter((name) => !kept.has(name));
}

/** What is saved: texts trimmed, blank ones dropped (the app's text stays), empty languages left out. */
export function wordsToSave(words: OwnWords): EventWords {
  const saved: EventWords = {};
  for (const [lang, texts] of Object.entries(words) as [Locale, Record<string, string>][]) {
    const kept = Object.entries(texts)
      .map(([key, text]) => [key, text.trim()] as const)
      .filter(([, text]) => text !== '');
    if (kept.length > 0) saved[lang] = Object.fromEntries(kept);
  }
  return saved;
}

const files = import.meta.glob<Catalogue>('../../../i18n/locales/*/*.json', { import: 'default' });

/**
 * Every text of the app in a language, English beneath it (what the app shows for a key the
 * language lacks). Loaded when the section opens: the console's first screen does not carry them.
 */
export async function appTexts(lang: Locale): Promise<Catalogue> {
  const load = (prefix: string) =>
    Promise.all(
      Object.entries(files)
        .filter(([path]) => path.includes(`/locales/${prefix}/`))
        .map(([, read]) => read()),
    );
  const [english, own] = await Promise.all([load('en'), lang === 'en' ? [] : load(lang)]);
  return Object.assign({}, ...english, ...own);
}

/** A text the picker offers: the app's text in the language, and its key. */
export interface PickableText {
  value: string;
  label: string;
}

/**
 * The texts that match what the organizer typed, best first: the text or key itself, then texts that
 * start with it, then the rest that hold it; shorter texts first within each (the tab's "Attendees"
 * before a sentence about attendees). At most `limit`.
 */
export function rankTexts(texts: readonly PickableText[], search: string, limit: number): PickableText[] {
  const wanted = search.trim().toLowerCase();
  if (wanted === '') return texts.slice(0, limit);
  const scored: { text: PickableText; score: number; length: number }[] = [];
  for (const text of texts) {
    const label = text.label.toLowerCase();
    const key = text.value.toLowerCase();
    const score =
      label === wanted || key === wanted
        ? 0
        : label.startsWith(wanted) || key.startsWith(wanted)
          ? 1
          : label.includes(wanted) || key.includes(wanted)
            ? 2
            : -1;
    if (score >= 0) scored.push({ text, score, length: text.label.length });
  }
  scored.sort((a, b) => a.score - b.score || a.length - b.length);
  return scored.slice(0, limit).map((s) => s.text);
}
