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
export function showToast(color: string, message: string, autoClose?: number): void {
  const closeButtonProps = { 'aria-label': i18n.t('common.close') };
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
  }
  // The store keeps the toast until the list (loaded above) shows it.
  void import('@mantine/notifications').then(({ notifications }) =>
    notifications.show({
      id: toastId(color, message),
      color,
      message,
      closeButtonProps,
      ...(autoClose ? { autoClose } : {}),
    }),
  );
}

/** The phone layout's breakpoint (app/toasts.module.css moves the toasts below a dialog's header there). */
export const TOAST_PHONE_QUERY = '(max-width: 40em)';

/** E2.73: the four kinds of toast, each in its colour. */
export type ToastKind = 'success' | 'error' | 'warning' | 'info';
const KIND_COLOR: Record<ToastKind, string> = {
  success: 'green',
  error: 'red',
  warning: 'yellow',
  info: 'blue',
};

/**
 * A9.13: an error stays 8 s on a phone and 10 s on a wider screen (more to read beside more to look
 * at); the others close after the list's default 8 s.
 */
export function errorToastMs(phone: boolean): number {
  return phone ? 8000 : 10_000;
}

const onPhone = () =>
  typeof window !== 'undefined' && window.matchMedia?.(TOAST_PHONE_QUERY).matches === true;

/** A9.14: the error of a button's action that was turned down stays 8 s on every screen. */
export const ACTION_REJECTED_MS = 8000;

/**
 * A success, error, warning or info toast. `action`: the error is a button's action turned down
 * (A9.14), not a screen's failure (A9.13).
 */
export function toast(kind: ToastKind, message: string, options: { action?: boolean } = {}): void {
  const errorMs = options.action ? ACTION_REJECTED_MS : errorToastMs(onPhone());
  showToast(KIND_COLOR[kind], message, kind === 'error' ? errorMs : undefined);
}
