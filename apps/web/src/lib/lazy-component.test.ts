import { type ComponentType, createElement, lazy, Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { lazyComponent } from './lazy-component';

const Hello: ComponentType<{ name: string }> = ({ name }) => createElement('p', null, `hello ${name}`);

/** One render, as the first render of a screen: what it shows, without waiting for anything. */
function firstRender(component: ComponentType<{ name: string }>): string {
  return renderToString(
    createElement(
      Suspense,
      { fallback: createElement('i', null, 'loading') },
      createElement(component, { name: 'Ana' }),
    ),
  );
}

describe('lazyComponent (a first screen that does not suspend on a loaded chunk)', () => {
  it('renders a component asked for before its first render in that render, without its fallback', async () => {
    const Screen = lazyComponent(async () => Hello);
    await Screen.preload();
    const html = firstRender(Screen);
    expect(html).toContain('hello Ana');
    expect(html).not.toContain('loading');
    // React's own lazy, its module as loaded, still suspends its first render: what this avoids.
    const loaded = Promise.resolve({ default: Hello });
    await loaded;
    expect(firstRender(lazy(() => loaded))).toContain('loading');
  });

  it('suspends while the component is still loading, and shows it once loaded', async () => {
    let arrive: (c: ComponentType<{ name: string }>) => void = () => undefined;
    const Screen = lazyComponent(() => new Promise<ComponentType<{ name: string }>>((ok) => (arrive = ok)));
    expect(firstRender(Screen)).toContain('loading');
    const loading = Screen.preload();
    arrive(Hello);
    await loading;
    // The render that suspended hears of the load a few microtasks later (React's own callback).
    for (let turn = 0; turn < 10 && firstRender(Screen).includes('loading'); turn++) await Promise.resolve();
    expect(firstRender(Screen)).toContain('hello Ana');
  });

  it('asks again for a component whose load failed; asking ahead never rejects', async () => {
    let calls = 0;
    const Screen = lazyComponent(async () => {
      calls++;
      if (calls === 1) throw new Error('chunk failed');
      return Hello;
    });
    await expect(Screen.preload()).resolves.toBeUndefined();
    await Screen.preload();
    expect(calls).toBe(2);
    expect(firstRender(Screen)).toContain('hello Ana');
  });
});
