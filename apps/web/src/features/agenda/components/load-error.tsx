import { Button, EmptyState, Paper } from '@mantine/core';
import { IconSearchOff } from '@tabler/icons-react';
import { useTranslation } from '../../../i18n/react';

/** The agenda's lists when their answer could not be read: what went wrong, and a retry. */
export function AgendaLoadError({ error, onRetry }: { error: Error; onRetry(): void }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md">
      <EmptyState
        py="xl"
        icon={<IconSearchOff size={32} aria-hidden />}
        title={t('agenda.error.load')}
        description={error.message}
      >
        <EmptyState.Actions>
          <Button variant="default" onClick={onRetry}>
            {t('agenda.retry')}
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    </Paper>
  );
}
