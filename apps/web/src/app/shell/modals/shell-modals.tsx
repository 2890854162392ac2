import { useCurrentEvent } from '../../../lib/use-current-event';
import { useShell } from '../shell-store';
import { CheckInModal } from './check-in-modal';
import { InviteParticipantModal } from './invite-participant-modal';

/** The modals the navigation opens for the current event (A2.95, A2.96). */
export function ShellModals() {
  const event = useCurrentEvent();
  const modals = useShell((state) => state.modals);
  const closeModal = useShell((state) => state.closeModal);
  if (!event) return null;
  return (
    <>
      <InviteParticipantModal
        event={event}
        opened={modals.includes('inviteParticipant')}
        onClose={() => closeModal('inviteParticipant')}
      />
      <CheckInModal opened={modals.includes('checkIn')} onClose={() => closeModal('checkIn')} />
    </>
  );
}
