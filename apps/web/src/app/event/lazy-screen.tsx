import { type ComponentType, createElement } from 'react';
import { lazyComponent } from '../../lib/lazy-component';

/**
 * A feature's screen in its own chunk, loaded together with the person actions (meet, chat, agenda)
 * that the app gives every screen showing people; neither chunk waits for the other.
 */
export function lazyScreen<P extends object, K extends string>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
) {
  return lazyComponent(async () => {
    const [module, { WithPersonActions }] = await Promise.all([load(), import('./person-actions')]);
    const screen: ComponentType<P> = module[name];
    return (props: P) => <WithPersonActions>{createElement(screen, props)}</WithPersonActions>;
  });
}
