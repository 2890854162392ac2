import { ModalsProvider as MantineModalsProvider } from '@mantine/modals';
import { OnMount } from '../../components/on-mount';

/**
 * The provider behind `modals.openConfirmModal(…)`, a module of its own so it loads apart
 * (`lazy-modals.tsx`). `onListening` runs once the provider listens for the static API's calls.
 */
export function ModalsProvider({ onListening }: { onListening(): void }) {
  return (
    <>
      <MantineModalsProvider />
      {/* After the provider: its effects, which subscribe it, have run when this one runs. */}
      <OnMount run={onListening} />
    </>
  );
}
