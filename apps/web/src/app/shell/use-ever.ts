import { useIsFetching } from '@tanstack/react-query';
import { startTransition, useEffect, useState } from 'react';
import { whenIdle } from '../../lib/idle';

/** True from the first render where `flag` was true: lazy panels load when first needed, then stay. */
export function useEver(flag: boolean): boolean {
  const [ever, setEver] = useState(flag);
  if (flag && !ever) setEver(true);
  return ever || flag;
}

/**
 * False until the browser is first idle after the mount (at the latest `timeoutMs` later). The
 * frame's own reads (the navigation's badges, the floating chat) wait for it: started in the frame's
 * first commit they ran in that task, before the page's own requests, and queued beside them.
 */
export function useFirstIdle(timeoutMs = 1_000): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(
    () => (idle ? undefined : whenIdle(() => startTransition(() => setIdle(true)), timeoutMs)),
    [idle, timeoutMs],
  );
  return idle;
}

/** No request finished for this long (and no query fetching): the first screen has what it needs. */
const QUIET_MS = 500;
/** Then this much longer, for the screen to render what it received. */
const SETTLE_MS = 2_500;
/** Waiting for quiet stops here (a screen that keeps polling). */
const QUIET_CAP_MS = 10_000;

/**
 * True once the person first presses a key or pointer, or else once the first screen has loaded,
 * rendered and the browser is idle. Drawers and modals mount then, closed, so their code stays out
 * of the first screen's bundle and they still open with an enter transition and return focus to
 * their opener (which needs them mounted before they open). Until then they do not compete with the
 * screen's own chunks, data and rendering on a slow connection or phone.
 */
export function useAfterFirstPaint(): boolean {
  const fetching = useIsFetching() > 0;
  const [quiet, setQuiet] = useState(false);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    if (ready) return;
    const now = () => setReady(true);
    window.addEventListener('pointerdown', now, { capture: true, once: true });
    window.addEventListener('keydown', now, { capture: true, once: true });
    return () => {
      window.removeEventListener('pointerdown', now, { capture: true });
      window.removeEventListener('keydown', now, { capture: true });
    };
  }, [ready]);

  useEffect(() => {
    if (quiet || fetching) return;
    let timer = setTimeout(() => setQuiet(true), QUIET_MS);
    // Each finished request (a chunk, an image, a call) starts the wait again.
    const observer =
      typeof PerformanceObserver === 'undefined'
        ? null
        : new PerformanceObserver(() => {
            clearTimeout(timer);
            timer = setTimeout(() => setQuiet(true), QUIET_MS);
          });
    observer?.observe({ type: 'resource' });
    return () => {
      clearTimeout(timer);
      observer?.disconnect();
    };
  }, [quiet, fetching]);

  useEffect(() => {
    const cap = setTimeout(() => setQuiet(true), QUIET_CAP_MS);
    return () => clearTimeout(cap);
  }, []);

  useEffect(() => {
    if (!quiet || ready) return;
    let cancelIdle: (() => void) | undefined;
    const settle = setTimeout(() => {
      cancelIdle = whenIdle(() => startTransition(() => setReady(true)), 2000);
    }, SETTLE_MS);
    return () => {
      clearTimeout(settle);
      cancelIdle?.();
    };
  }, [quiet, ready]);
  return ready;
}
