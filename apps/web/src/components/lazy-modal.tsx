import type { ModalProps } from '@mantine/core';
import { useState } from 'react';
import { quietLazy } from '../lib/quiet-lazy';

// Mantine's Modal (its ScrollArea, focus trap, scroll lock and, through the ScrollArea, floating-ui)
// loads when a modal is first opened, not with the screen that may open it; a file that cannot be
// fetched then is asked for again when the network is back (`quietLazy`).
const ModalThen = quietLazy(async () => (await import('./lazy-modal-mantine')).ModalThen);

/**
 * Mantine's `Modal`, mounted with its first opening. It mounts closed and opens in the next commit,
 * as if it had always been there: the enter transition plays, and the focus goes back to the element
 * that had it when the modal opened (Mantine notes that element when `opened` changes, not on mount).
 */
export function LazyModal(props: ModalProps) {
  const [ever, setEver] = useState(props.opened);
  if (props.opened && !ever) setEver(true);
  const [mounted, setMounted] = useState(false);
  if (!ever) return null;
  return <ModalThen {...props} opened={props.opened && mounted} onMounted={() => setMounted(true)} />;
}
