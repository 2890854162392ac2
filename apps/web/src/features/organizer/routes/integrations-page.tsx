import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../i18n/react';
import { useConsoleEvent } from '../api/events';
import { ApiKeysSection } from '../components/integrations-keys';
import { WebhooksSection } from '../components/integrations-webhooks';
import '../i18n';

/**
 * The console's integrations area (issue 12, part 8; docs/decisions/017), for the event's owner:
 * API keys for the integration API, and webhooks with their delivery log. Times in the event's zone.
 */
export function IntegrationsPage({ eventId }: { eventId: number }) {
  const { t } = useTranslation();
  const event = useConsoleEvent(eventId);
  const timezone = event.data?.timezone ?? 'UTC';
  return (
    <Stack gap="lg" data-testid="console-integrations">
      <div>
        <Title order={1} size="h2">
          {t('organizer.integrations.title')}
        </Title>
        <Text c="dimmed" mt={4}>
          {t('organizer.integrations.intro')}
        </Text>
      </div>
      <ApiKeysSection eventId={eventId} timezone={timezone} />
      <WebhooksSection eventId={eventId} timezone={timezone} />
    </Stack>
  );
}
