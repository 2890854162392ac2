import i18n from '../i18n';

type Listener = () => void;
const listeners = new Set<Listener>();
let requested = false;

/** For the toast list: it is loaded and mounted with the first toast, not with the first screen. */
export function subscribeToToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True once any toast was asked for. */
export function toastsRequested(): boolean {
  return requested;
}

/**
 * A toast's id: its kind (colour) and message, so the same toast is never on screen twice. It also
 * becomes the element's id, so the message is encoded (no spaces).
 */
export function toastId(color: string, message: string): string {
  return `toast-${color}-${encodeURIComponent(message)}`;
}

/**
 * A toast at the top right, in a Mantine colour, whose close button is named in the current language.
 * The same toast (colour and message) asked for while it is still on screen or waiting is not added
 * again (the store ignores an id it already has); once it has closed it shows again.
 */
export function showToast(color: string, message: string): void {
  const closeButtonProps = { 'aria-label': i18n.t('common.close') };
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
  }
  // The store keeps the toast until the list (loaded above) shows it.
  void import('@mantine/notifications').then(({ notifications }) =>
    notifications.show({ id: toastId(color, message), color, message, closeButtonProps }),
  );
}

/** A success or error toast. */
export function toast(kind: 'success' | 'error', message: string): void {
  showToast(kind === 'success' ? 'green' : 'red', message);
}
