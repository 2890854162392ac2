import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/**
 * A lazy component that can be asked for before it renders: `preload` starts its load and never
 * rejects (a load that failed is asked for again by the render, whose error boundary shows it).
 */
export type PreloadableComponent<P extends object> = LazyExoticComponent<ComponentType<P>> & {
  preload(): Promise<void>;
};

/**
 * A module's load asked for once, however many ask: `loaded()` is its value once it has come. A load
 * that failed (a chunk that could not be fetched) may be asked for again.
 */
export function onceLoader<T>(load: () => Promise<T>): { loadOnce(): Promise<T>; loaded(): T | undefined } {
  let value: T | undefined;
  let loading: Promise<T> | undefined;
  const loadOnce = () => {
    loading ??= load().then(
      (result) => {
        value = result;
        return result;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  return { loadOnce, loaded: () => value };
}

/**
 * `React.lazy` that does not suspend once its module is here. React asks a lazy component's
 * factory in the render that first meets it, and a promise calls back a microtask later at the
 * earliest: even a loaded chunk suspended that render. Its boundary then showed its fallback, the
 * render was thrown away, and React held the retry's commit until 300 ms after the fallback had
 * shown (react-dom's FALLBACK_THROTTLE_MS): on the first screen (frame, event, tab: three levels)
 * a fast phone waited on those timers, not on its work. Once the component has loaded (by
 * `preload`, or an earlier render), the factory answers with a thenable that calls back at once, so
 * the render that asks reads it.
 */
export function lazyComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
): PreloadableComponent<P> {
  const { loadOnce, loaded } = onceLoader(load);
  const component = lazy(() => {
    const done = loaded();
    if (done) return answeredNow({ default: done });
    return loadOnce().then((c) => ({ default: c }));
  });
  const preload = () =>
    loadOnce().then(
      () => undefined,
      () => undefined,
    );
  return Object.assign(component, { preload });
}

/** `lazyComponent` of one named export of a module: `lazyNamed(() => import('./x'), 'XPage')`. */
export function lazyNamed<P extends object, K extends string>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
): PreloadableComponent<P> {
  return lazyComponent(async () => (await load())[name]);
}

/** A thenable whose `then` calls back before it returns (lazy() marks itself resolved at once). */
function answeredNow<T>(value: T): Promise<T> {
  const thenable = {
    // biome-ignore lint/suspicious/noThenProperty: a thenable is what lazy() asks for
    then(onFulfilled?: (value: T) => unknown) {
      onFulfilled?.(value);
      return thenable;
    },
  };
  // lazy() calls `then` only (react's lazyInitializer); the rest of a promise is never asked for.
  return thenable as unknown as Promise<T>;
}
