import { canSeeCheckIn, type EventDetails } from '@foyer/contract';
import { lazy, Suspense, useEffect, useState } from 'react';
import { forgetDoorOpen, readDoorOpen, rememberDoorOpen } from '../../../lib/storage';
import { useCurrentEvent } from '../../../lib/use-current-event';
import { useShell } from '../shell-store';
import { useEver } from '../use-ever';
import { CheckInModal } from './check-in-modal';

// The invitation form (its validation library and form code) loads with the first invitation: the
// entry sits in the navigation of every signed-in screen, and few people press it.
const InviteParticipantModal = lazy(async () => ({
  default: (await import('./invite-participant-modal')).InviteParticipantModal,
}));

/**
 * The invitation modal once loaded: mounted closed, then opened, so it opens with its transition and
 * gives focus back to the entry that opened it (as the navigation's modals mounted ahead do).
 */
function LoadedInviteModal({
  event,
  opened,
  onClose,
}: {
  event: EventDetails;
  opened: boolean;
  onClose(): void;
}) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return <InviteParticipantModal event={event} opened={mounted && opened} onClose={onClose} />;
}

/**
 * A door's check-in screen survives a reload of its tab: open, the event is remembered for this tab
 * (lib/storage.ts); on the event's pages again, the screen opens by itself while the person may
 * still check people in. Closing it forgets.
 */
function useDoorReopens(event: EventDetails | null, opened: boolean): void {
  const openModal = useShell((state) => state.openModal);
  const eventId = event?.id ?? null;
  const allowed = event !== null && canSeeCheckIn(event);
  useEffect(() => {
    if (eventId !== null && allowed && readDoorOpen() === eventId) openModal('checkIn');
  }, [eventId, allowed, openModal]);
  useEffect(() => {
    if (opened && eventId !== null) rememberDoorOpen(eventId);
  }, [opened, eventId]);
}

/** The modals the navigation opens for the current event (A2.95, A2.96). */
export function ShellModals() {
  const event = useCurrentEvent();
  const modals = useShell((state) => state.modals);
  const closeModal = useShell((state) => state.closeModal);
  const inviteOpened = modals.includes('inviteParticipant');
  const inviteNeeded = useEver(inviteOpened);
  const checkInOpened = modals.includes('checkIn');
  useDoorReopens(event, checkInOpened);
  if (!event) return null;
  return (
    <>
      {inviteNeeded && (
        <Suspense fallback={null}>
          <LoadedInviteModal
            event={event}
            opened={inviteOpened}
            onClose={() => closeModal('inviteParticipant')}
          />
        </Suspense>
      )}
      <CheckInModal
        opened={checkInOpened}
        onClose={() => {
          forgetDoorOpen();
          closeModal('checkIn');
        }}
      />
    </>
  );
}
