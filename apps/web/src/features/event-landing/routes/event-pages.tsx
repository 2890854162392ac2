import { Button, EmptyState, Paper, Stack, Title } from '@mantine/core';
import { IconBuildingStore, IconIdBadge2, IconPrinter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

function EventPage({
  title,
  icon,
  heading,
  text,
  eventId,
  testId,
}: {
  title: string;
  icon: React.ReactNode;
  heading: string;
  text: string;
  eventId: number;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg" data-testid={testId}>
      <Title order={1}>{title}</Title>
      <Paper withBorder radius="md">
        <EmptyState py="xl" icon={icon} title={heading} description={text}>
          <EmptyState.Actions>
            <Button component={Link} to={`/event/${eventId}/`} variant="default">
              {t('eventArea.backToEvent')}
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      </Paper>
    </Stack>
  );
}

/** A2.06: the user's own event profile. */
export function EventProfilePage({ eventId }: { eventId: number }) {
  const { t } = useTranslation();
  return (
    <EventPage
      eventId={eventId}
      testId="event-profile-page"
      title={t('eventArea.profile.title')}
      icon={<IconIdBadge2 size={32} aria-hidden />}
      heading={t('eventArea.profile.empty.title')}
      text={t('eventArea.profile.empty.text')}
    />
  );
}

/** A2.07: booth edit. */
export function CompanyProfilePage({ eventId }: { eventId: number }) {
  const { t } = useTranslation();
  return (
    <EventPage
      eventId={eventId}
      testId="company-profile-page"
      title={t('eventArea.company.title')}
      icon={<IconBuildingStore size={32} aria-hidden />}
      heading={t('eventArea.company.empty.title')}
      text={t('eventArea.company.empty.text')}
    />
  );
}

/** A2.20: badge printing, shown without navigation. */
export function BadgesPage({ eventId }: { eventId: number }) {
  const { t } = useTranslation();
  return (
    <main style={{ padding: 'var(--mantine-spacing-lg)' }}>
      <EventPage
        eventId={eventId}
        testId="badges-page"
        title={t('eventArea.badges.title')}
        icon={<IconPrinter size={32} aria-hidden />}
        heading={t('eventArea.badges.empty.title')}
        text={t('eventArea.badges.empty.text')}
      />
    </main>
  );
}
