import { useEffect, useRef } from 'react';

/**
 * Runs `run` once, after the siblings before it have mounted (React runs their effects first): put
 * after a lazy component inside its Suspense boundary, it runs once that component is on the page.
 */
export function OnMount({ run }: { run: () => void }) {
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    run();
  });
  return null;
}
