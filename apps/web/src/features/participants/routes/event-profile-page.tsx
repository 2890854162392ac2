import { Alert, Anchor, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from '../../../i18n/react';
import { ApiError } from '../../../lib/api-client';
import { useEvent } from '../../../lib/use-event';
import { useWizard } from '../api/event-profile';
import { ProfileWizard } from '../components/profile-wizard';
import '../i18n';

/** A2.06, E2.53: the user's own event profile, completed step by step. */
export function EventProfilePage({ eventId }: { eventId: number }) {
  const { t } = useTranslation();
  const event = useEvent(eventId).data;
  const wizard = useWizard(eventId);

  return (
    <Stack gap="lg" data-testid="event-profile-page">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1}>{t('eventArea.profile.title')}</Title>
          {event && <Text c="dimmed">{t('attendees.wizard.subtitle', { event: event.name })}</Text>}
        </div>
        {wizard.data && (
          <Button
            component={Link}
            to={`/event/${eventId}/attendees/${wizard.data.profile.id}`}
            variant="default"
            leftSection={<IconEye size={16} aria-hidden />}
            data-testid="event-profile-preview"
          >
            {t('attendees.wizard.preview')}
          </Button>
        )}
      </Group>
      {wizard.isPending || !event ? (
        wizard.isError ? null : (
          <Center py="xl">
            <Loader aria-label={t('common.loading')} />
          </Center>
        )
      ) : null}
      {wizard.isError && (
        <Alert color="red" role="alert" title={t('attendees.wizard.loadError')}>
          <Stack gap="sm" align="flex-start">
            {wizard.error instanceof ApiError ? wizard.error.message : t('common.unknownError')}
            <Button size="xs" variant="white" onClick={() => wizard.refetch()}>
              {t('common.retry')}
            </Button>
          </Stack>
        </Alert>
      )}
      {wizard.data && event && (
        <>
          <ProfileWizard key={wizard.data.profile.id} event={event} wizard={wizard.data} />
          <Text size="sm" c="dimmed">
            {t('attendees.wizard.photoHint')}{' '}
            <Anchor component={Link} to="/account/profile" size="sm" underline="always">
              {t('attendees.wizard.photoLink')}
            </Anchor>
          </Text>
        </>
      )}
    </Stack>
  );
}
