import { Modal, type ModalProps } from '@mantine/core';
import { OnMount } from './on-mount';

/**
 * Mantine's Modal in a file of its own, for `LazyModal`: `onMounted` runs once the Modal is on the
 * page (after it, so its own effects have run).
 */
export function ModalThen({ onMounted, ...props }: ModalProps & { onMounted(): void }) {
  return (
    <>
      <Modal {...props} />
      <OnMount run={onMounted} />
    </>
  );
}
