import { quietLazy } from '../../lib/quiet-lazy';
import { useSession } from '../../lib/session-store';

/**
 * The provider behind `modals.openConfirmModal(…)`. Only signed-in screens open such modals, and
 * Mantine's Modal brings ScrollArea and with it floating-ui (~20 kB gzipped), so it loads after
 * sign-in instead of with the first screen. The static `modals` API reaches it by events; it needs
 * no children.
 */
const ModalsProvider = quietLazy(async () => (await import('./modals-provider')).ModalsProvider);

export function LazyModals() {
  const signedIn = useSession((state) => state.token !== null);
  if (!signedIn) return null;
  return <ModalsProvider />;
}
