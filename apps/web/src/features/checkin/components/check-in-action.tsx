import { type CheckInPerson, type EventDetails, isEventFinished } from '@foyer/contract';
import { Button, Center, Loader } from '@mantine/core';
import { IconDoorEnter } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { LazyModal } from '../../../components/lazy-modal';
import { useTranslation } from '../../../i18n/react';

// The door panel is the check-in feature's own chunk: the profile carries only this button.
const CheckInPanel = lazy(async () => ({ default: (await import('./check-in-panel')).CheckInPanel }));

export interface CheckInActionProps {
  event: EventDetails;
  person: CheckInPerson;
}

/** Check-in staff and organizers, while the event is not finished (E6.13; the server's rule). */
export function canCheckInPeople(event: EventDetails, now: Date = new Date()): boolean {
  const me = event.me;
  return me !== null && (me.checkInAdmin || me.organizer) && !isEventFinished(event, now);
}

/**
 * E4.68: "Check in" on an attendee's profile opens the door panel for that person; its "Scan next"
 * closes it again.
 */
export function CheckInAction({ event, person }: CheckInActionProps) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  if (!canCheckInPeople(event)) return null;
  const close = () => setOpened(false);
  return (
    <>
      <Button
        size="sm"
        variant="default"
        leftSection={<IconDoorEnter size={16} aria-hidden />}
        onClick={() => setOpened(true)}
        data-testid="attendee-detail-check-in"
      >
        {t('nav.checkIn')}
      </Button>
      <LazyModal
        opened={opened}
        onClose={close}
        title={`${t('nav.checkIn')}: ${person.fullName}`}
        centered
        size="md"
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        {opened && (
          <Suspense
            fallback={
              <Center py="lg">
                <Loader size="sm" aria-label={t('common.loading')} />
              </Center>
            }
          >
            <CheckInPanel event={event} person={person} onDone={close} />
          </Suspense>
        )}
      </LazyModal>
    </>
  );
}
