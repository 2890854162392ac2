/** Mantine's Modal in a file of its own, for `LazyModal`. */
export { Modal } from '@mantine/core';
