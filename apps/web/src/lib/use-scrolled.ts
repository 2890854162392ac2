import { useSyncExternalStore } from 'react';

/** A9.24: the header takes its scrolled style once the page has moved this far. */
export const SCROLLED_AFTER_PX = 20;

function subscribe(onChange: () => void): () => void {
  window.addEventListener('scroll', onChange, { passive: true });
  return () => window.removeEventListener('scroll', onChange);
}

/** Whether the window is scrolled past `threshold` pixels; re-renders only when that flips. */
export function useScrolled(threshold = SCROLLED_AFTER_PX): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.scrollY > threshold,
    () => false,
  );
}
