import { useEffect, useRef, useState } from 'react';
import { whenIdle } from '../../lib/idle';
import { quietLazy } from '../../lib/quiet-lazy';
import { useSession } from '../../lib/session-store';

/**
 * The provider behind `modals.openConfirmModal(…)`. Only signed-in screens open such modals, and
 * Mantine's Modal brings its ScrollArea and with it floating-ui (~20 kB gzipped), so it loads after
 * sign-in, once the browser is first idle, instead of with the first screen. The static `modals` API
 * reaches it by window events (`mantine-modals:<call>`): a call made before it is mounted is kept
 * and handed to it once it is, so no confirmation is lost on a slow connection (or while its file
 * cannot be fetched: `quietLazy` asks for it again when the network is back).
 */
const ModalsProvider = quietLazy(async () => (await import('./modals-provider')).ModalsProvider);

/** Every call of `@mantine/modals`' static API, as the event it dispatches on `window`. */
const CALLS = [
  'openModal',
  'openConfirmModal',
  'openContextModal',
  'closeModal',
  'closeContextModal',
  'closeAllModals',
  'updateModal',
  'updateContextModal',
].map((call) => `mantine-modals:${call}`);

/** A bound on what is kept before the provider has loaded (each open is one confirmation). */
const KEPT = 20;

export function LazyModals() {
  const signedIn = useSession((state) => state.token !== null);
  // Mounted anew at each sign-in, so that nothing kept crosses from one session to the next.
  return signedIn ? <SignedInModals /> : null;
}

function SignedInModals() {
  const [wanted, setWanted] = useState(false);
  const kept = useRef<{ type: string; detail: unknown }[]>([]);
  const handedOver = useRef(false);

  useEffect(() => (wanted ? undefined : whenIdle(() => setWanted(true), 3_000)), [wanted]);

  useEffect(() => {
    const keep = (event: Event) => {
      if (handedOver.current) return;
      if (kept.current.length < KEPT) {
        kept.current.push({ type: event.type, detail: (event as CustomEvent<unknown>).detail });
      }
      setWanted(true);
    };
    for (const type of CALLS) window.addEventListener(type, keep);
    return () => {
      for (const type of CALLS) window.removeEventListener(type, keep);
    };
  }, []);

  if (!wanted) return null;
  return (
    <ModalsProvider
      onListening={() => {
        // The provider listens now: hand it what came before.
        handedOver.current = true;
        const calls = kept.current.splice(0);
        for (const { type, detail } of calls) window.dispatchEvent(new CustomEvent(type, { detail }));
      }}
    />
  );
}
