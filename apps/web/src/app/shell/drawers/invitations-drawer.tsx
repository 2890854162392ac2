import type { Invitation } from '@foyer/contract';
import { Alert, Anchor, EmptyState, Skeleton } from '@mantine/core';
import { IconMailOff } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { SideDrawer } from '../../../components/side-drawer';
import { InvitationLists } from '../../../features/meetings/components/invitation-lists';
import { AttendeeMeetModal } from '../../../features/meetings/components/meet-button';
import { useTranslation } from '../../../i18n/react';
import { useCurrentEvent } from '../../../lib/use-current-event';
import { useEventInvitations } from './use-invitations';

interface Props {
  opened: boolean;
  onClose(): void;
}

/**
 * A2.76, E2.33, E2.34: received and sent, plus company when the booth has company invitations,
 * each live and past; kept current by the user room (useInvitationsLive). Opening one closes the
 * drawer and shows its meeting card in the attendeeMeet modal.
 */
export function InvitationsDrawer({ opened, onClose }: Props) {
  const { t } = useTranslation();
  const event = useCurrentEvent();
  const query = useEventInvitations(event);
  const [selected, setSelected] = useState<Invitation | null>(null);
  const open = (invitation: Invitation) => {
    setSelected(invitation);
    onClose();
  };

  let body: ReactNode;
  if (!event) {
    body = (
      <EmptyState
        py="xl"
        icon={<IconMailOff size={32} aria-hidden />}
        title={t('shell.invitations.noEvent.title')}
        description={t('shell.invitations.noEvent.text')}
      >
        <EmptyState.Actions>
          <Anchor component={Link} to="/event/list" onClick={onClose}>
            {t('nav.events')}
          </Anchor>
        </EmptyState.Actions>
      </EmptyState>
    );
  } else if (query.isPending) {
    body = <Skeleton h={120} radius="md" />;
  } else if (query.isError) {
    body = (
      <Alert color="red" role="alert">
        {query.error.message}
      </Alert>
    );
  } else {
    body = <InvitationLists lists={query.data} onOpen={open} />;
  }

  return (
    <>
      <SideDrawer opened={opened} onClose={onClose} title={t('nav.invitations')} testId="invitations-drawer">
        {body}
      </SideDrawer>
      {selected && (
        <AttendeeMeetModal
          eventId={selected.eid}
          participantId={selected.oppId}
          invitationId={selected.id}
          name={selected.opponentParticipant?.fullName ?? t('shell.invitations.deleted')}
          opened
          onClose={() => setSelected(null)}
        />
      )}
    </>
  );
}
