/** How long to wait before asking again after `failures` failed tries: 1 s, 2 s, 4 s … at most 30 s. */
export function retryDelay(failures: number): number {
  return Math.min(30_000, 1000 * 2 ** Math.max(0, failures - 1));
}

/**
 * Calls `again` once: when the browser comes back online, or after `retryDelay(failures)` while it
 * stays online (a server restart or a proxy's 502 leaves the browser online, and waiting for an
 * `online` event alone then waited for good). Returns a cancel for an unmount.
 */
export function retryLater(
  again: () => void,
  failures: number,
  events: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> = window,
): () => void {
  let settled = false;
  const stop = () => {
    settled = true;
    clearTimeout(timer);
    events.removeEventListener('online', fire);
  };
  const fire = () => {
    if (settled) return;
    stop();
    again();
  };
  const timer = setTimeout(fire, retryDelay(failures));
  events.addEventListener('online', fire);
  return stop;
}
