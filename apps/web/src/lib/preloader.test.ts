import { describe, expect, it } from 'vitest';
import { type PreloaderElement, removePreloader } from './preloader';

function fakePreloader() {
  const attributes = new Map<string, string>();
  const element: PreloaderElement & { removed: boolean } = {
    removed: false,
    style: { transitionDuration: '' },
    hasAttribute: (name) => attributes.has(name),
    setAttribute: (name, value) => void attributes.set(name, value),
    remove() {
      element.removed = true;
    },
  };
  return { element, attributes };
}

describe('removePreloader', () => {
  it('A9.22 fades the preloader out over 500 ms, then removes it', () => {
    const { element, attributes } = fakePreloader();
    const timers: { run: () => void; ms: number }[] = [];
    removePreloader(element, undefined, (run, ms) => timers.push({ run, ms }));
    expect(element.style.transitionDuration).toBe('500ms');
    expect(attributes.get('data-leaving')).toBe('true');
    expect(timers.map((t) => t.ms)).toEqual([500]);
    expect(element.removed).toBe(false);
    timers[0]?.run();
    expect(element.removed).toBe(true);
  });

  it('A9.22 a second call (StrictMode) schedules nothing more; no preloader is fine', () => {
    const { element } = fakePreloader();
    const timers: number[] = [];
    const later = (_run: () => void, ms: number) => timers.push(ms);
    removePreloader(element, undefined, later);
    removePreloader(element, undefined, later);
    removePreloader(null, undefined, later);
    expect(timers).toEqual([500]);
  });
});
