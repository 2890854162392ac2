import { Notification, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from '../../i18n/react';
import { useErrorList } from './error-list';

/**
 * A8.38 / A9.12: the stored API errors, each for 5 seconds, at the bottom of the screen where they
 * cover the least. Announced politely to screen readers.
 */
export function ErrorListView() {
  const { t } = useTranslation();
  const errors = useErrorList((state) => state.errors);
  const remove = useErrorList((state) => state.remove);
  return (
    <Stack
      gap="xs"
      aria-live="polite"
      data-testid="error-list"
      style={{
        position: 'fixed',
        bottom: 16,
        left: 16,
        zIndex: 400,
        width: 'min(360px, calc(100vw - 32px))',
        pointerEvents: errors.length ? 'auto' : 'none',
      }}
    >
      {errors.map((error) => (
        <Notification
          key={error.id}
          color="red"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          onClose={() => remove(error.id)}
          closeButtonProps={{ 'aria-label': t('common.close') }}
          withBorder
          data-testid="error-list-item"
        >
          {error.message}
        </Notification>
      ))}
    </Stack>
  );
}
