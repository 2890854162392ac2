import type { Locale } from '@foyer/contract';
import { useQuery } from '@tanstack/react-query';

/** A2.53: the pages this layout shows; the side menu lists the first three (A2.54). */
export const STATIC_PAGES = ['privacy-notice', 'terms', 'cookies', 'faq'] as const;
export type StaticPageName = (typeof STATIC_PAGES)[number];

/** GET /page/{page}/{lang}.html (A2.56): an HTML fragment from our server, outside the API. */
async function fetchStaticPage(page: StaticPageName, lang: Locale, signal: AbortSignal): Promise<string> {
  const response = await fetch(`/page/${page}/${lang}.html`, { signal, headers: { accept: 'text/html' } });
  if (!response.ok) throw new Error(`static page ${page}/${lang}: ${response.status}`);
  return response.text();
}

export function useStaticPage(page: StaticPageName, lang: Locale) {
  return useQuery({
    queryKey: ['static-page', page, lang],
    queryFn: ({ signal }) => fetchStaticPage(page, lang, signal),
    staleTime: 10 * 60_000,
    retry: 1,
  });
}
