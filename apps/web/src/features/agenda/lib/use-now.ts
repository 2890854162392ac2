import { SESSION_RECOMPUTE_MS } from '@foyer/contract';
import { useEffect, useState } from 'react';

/** E4.39: the current time, renewed every 60 s so session states and buttons follow the clock. */
export function useNow(intervalMs = SESSION_RECOMPUTE_MS): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
