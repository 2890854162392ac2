import { useSyncExternalStore } from 'react';

/** A9.24: the header takes its scrolled style once the page has moved this far. */
export const SCROLLED_AFTER_PX = 20;

/**
 * The window's scroll offset as the last scroll event (or the first frame after subscribing) left
 * it. Reading `window.scrollY` in a snapshot would lay the page out again in every render and after
 * every commit that changed the DOM (React reads snapshots there): on a cold start that forced
 * layout was ~100 ms of a mobile CPU.
 */
let offset = 0;
const listeners = new Set<() => void>();

function read(): void {
  offset = window.scrollY;
  for (const listener of [...listeners]) listener();
}

function subscribe(onChange: () => void): () => void {
  if (listeners.size === 0) {
    window.addEventListener('scroll', read, { passive: true });
    // A page restored scrolled (a reload, back) starts with its offset: read once the frame is laid out.
    requestAnimationFrame(read);
  }
  listeners.add(onChange);
  return () => {
    listeners.delete(onChange);
    if (listeners.size === 0) window.removeEventListener('scroll', read);
  };
}

/** Whether the window is scrolled past `threshold` pixels; re-renders only when that flips. */
export function useScrolled(threshold = SCROLLED_AFTER_PX): boolean {
  return useSyncExternalStore(
    subscribe,
    () => offset > threshold,
    () => false,
  );
}
