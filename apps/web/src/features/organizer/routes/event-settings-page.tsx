import { Alert, Button, Group, Paper, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../../i18n/react';
import { useArchiveEvent, useConsoleEvent, useDuplicateEvent } from '../api/events';
import { BrandingSettings } from '../components/settings-branding';
import { FormBuilderSettings } from '../components/settings-form-builder';
import { GeneralSettings } from '../components/settings-general';
import { PagesSettings } from '../components/settings-pages';
import { VenueMapSettings } from '../components/settings-venue-map';
import { WordsSettings } from '../components/settings-words';
import { fromLocalInput } from '../lib/zoned';
import '../i18n';

/** /organizer/:eventId/settings: each section saves its own part of the event (issue 12, part 1). */
export function EventSettingsPage({ eventId }: { eventId: number }) {
  const { t } = useTranslation();
  const event = useConsoleEvent(eventId);
  if (!event.data) return <Skeleton h={300} radius="md" aria-label={t('common.loading')} />;
  // Keyed by updatedAt-free identity: sections keep their drafts while the saved copy refreshes.
  return (
    <Stack gap="lg" data-testid="console-settings">
      <GeneralSettings event={event.data} />
      <BrandingSettings event={event.data} />
      <VenueMapSettings event={event.data} />
      <FormBuilderSettings event={event.data} />
      <PagesSettings event={event.data} />
      <WordsSettings event={event.data} />
      <EventActions
        eventId={eventId}
        archived={event.data.archived}
        owner={event.data.role === 'owner'}
        zone={event.data.timezone}
      />
    </Stack>
  );
}

function EventActions({
  eventId,
  archived,
  owner,
  zone,
}: {
  eventId: number;
  archived: boolean;
  owner: boolean;
  zone: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const duplicate = useDuplicateEvent(eventId);
  const archive = useArchiveEvent(eventId);
  const [name, setName] = useState('');
  const [sdt, setSdt] = useState('');
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="event-actions-title">
      <Stack gap="md">
        <Title order={2} size="h3" id="event-actions-title">
          {t('organizer.settings.actions')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('organizer.settings.duplicateHint')}
        </Text>
        <Group align="flex-end" wrap="wrap">
          <TextInput
            label={t('organizer.settings.duplicateName')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
          />
          <TextInput
            type="datetime-local"
            label={t('organizer.settings.duplicateStart')}
            value={sdt}
            onChange={(e) => setSdt(e.currentTarget.value)}
          />
          <Button
            variant="default"
            loading={duplicate.isPending}
            disabled={!name.trim() || !fromLocalInput(sdt, zone)}
            onClick={() =>
              duplicate.mutate(
                { name: name.trim(), sdt: fromLocalInput(sdt, zone) ?? '' },
                { onSuccess: (copy) => navigate(`/organizer/${copy.id}/settings`) },
              )
            }
          >
            {t('organizer.settings.duplicate')}
          </Button>
        </Group>
        {duplicate.isError && (
          <Alert color="red" role="alert">
            {duplicate.error.message}
          </Alert>
        )}
        {owner && (
          <Group>
            <Button
              color={archived ? undefined : 'red'}
              variant="light"
              loading={archive.isPending}
              onClick={() => archive.mutate(!archived)}
            >
              {archived ? t('organizer.settings.restore') : t('organizer.settings.archive')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
