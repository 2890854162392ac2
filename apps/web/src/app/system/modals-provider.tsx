import { ModalsProvider as MantineModalsProvider } from '@mantine/modals';

/** The provider behind `modals.openConfirmModal(…)`, a module of its own so it can ship with the shell. */
export function ModalsProvider() {
  return <MantineModalsProvider />;
}
