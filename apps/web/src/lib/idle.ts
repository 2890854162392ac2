/**
 * Runs `run` once the browser is idle (at the latest after `timeoutMs`); returns the cancel. Where
 * the browser has no idle callbacks (Safari), after a frame's time.
 */
export function whenIdle(run: () => void, timeoutMs = 1_000): () => void {
  if ('requestIdleCallback' in window) {
    const handle = window.requestIdleCallback(run, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = setTimeout(run, 16);
  return () => clearTimeout(handle);
}
