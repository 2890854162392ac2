import type { EventDetails } from '@foyer/contract';
import { lazy, Suspense, useEffect, useState } from 'react';
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

/** The modals the navigation opens for the current event (A2.95, A2.96). */
export function ShellModals() {
  const event = useCurrentEvent();
  const modals = useShell((state) => state.modals);
  const closeModal = useShell((state) => state.closeModal);
  const inviteOpened = modals.includes('inviteParticipant');
  const inviteNeeded = useEver(inviteOpened);
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
      <CheckInModal opened={modals.includes('checkIn')} onClose={() => closeModal('checkIn')} />
    </>
  );
}
