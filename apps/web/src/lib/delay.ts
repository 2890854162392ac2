import { useEffect, useState } from 'react';

/** `fn` once `ms` after the last of a burst of calls (A9.15: window resizing). */
export function debounce<A extends unknown[]>(fn: (...args: A) => void, ms: number) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const debounced = (...args: A) => {
    clearTimeout(timer);
    timer = setTimeout(() => fn(...args), ms);
  };
  debounced.cancel = () => clearTimeout(timer);
  return debounced;
}

/**
 * A flag that turns true only once it has stayed true for `ms`, and false at once (A9.16: a search
 * answered quickly shows no loader flashing by).
 */
export function delayedFlag(ms: number, onChange: (value: boolean) => void) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let shown = false;
  const show = (value: boolean) => {
    if (shown === value) return;
    shown = value;
    onChange(value);
  };
  return {
    set(value: boolean) {
      clearTimeout(timer);
      if (!value) show(false);
      else if (!shown) timer = setTimeout(() => show(true), ms);
    },
    dispose() {
      clearTimeout(timer);
    },
  };
}

/** `value`, except that turning true waits `ms` (see delayedFlag). */
export function useDelayedFlag(value: boolean, ms: number): boolean {
  const [shown, setShown] = useState(false);
  const [flag] = useState(() => delayedFlag(ms, setShown));
  useEffect(() => flag.set(value), [flag, value]);
  useEffect(() => () => flag.dispose(), [flag]);
  return shown;
}
