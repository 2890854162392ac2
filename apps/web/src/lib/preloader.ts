import { PRELOADER_REMOVE_MS } from '@foyer/contract';

/** The part of the preloader element (index.html, #preloader) this module touches. */
export interface PreloaderElement {
  hasAttribute(name: string): boolean;
  setAttribute(name: string, value: string): void;
  remove(): void;
  style: { transitionDuration: string };
}

/**
 * A9.22: once React has rendered, the start-up preloader fades out over 500 ms and is then removed
 * from the page. Calling it again (StrictMode runs effects twice) does nothing more.
 */
export function removePreloader(
  element: PreloaderElement | null,
  fadeMs: number = PRELOADER_REMOVE_MS,
  later: (run: () => void, ms: number) => unknown = setTimeout,
): void {
  if (!element || element.hasAttribute('data-leaving')) return;
  element.style.transitionDuration = `${fadeMs}ms`;
  element.setAttribute('data-leaving', 'true');
  element.setAttribute('aria-busy', 'false');
  later(() => element.remove(), fadeMs);
}
