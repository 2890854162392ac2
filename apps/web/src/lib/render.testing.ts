import { MantineProvider } from '@mantine/core';
import { createElement, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { i18n } from '../i18n/translator';

/**
 * For render tests in node (the web project has no DOM): the translator in English with the given
 * catalogues merged, as the app loads them.
 */
export function initEnglish(...catalogues: Record<string, string>[]): void {
  i18n.init({
    lng: 'en',
    resources: { en: Object.assign({}, ...catalogues) },
  });
}

/** The element's HTML inside Mantine's provider and, given a `url`, a router at that address. */
export function renderHtml(element: ReactElement, url?: string): string {
  const routed =
    url === undefined ? element : createElement(MemoryRouter, { initialEntries: [url] }, element);
  return renderToString(createElement(MantineProvider, null, routed));
}
