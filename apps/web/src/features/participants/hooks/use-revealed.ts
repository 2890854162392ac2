import { startTransition, useEffect, useState } from 'react';
import { whenIdle } from '../../../lib/idle';

/** Cards whose meet and chat render with the list itself: the first screen or two. */
export const FIRST_REVEALED = 6;
/** Cards that get theirs in each idle pass after that (a short task each). */
const REVEAL_STEP = 4;

/**
 * How many of `total` cards show their full actions: the first few at once, then a few more each
 * time the browser is idle until all do. A long list's first render is then short, and the rest
 * comes in small tasks that never block a tap for long.
 */
export function useRevealed(total: number): number {
  const [revealed, setRevealed] = useState(FIRST_REVEALED);
  useEffect(() => {
    if (revealed >= total) return;
    return whenIdle(() => startTransition(() => setRevealed((n) => n + REVEAL_STEP)), 500);
  }, [revealed, total]);
  return revealed;
}
