import { ModalsProvider as MantineModalsProvider } from '@mantine/modals';

/** The provider behind `modals.openConfirmModal(…)`, a module of its own so it loads apart (`lazy-modals.tsx`). */
export function ModalsProvider() {
  return <MantineModalsProvider />;
}
