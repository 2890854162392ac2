import { useEffect, useState } from 'react';

/** held: the screen stays on; released: asked but refused or let go; unsupported: no Wake Lock API. */
export type WakeLockState = 'pending' | 'held' | 'released' | 'unsupported';

/**
 * Keeps the screen awake while `active` (the ticket is shown at the door), where the Wake Lock API
 * exists. The browser lets go of the lock when the page is hidden, so it is asked for again when
 * the page is visible again.
 */
export function useWakeLock(active: boolean): WakeLockState {
  const supported = typeof navigator !== 'undefined' && 'wakeLock' in navigator;
  const [state, setState] = useState<WakeLockState>(supported ? 'pending' : 'unsupported');

  useEffect(() => {
    if (!active || !supported) return;
    let stopped = false;
    let sentinel: WakeLockSentinel | null = null;
    const request = async () => {
      if (sentinel && !sentinel.released) return;
      try {
        const lock = await navigator.wakeLock.request('screen');
        if (stopped) {
          await lock.release();
          return;
        }
        sentinel = lock;
        setState('held');
        lock.addEventListener('release', () => {
          if (!stopped) setState('released');
        });
      } catch {
        // Refused (battery saver, page not visible): the screen may dim, the ticket still shows.
        if (!stopped) setState('released');
      }
    };
    const onVisibility = () => {
      if (document.visibilityState === 'visible') void request();
    };
    void request();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      stopped = true;
      document.removeEventListener('visibilitychange', onVisibility);
      void sentinel?.release().catch(() => undefined);
    };
  }, [active, supported]);

  return state;
}
