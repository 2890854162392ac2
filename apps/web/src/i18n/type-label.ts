import { DEFAULT_LOCALE, type Locale } from '@foyer/contract';
import { isLocale } from './detect';
import type { TranslationKey } from './types';

/**
 * The types every new event starts with carry the app's English names until the organizer renames
 * them: those are the app's words and read in the person's language (E3.05, texts per language).
 */
const BUILT_IN: Record<string, TranslationKey> = {
  attendee: 'system.participantType.attendee',
  speaker: 'system.participantType.speaker',
  exhibitor: 'system.participantType.exhibitor',
};

/** A type's label and the language it is written in. */
export interface TypeText {
  text: string;
  lang: Locale;
}

/**
 * The label of participant type `name`: the organizer's name for it in the UI language `ui` when they
 * gave one (E3.05 texts per language); else a built-in type in `ui`; else the name as the organizer
 * typed it, in the event's default language (English when the event names none).
 */
export function participantTypeText(
  name: string,
  t: (key: TranslationKey) => string,
  ui: string | undefined,
  eventLanguage?: string | null,
  texts?: Partial<Record<string, string>>,
): TypeText {
  const own = isLocale(ui) ? texts?.[ui] : undefined;
  if (own && isLocale(ui)) return { text: own, lang: ui };
  const key = BUILT_IN[name.trim().toLowerCase()];
  if (key && isLocale(ui)) return { text: t(key), lang: ui };
  return { text: name, lang: isLocale(eventLanguage) ? eventLanguage : DEFAULT_LOCALE };
}

/**
 * Upper case by the rules of the label's own language, not CSS text-transform (which follows the
 * page's language): Turkish "Sergileyici" → "SERGİLEYİCİ", while an English "Exhibitor" on a
 * Turkish page stays "EXHIBITOR", not "EXHİBİTOR".
 */
export function upperTypeText({ text, lang }: TypeText): string {
  return text.toLocaleUpperCase(lang);
}
