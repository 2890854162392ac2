import type { TFunction } from 'i18next';
import { useSyncExternalStore } from 'react';
import i18n from './index';

function subscribe(onChange: () => void): () => void {
  i18n.on('languageChanged', onChange);
  return () => i18n.off('languageChanged', onChange);
}

const language = () => i18n.language;

/** One translate function per language, shared by every component that asks for it. */
const fixed = new Map<string, TFunction>();

/**
 * `t` for components rendered many times over (a directory's sixty cards and their buttons). It
 * re-renders on a language change like `useTranslation()` (whose default is to follow only that),
 * without its per-component set-up: a copy of the i18n instance and its options on every mount and
 * a namespace check on every render added up to a noticeable part of rendering such a page.
 * Catalogues must be registered before the first render, as the feature areas do on import.
 */
export function useT(): TFunction {
  const lng = useSyncExternalStore(subscribe, language, language);
  let t = fixed.get(lng);
  if (!t) {
    t = i18n.getFixedT(lng);
    fixed.set(lng, t);
  }
  return t;
}
