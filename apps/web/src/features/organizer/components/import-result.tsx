import type { ImportJob } from '@foyer/contract';
import { Alert, Paper, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../i18n/react';

/** A commit: a progress bar while it runs, then what it inserted, updated and left unchanged. */
export function ImportResult({ job }: { job: ImportJob }) {
  const { t } = useTranslation();
  if (job.state === 'running') {
    const percent = job.total ? Math.round((job.processed / job.total) * 100) : 0;
    return (
      <Stack gap="xs" data-testid="import-progress">
        <Progress value={percent} animated size="lg" aria-label={t('organizer.import.progressLabel')} />
        <Text size="sm" aria-live="polite">
          {t('organizer.import.progress', { processed: job.processed, total: job.total })}
        </Text>
      </Stack>
    );
  }
  if (job.state === 'failed') {
    return (
      <Alert color="red" role="alert" data-testid="import-result">
        {t('organizer.import.failed')}
      </Alert>
    );
  }
  const figures = [
    ['inserted', job.inserted],
    ['updated', job.updated],
    ['unchanged', job.unchanged],
    ['skipped', job.errors],
  ] as const;
  return (
    <Paper withBorder p="md" data-testid="import-result">
      <Title order={3} size="h4" mb="sm">
        {t('organizer.import.done')}
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" component="dl" m={0}>
        {figures.map(([key, value]) => (
          <div key={key}>
            <Text component="dt" size="sm">
              {t(`organizer.import.result.${key}`)}
            </Text>
            <Text component="dd" m={0} fw={700} size="xl" data-testid={`import-${key}`}>
              {value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </Paper>
  );
}
