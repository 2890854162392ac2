import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from '../../../i18n/react';

/** A failed load: the server's message (A8.14) or 'Unknown error' (A8.32), with a retry. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry(): void }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" role="alert" title={t('common.error')}>
      <Group justify="space-between" gap="sm">
        <Text size="sm">{errorMessage(error, t('common.unknownError'))}</Text>
        <Button size="xs" variant="white" color="red" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      </Group>
    </Alert>
  );
}

/** The message an API call failed with, or the given fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}
