import { useEffect, useState } from 'react';

/** True from the first render where `flag` was true: lazy panels load when first needed, then stay. */
export function useEver(flag: boolean): boolean {
  const [ever, setEver] = useState(flag);
  if (flag && !ever) setEver(true);
  return ever || flag;
}

/**
 * True once the browser is idle after the first screen. Drawers and modals mount then, closed, so
 * their code stays out of the first screen's bundle and they still open with an enter transition
 * and return focus to their opener (which needs them mounted before they open).
 */
export function useAfterFirstPaint(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if ('requestIdleCallback' in window) {
      const id = window.requestIdleCallback(() => setReady(true), { timeout: 2000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = setTimeout(() => setReady(true), 500);
    return () => clearTimeout(id);
  }, []);
  return ready;
}
