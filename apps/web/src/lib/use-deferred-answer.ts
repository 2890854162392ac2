import { useDeferredValue } from 'react';

/**
 * A query's answer for a long render (a whole area, sixty cards): its deferred copy, which React
 * renders in an interruptible pass after an update, so taps and scrolling are not blocked while it
 * comes in. `rendering` is true while an answer is there and its copy is not yet: the screen keeps
 * its loading state meanwhile. `accept` refuses a copy that no longer fits (another event's, just
 * left), which then counts as not there.
 *
 * On mount the answer already cached is returned at once: React defers only updates unless given a
 * defined initial value.
 */
export function useDeferredAnswer<T>(
  answer: T | undefined,
  accept?: (copy: T) => boolean,
): { data: T | undefined; rendering: boolean } {
  const deferred = useDeferredValue(answer);
  const data = deferred !== undefined && (accept === undefined || accept(deferred)) ? deferred : undefined;
  return { data, rendering: answer !== undefined && data === undefined };
}
