import { Button, EmptyState } from '@mantine/core';
import { IconCalendarOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SideDrawer } from '../../../components/side-drawer';
import { useCurrentEvent } from '../use-current-event';

interface Props {
  opened: boolean;
  onClose(): void;
}

/** The personal agenda at a glance; empty until sessions or meetings are added to it. */
export function AgendaDrawer({ opened, onClose }: Props) {
  const { t } = useTranslation();
  const event = useCurrentEvent();
  return (
    <SideDrawer opened={opened} onClose={onClose} title={t('nav.agenda')} testId="agenda-drawer">
      <EmptyState
        py="xl"
        icon={<IconCalendarOff size={32} aria-hidden />}
        title={t('shell.agenda.empty.title')}
        description={t('shell.agenda.empty.text')}
      >
        <EmptyState.Actions>
          <Button
            component={Link}
            to={event ? `/event/${event.id}/sessions` : '/my-agenda'}
            onClick={onClose}
            data-testid="agenda-drawer-browse"
          >
            {event ? t('shell.agenda.browseSessions') : t('shell.agenda.open')}
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    </SideDrawer>
  );
}
