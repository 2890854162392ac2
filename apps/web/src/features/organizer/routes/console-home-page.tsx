import { Alert, Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from '../../../i18n/react';
import { formatDateTime } from '../../../lib/format-date';
import { useConsoleEvents } from '../api/events';
import '../i18n';

/** /organizer: the events I organize or staff, and "Create an event" (issue 12). */
export function ConsoleHomePage() {
  const { t } = useTranslation();
  const events = useConsoleEvents();
  return (
    <Stack gap="lg" data-testid="console-home">
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>{t('organizer.home.title')}</Title>
        <Button
          component={Link}
          to="/organizer/new"
          leftSection={<IconPlus size={18} aria-hidden />}
          data-testid="console-create"
        >
          {t('organizer.home.create')}
        </Button>
      </Group>
      {events.isPending && <Skeleton h={120} radius="md" aria-label={t('common.loading')} />}
      {events.isError && (
        <Alert color="red" role="alert">
          {events.error.message}
        </Alert>
      )}
      {events.data?.length === 0 && (
        <Card withBorder padding="lg" data-testid="console-empty">
          <Text fw={600}>{t('organizer.home.empty.title')}</Text>
          <Text c="dimmed">{t('organizer.home.empty.text')}</Text>
        </Card>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {events.data?.map((event) => (
          <Card
            key={event.id}
            withBorder
            padding="lg"
            component={Link}
            to={`/organizer/${event.id}`}
            data-testid="console-event-card"
          >
            <Stack gap={6}>
              <Group gap="xs">
                <Badge variant="light">{t(`organizer.role.${event.role}`)}</Badge>
                {event.archived && <Badge color="gray">{t('organizer.event.archived')}</Badge>}
              </Group>
              <Text fw={700} size="lg">
                {event.name}
              </Text>
              <Text size="sm" c="dimmed">
                {formatDateTime(event.realSdt, event.timezone)} –{' '}
                {formatDateTime(event.realEdt, event.timezone)}
              </Text>
              <Text size="sm">{t('organizer.home.participants', { count: event.participantCount })}</Text>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
