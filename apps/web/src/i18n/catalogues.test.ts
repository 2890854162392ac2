import { DEFAULT_LOCALE, LOCALES } from '@foyer/contract';
import { describe, expect, it } from 'vitest';

type Catalogue = Record<string, unknown>;

// Discovered at test time, so an area file added by any feature is checked without editing this.
const files = import.meta.glob<Catalogue>('./locales/*/*.json', { eager: true, import: 'default' });

function byLanguage(lang: string): Map<string, Catalogue> {
  const areas = new Map<string, Catalogue>();
  for (const [path, catalogue] of Object.entries(files)) {
    const match = /^\.\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (match?.[1] === lang && match[2]) areas.set(match[2], catalogue);
  }
  return areas;
}

/** The parts of a message that code depends on: {{placeholders}} and <tag> names for <Trans>. */
function tokensOf(message: string): string[] {
  const placeholders = [...message.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => `{{${m[1]}}}`);
  const tags = [...message.matchAll(/<\/?([\w-]+)\s*\/?>/g)].map((m) => `<${m[1]}>`);
  return [...placeholders, ...tags].sort();
}

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/**
 * The keys a language must have for an English catalogue: the same keys, except that a plural
 * (`x_one`/`x_other`) needs every plural form of that language, e.g. Russian `_few` and `_many`.
 * Maps each expected key to the English key whose placeholders it must keep.
 */
function expectedKeys(source: Catalogue, lang: string): Map<string, string> {
  const categories = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
  const expected = new Map<string, string>();
  for (const key of Object.keys(source)) {
    const base = key.replace(PLURAL_SUFFIX, '');
    if (base !== key && `${base}_other` in source) {
      for (const category of categories) expected.set(`${base}_${category}`, `${base}_other`);
    } else {
      expected.set(key, key);
    }
  }
  return expected;
}

const english = byLanguage(DEFAULT_LOCALE);
const others = LOCALES.filter((lang) => lang !== DEFAULT_LOCALE);

describe('message catalogues', () => {
  it('asks each language for its own plural forms', () => {
    const source = { 'x.count_one': '{{count}} item', 'x.count_other': '{{count}} items', 'x.plain': 'Hi' };
    expect([...expectedKeys(source, 'ru').keys()].sort()).toEqual([
      'x.count_few',
      'x.count_many',
      'x.count_one',
      'x.count_other',
      'x.plain',
    ]);
    expect([...expectedKeys(source, 'tr').keys()].sort()).toEqual([
      'x.count_one',
      'x.count_other',
      'x.plain',
    ]);
  });

  it('compares placeholders and tags, not words', () => {
    expect(tokensOf('Hi {{name}}, <link>open</link>')).toEqual(['<link>', '<link>', '{{name}}']);
    expect(tokensOf('Merhaba {{ name }}, <link>aç</link>')).toEqual(
      tokensOf('Hi {{name}}, <link>open</link>'),
    );
    expect(tokensOf('{{count}} items')).not.toEqual(tokensOf('{{total}} items'));
  });

  it('has English area files to compare against', () => {
    expect(english.size).toBeGreaterThan(0);
  });

  it('A9.31 has no key in two English area files (areas must not overwrite each other)', () => {
    const seen = new Map<string, string>();
    const clashes: string[] = [];
    for (const [area, catalogue] of english) {
      for (const key of Object.keys(catalogue)) {
        const other = seen.get(key);
        if (other) clashes.push(`${key} in ${other} and ${area}`);
        seen.set(key, area);
      }
    }
    expect(clashes).toEqual([]);
  });

  for (const lang of others) {
    describe(lang, () => {
      const catalogues = byLanguage(lang);
      for (const [area, source] of english) {
        const expected = expectedKeys(source, lang);

        it(`A9.31 ${lang}/${area}.json has every key of en/${area}.json and no other`, () => {
          const target = catalogues.get(area);
          expect(target, `locales/${lang}/${area}.json is missing`).toBeDefined();
          const missing = [...expected.keys()].filter((key) => !(key in (target ?? {})));
          const extra = Object.keys(target ?? {}).filter((key) => !expected.has(key));
          expect({ missing, extra }).toEqual({ missing: [], extra: [] });
        });

        it(`${lang}/${area}.json keeps the placeholders and tags of English`, () => {
          const target = catalogues.get(area) ?? {};
          const mismatched: string[] = [];
          for (const [key, englishKey] of expected) {
            const message = source[englishKey];
            const translated = target[key];
            if (typeof translated !== 'string' || translated.trim() === '') {
              mismatched.push(`${key}: empty or not text`);
            } else if (tokensOf(String(message)).join() !== tokensOf(translated).join()) {
              mismatched.push(`${key}: ${tokensOf(String(message)).join()} ≠ ${tokensOf(translated).join()}`);
            }
          }
          expect(mismatched).toEqual([]);
        });
      }
      it(`${lang} has no area file that English lacks`, () => {
        expect([...catalogues.keys()].filter((area) => !english.has(area))).toEqual([]);
      });
    });
  }
});
