import { Button, Center, EmptyState, Group, Loader, Stack, Text } from '@mantine/core';
import { IconCalendarOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from '../../../i18n/react';
import { useMyAgenda } from '../api/agenda-api';
import { useNow } from '../lib/use-now';
import { AgendaList } from './agenda-list';
import '../i18n';

interface Props {
  /** The event the user is in (for the browse button), if any. */
  eventId: number | null;
  onClose(): void;
}

/** A2.74, A4.48: the desktop agenda drawer: the personal agenda, compact. */
export function AgendaDrawerContent({ eventId, onClose }: Props) {
  const { t } = useTranslation();
  const now = useNow();
  const query = useMyAgenda();
  if (query.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  }
  if (query.isError) {
    return (
      <Text c="red" size="sm" role="alert">
        {query.error.message}
      </Text>
    );
  }
  const items = query.data;
  if (items.length === 0) {
    return (
      <EmptyState
        py="xl"
        icon={<IconCalendarOff size={32} aria-hidden />}
        title={t('shell.agenda.empty.title')}
        description={t('shell.agenda.empty.text')}
      >
        <EmptyState.Actions>
          <Button
            component={Link}
            to={eventId ? `/event/${eventId}/sessions` : '/my-agenda'}
            onClick={onClose}
            data-testid="agenda-drawer-browse"
          >
            {eventId ? t('shell.agenda.browseSessions') : t('shell.agenda.open')}
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    );
  }
  return (
    <Stack gap="md" data-testid="agenda-drawer-list">
      <Group justify="flex-end">
        <Button
          component={Link}
          to="/my-agenda"
          variant="light"
          size="xs"
          onClick={onClose}
          data-testid="agenda-drawer-open"
        >
          {t('shell.agenda.open')}
        </Button>
      </Group>
      <AgendaList items={items} now={now} compact headingOrder={3} onNavigate={onClose} />
    </Stack>
  );
}
