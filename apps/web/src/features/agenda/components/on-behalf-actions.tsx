import type { EventDetails } from '@foyer/contract';
import { Button } from '@mantine/core';
import { IconCalendarPlus, IconCalendarUser } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import '../i18n';

// Only organizers and holders of the right see these: their modals load for them alone (mounted
// closed as before, so they open with their transition and give focus back).
const AddSessionModal = lazy(async () => ({
  default: (await import('./add-session-modal')).AddSessionModal,
}));
const ShowAgendaModal = lazy(async () => ({
  default: (await import('./show-agenda-modal')).ShowAgendaModal,
}));

interface Props {
  event: EventDetails;
  participantId: number;
  participantName: string;
}

/**
 * E6.10: an organizer, or a holder of the onbehalfmeeting right, reads another participant's agenda
 * (showAgenda) and adds a session to it (addSessionToAgenda). Nothing for anyone else.
 */
export function OnBehalfActions({ event, participantId, participantName }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<'show' | 'add' | null>(null);
  const me = event.me;
  if (!me || !(me.organizer || me.rights?.onbehalfmeeting === true) || me.id === participantId) return null;
  const close = () => setOpen(null);
  const who = { eventId: event.id, participantId, participantName };
  return (
    <>
      <Button
        size="sm"
        variant="default"
        leftSection={<IconCalendarUser size={16} aria-hidden />}
        onClick={() => setOpen('show')}
        data-testid="show-agenda-open"
      >
        {t('agenda.showAgenda.open')}
      </Button>
      <Button
        size="sm"
        variant="default"
        leftSection={<IconCalendarPlus size={16} aria-hidden />}
        onClick={() => setOpen('add')}
        data-testid="add-session-open"
      >
        {t('agenda.addSession.open')}
      </Button>
      <Suspense fallback={null}>
        <ShowAgendaModal {...who} opened={open === 'show'} onClose={close} />
        <AddSessionModal {...who} opened={open === 'add'} onClose={close} />
      </Suspense>
    </>
  );
}
