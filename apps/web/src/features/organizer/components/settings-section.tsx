import type { ConsoleEventDetails, UpdateEventRequest } from '@foyer/contract';
import { Alert, Button, Group, Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/react';
import { toast } from '../../../lib/toast';
import { useUpdateEvent } from '../api/events';
import { apiFieldErrors } from '../lib/form-errors';

export interface SectionProps {
  event: ConsoleEventDetails;
}

/** Field errors of a failed save, translated, by field name. */
export function useSaveErrors(error: Error | null): Record<string, string> {
  const { t } = useTranslation();
  return apiFieldErrors(t, error) ?? {};
}

/** One settings section: a titled card whose form saves its own part of the event (PUT, partial). */
export function SettingsSection({
  eventId,
  title,
  testId,
  build,
  children,
}: {
  eventId: number;
  title: string;
  testId: string;
  /** The part of the event this section changes, or null while its input is not valid. */
  build: () => UpdateEventRequest | null;
  /** The section's fields, given the translated field errors of the last failed save. */
  children: (errors: Record<string, string>) => ReactNode;
}) {
  const { t } = useTranslation();
  const save = useUpdateEvent(eventId);
  const errors = useSaveErrors(save.error);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const body = build();
    if (!body) return;
    save.mutate(body, { onSuccess: () => toast('success', t('organizer.settings.saved')) });
  };
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby={`${testId}-title`}>
      <form noValidate onSubmit={submit} data-testid={testId}>
        <Stack gap="md">
          <Title order={2} size="h3" id={`${testId}-title`}>
            {title}
          </Title>
          {children(errors)}
          {save.isError && Object.keys(errors).length === 0 && (
            <Alert color="red" role="alert">
              {save.error.message}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending} data-testid={`${testId}-save`}>
              {t('organizer.settings.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
