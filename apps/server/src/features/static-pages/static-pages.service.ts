import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { LOCALES, type Locale } from '@foyer/contract';

/** A2.53: the legal and help pages every language has a file for. */
export const STATIC_PAGES = ['privacy-notice', 'terms', 'cookies', 'faq'] as const;
export type StaticPage = (typeof STATIC_PAGES)[number];

/** Content lives beside the code, one HTML fragment per page and language. */
export const STATIC_PAGES_DIR = resolve(import.meta.dirname, '../../../static-pages');

const cache = new Map<string, string>();

export function isStaticPage(page: string): page is StaticPage {
  return (STATIC_PAGES as readonly string[]).includes(page);
}

export function isLocale(lang: string): lang is Locale {
  return (LOCALES as readonly string[]).includes(lang);
}

/**
 * The HTML fragment for a page in a language. Names are checked against fixed lists before they
 * reach the file system, so a request can never name another file.
 */
export async function readStaticPage(page: StaticPage, lang: Locale): Promise<string> {
  const key = `${lang}/${page}`;
  const cached = cache.get(key);
  if (cached !== undefined) return cached;
  const html = await readFile(join(STATIC_PAGES_DIR, lang, `${page}.html`), 'utf8');
  cache.set(key, html);
  return html;
}
