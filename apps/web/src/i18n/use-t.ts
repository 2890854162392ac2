import type { TFunction } from 'i18next';
import { useSyncExternalStore } from 'react';
import i18n from './index';
import { rememberingTranslators } from './remembering-t';

function subscribe(onChange: () => void): () => void {
  i18n.on('languageChanged', onChange);
  return () => i18n.off('languageChanged', onChange);
}

const language = () => i18n.language;

/** One translate function per language, shared by every component that asks for it. */
const translatorIn = rememberingTranslators(i18n);

/**
 * `t` for components rendered many times over (a directory's sixty cards and their buttons). It
 * re-renders on a language change like `useTranslation()` (whose default is to follow only that),
 * without its per-component set-up: a copy of the i18n instance and its options on every mount and
 * a namespace check on every render added up to a noticeable part of rendering such a page; and it
 * keeps the texts it translated from a key alone (remembering-t.ts).
 * Catalogues must be registered before the first render, as the feature areas do on import.
 */
export function useT(): TFunction {
  return translatorIn(useSyncExternalStore(subscribe, language, language));
}
