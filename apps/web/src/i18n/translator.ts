import { DEFAULT_LOCALE } from '@foyer/contract';
import type { TranslationKey } from './types';

/** Flat dotted keys as the spec names them (`validation.error.required`), one map per language. */
export type Catalogue = Record<string, string>;

/**
 * What a text is filled with: `{{name}}` takes `name`; `count` also picks the plural form;
 * `defaultValue` is the text when the catalogue has none for the key.
 */
export type TOptions = Readonly<Record<string, unknown>> & {
  readonly count?: number;
  readonly defaultValue?: string;
};

/**
 * A text of the catalogue in one language: `t('missing.key')` does not compile. A key made at run
 * time (a server's message key, a booth type) needs the text to show when the catalogue lacks it.
 */
export interface TFunction {
  (key: TranslationKey, options?: TOptions): string;
  (key: string, options: TOptions & { readonly defaultValue: string }): string;
}

type Listener = (language: string) => void;
type TranslatorEvent = 'languageChanged' | 'wordsChanged';

const PLACEHOLDER = /\{\{\s*([\w.]+)\s*\}\}/g;

/**
 * The app's texts: a catalogue per language, the language shown, and `t`. The catalogues use a
 * small part of what i18next offers (flat keys, `{{name}}` placeholders, plural forms by count,
 * English as the fallback), so this is that part alone (decision 029): a key is found in the
 * language shown, else in English, else the key itself is the text, as i18next answered.
 */
export class Translator {
  /** Maps, not the catalogues' objects: a key such as `constructor` must not find Object's own. */
  private catalogues = new Map<string, Map<string, string>>();
  private listeners: Record<TranslatorEvent, Set<Listener>> = {
    languageChanged: new Set(),
    wordsChanged: new Set(),
  };
  private fixed = new Map<string, TFunction>();
  private plurals = new Map<string, Intl.PluralRules>();
  /** A7.27: the texts the event on screen words its own way, per language; looked up first. */
  private own = new Map<string, Map<string, string>>();
  /** Counts changes of `own`, so a screen that shows texts renders again when they change. */
  private ownRevision = 0;

  constructor(
    public language: string = DEFAULT_LOCALE,
    readonly fallback: string = DEFAULT_LOCALE,
  ) {}

  /** The language whose texts show (kept for the callers that asked i18next for it). */
  get resolvedLanguage(): string {
    return this.language;
  }

  /** `t` in the language shown now; can be passed around unbound. */
  readonly t: TFunction = (key: string, options?: TOptions) => this.translate(this.language, key, options);

  /** `t` in one language, the same function for every caller. */
  getFixedT(language: string): TFunction {
    let t = this.fixed.get(language);
    if (!t) {
      t = (key: string, options?: TOptions) => this.translate(language, key, options);
      this.fixed.set(language, t);
    }
    return t;
  }

  /** Starts again with these catalogues and this language (tests; the app adds to the default). */
  init({ lng, resources }: { lng: string; resources: Record<string, Catalogue> }): void {
    this.catalogues = new Map(
      Object.entries(resources).map(([lang, texts]) => [lang, new Map(Object.entries(texts))]),
    );
    this.changeLanguage(lng);
  }

  /** Adds texts to a language's catalogue (a feature's area, a language fetched when chosen). */
  addCatalogue(language: string, texts: Catalogue): void {
    const known = this.catalogues.get(language) ?? new Map<string, string>();
    for (const [key, text] of Object.entries(texts)) known.set(key, text);
    this.catalogues.set(language, known);
  }

  /**
   * A7.27: the event's own words for the app's texts (language → key → text), found before the
   * catalogue's; null when leaving the event.
   */
  setOwnWords(words: Readonly<Record<string, Catalogue>> | null): void {
    const next = new Map(
      Object.entries(words ?? {}).map(([lang, texts]) => [lang, new Map(Object.entries(texts))]),
    );
    if (next.size === 0 && this.own.size === 0) return;
    this.own = next;
    this.ownRevision += 1;
    this.emit('wordsChanged', this.language);
  }

  /** What is shown: the language, and the revision of the event's own words (for React's snapshot). */
  get shown(): string {
    return `${this.language}#${this.ownRevision}`;
  }

  hasCatalogue(language: string): boolean {
    return this.catalogues.has(language);
  }

  /** True when the language shown, or English, has a text for the key. */
  exists(key: string): boolean {
    return this.lookup(this.language, key, undefined) !== undefined;
  }

  changeLanguage(language: string): void {
    if (language === this.language) return;
    this.language = language;
    this.emit('languageChanged', language);
  }

  on(event: TranslatorEvent, listener: Listener): void {
    this.listeners[event].add(listener);
  }

  off(event: TranslatorEvent, listener: Listener): void {
    this.listeners[event].delete(listener);
  }

  /** The text for a key before its placeholders are filled (for `<Trans>`, which fills them itself). */
  raw(language: string, key: string, count?: number): string {
    return this.lookup(language, key, count) ?? key;
  }

  private translate(language: string, key: string, options: TOptions | undefined): string {
    if (options === undefined) return this.raw(language, key);
    const text = this.lookup(language, key, options.count) ?? options.defaultValue ?? key;
    return fill(text, options);
  }

  /** In the language, then in the fallback: the count's plural form (`x_few`), then the key itself. */
  private lookup(language: string, key: string, count: number | undefined): string | undefined {
    const found = this.lookupIn(language, key, count);
    return found !== undefined || language === this.fallback
      ? found
      : this.lookupIn(this.fallback, key, count);
  }

  private lookupIn(language: string, key: string, count: number | undefined): string | undefined {
    const own = this.own.size > 0 ? this.own.get(language) : undefined;
    if (own) {
      const found = this.lookupInMap(own, language, key, count);
      if (found !== undefined) return found;
    }
    const texts = this.catalogues.get(language);
    return texts ? this.lookupInMap(texts, language, key, count) : undefined;
  }

  private lookupInMap(
    texts: Map<string, string>,
    language: string,
    key: string,
    count: number | undefined,
  ): string | undefined {
    if (typeof count === 'number') {
      const plural = texts.get(`${key}_${this.pluralRules(language).select(count)}`);
      if (plural !== undefined) return plural;
    }
    return texts.get(key);
  }

  private pluralRules(language: string): Intl.PluralRules {
    let rules = this.plurals.get(language);
    if (!rules) {
      rules = new Intl.PluralRules(language);
      this.plurals.set(language, rules);
    }
    return rules;
  }

  private emit(event: TranslatorEvent, language: string): void {
    for (const listener of [...this.listeners[event]]) listener(language);
  }
}

/**
 * Fills `{{name}}` with `String(values.name)`; a placeholder with no value stays as written, and
 * null fills with nothing (as i18next did). Values are text, never markup: `<Trans>` fills the
 * text between its tags only.
 */
export function fill(text: string, values: TOptions): string {
  if (!text.includes('{{')) return text;
  return text.replace(PLACEHOLDER, (placeholder, name: string) => {
    const value = values[name];
    if (value === undefined) return placeholder;
    return value === null ? '' : String(value);
  });
}

/** The names of a text's `{{placeholders}}`, each once, in the order they first appear. */
export function placeholdersOf(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1] ?? ''))];
}

/** The app's one translator: English until a language is chosen or detected (see ./index.ts). */
export const i18n = new Translator();
