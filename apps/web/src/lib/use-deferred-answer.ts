import { startTransition, useDeferredValue, useEffect, useState } from 'react';

/**
 * A query's answer for a long render (a whole area, sixty cards): its deferred copy, which React
 * renders in an interruptible pass after an update, so taps and scrolling are not blocked while it
 * comes in. `rendering` is true while an answer is there and its copy is not yet: the screen keeps
 * its loading state meanwhile. `accept` refuses a copy that no longer fits (another event's, just
 * left), which then counts as not there.
 *
 * On mount the answer already cached is returned at once: React defers only updates unless given a
 * defined initial value. `deferMount` defers it on mount too: the screen first commits its loading
 * state (its heading painted), the answer in a pass of its own after it. `useDeferredValue`'s
 * initial value cannot do that for a screen mounted in a deferred pass (React then renders the
 * value at once), hence a transition started after the first commit.
 */
export function useDeferredAnswer<T>(
  answer: T | undefined,
  { accept, deferMount = false }: { accept?: (copy: T) => boolean; deferMount?: boolean } = {},
): { data: T | undefined; rendering: boolean } {
  const [mounted, setMounted] = useState(!deferMount);
  useEffect(() => {
    if (!mounted) startTransition(() => setMounted(true));
  }, [mounted]);
  const deferred = useDeferredValue(answer);
  const copy = mounted ? deferred : undefined;
  const data = copy !== undefined && (accept === undefined || accept(copy)) ? copy : undefined;
  return { data, rendering: answer !== undefined && data === undefined };
}
