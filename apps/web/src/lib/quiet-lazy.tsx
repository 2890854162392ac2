import { type ComponentType, type ReactNode, useEffect, useState } from 'react';
import { onceLoader } from './lazy-component';
import { retryLater } from './retry-later';

/**
 * A part of the app that is not the page and shows nothing until it is used (the navigation's
 * drawers and modals, the floating chat, the confirmations' provider, the toasts' list, the time-zone
 * check, a modal's, a menu's or a tooltip's code), loaded when it first mounts. `React.lazy` would throw a file that cannot be fetched to the nearest error
 * boundary, the app's crash screen, and keep that failure for good: a blip of the venue's Wi-Fi at
 * the wrong second took the whole page down. Here nothing shows meanwhile, and a file that could not
 * be fetched is asked for again when the browser is back online, or after a growing delay while it
 * stays online (`retryLater`), and at the next mount.
 * `placeholder` shows in its place meanwhile (nothing by default).
 */
export function quietLazy<P extends object>(
  load: () => Promise<ComponentType<P>>,
  placeholder: (props: P) => ReactNode = () => null,
): ComponentType<P> {
  const { loadOnce, loaded } = onceLoader(load);
  // biome-ignore lint/correctness/noComponentHookFactories: made once per part at module level, as React.lazy is
  function QuietLazy(props: P) {
    // A function in state is called as an updater: keep the component in a box.
    const [box, setBox] = useState(() => {
      const component = loaded();
      return component ? { component } : null;
    });
    const [attempt, setAttempt] = useState(0);
    useEffect(() => {
      if (box) return;
      let live = true;
      let cancelRetry: (() => void) | undefined;
      loadOnce().then(
        (component) => {
          if (live) setBox({ component });
        },
        () => {
          if (live) cancelRetry = retryLater(() => setAttempt((n) => n + 1), attempt + 1);
        },
      );
      return () => {
        live = false;
        cancelRetry?.();
      };
    }, [box, attempt]);
    if (!box) return placeholder(props);
    const Component = box.component;
    return <Component {...props} />;
  }
  return QuietLazy;
}
