import { notifications } from '@mantine/notifications';
import i18n from '../i18n';

/** A toast at the top right whose close button is named in the current language. */
export function toast(kind: 'success' | 'error', message: string): void {
  notifications.show({
    color: kind === 'success' ? 'green' : 'red',
    message,
    closeButtonProps: { 'aria-label': i18n.t('common.close') },
  });
}
