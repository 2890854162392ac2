import { MantineProvider } from '@mantine/core';
import i18next from 'i18next';
import { createElement, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';

/**
 * For render tests in node (the web project has no DOM): i18next in English with the given
 * catalogues merged, as the app loads them.
 */
export async function initEnglish(...catalogues: Record<string, string>[]): Promise<void> {
  await i18next.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { translation: Object.assign({}, ...catalogues) } },
    interpolation: { escapeValue: false },
  });
}

/** The element's HTML inside Mantine's provider and, given a `url`, a router at that address. */
export function renderHtml(element: ReactElement, url?: string): string {
  const routed =
    url === undefined ? element : createElement(MemoryRouter, { initialEntries: [url] }, element);
  return renderToString(createElement(MantineProvider, null, routed));
}
