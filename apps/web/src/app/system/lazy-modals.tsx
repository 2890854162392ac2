import { useEffect, useRef, useState } from 'react';
import { quietLazy } from '../../lib/quiet-lazy';
import { useSession } from '../../lib/session-store';
import { useAfterFirstPaint } from '../shell/use-ever';

/**
 * The provider behind `modals.openConfirmModal(…)`. Only signed-in screens open such modals, and
 * Mantine's Modal brings its ScrollArea and with it floating-ui (~20 kB gzipped), so it loads once the
 * signed-in first screen is done or the person first presses a key or pointer, as the navigation's
 * drawers do (`useAfterFirstPaint`), instead of with or beside that screen. The static `modals` API
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
  const later = useAfterFirstPaint();
  const [called, setCalled] = useState(false);
  const kept = useRef<{ type: string; detail: unknown }[]>([]);
  const handedOver = useRef(false);

  useEffect(() => {
    const keep = (event: Event) => {
      if (handedOver.current) return;
      if (kept.current.length < KEPT) {
        kept.current.push({ type: event.type, detail: (event as CustomEvent<unknown>).detail });
      }
      setCalled(true);
    };
    for (const type of CALLS) window.addEventListener(type, keep);
    return () => {
      for (const type of CALLS) window.removeEventListener(type, keep);
    };
  }, []);

  if (!later && !called) return null;
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
