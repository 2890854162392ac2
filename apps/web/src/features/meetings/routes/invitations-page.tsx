import '../i18n';
import { type Invitation, MOBILE_MAX_WIDTH } from '@foyer/contract';
import { Alert, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconMailOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { FeaturePage } from '../../../components/feature-page';
import { useTranslation } from '../../../i18n/react';
import { invitationRouteState } from '../../../lib/invitation-route';
import type { ModalRouteState } from '../../../lib/modal-route';
import { useCurrentEvent } from '../../../lib/use-current-event';
import { useInvitationLists } from '../api/meetings-api';
import { InvitationLists } from '../components/invitation-lists';
import { AttendeeMeetModal } from '../components/meet-button';
import { PrebookModal } from '../components/prebook-modal';
import { ReserveTableModal } from '../components/reserve-table-modal';

/**
 * A2.08, E2.20: invitations of the current event (/invitations/received is the mobile menu's link
 * and opens on the received tab). On a phone an invitation opens its page (A2.27); wider, the
 * attendeeMeet modal.
 */
export function InvitationsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const event = useCurrentEvent();
  const eventId = event?.me ? event.id : null;
  const query = useInvitationLists(eventId);
  const [selected, setSelected] = useState<Invitation | null>(null);
  const [tool, setTool] = useState<'prebook' | 'table' | null>(null);
  const rights = event?.me?.rights ?? {};
  const mobile = useMediaQuery(`(max-width: ${MOBILE_MAX_WIDTH}px)`, undefined, {
    getInitialValueInEffect: false,
  });

  if (!eventId) {
    return (
      <FeaturePage
        testId="invitations-page"
        title={t('nav.invitations')}
        icon={<IconMailOff size={32} aria-hidden />}
        heading={t('shell.invitations.noEvent.title')}
        text={t('shell.invitations.noEvent.text')}
        action={{ label: t('nav.events'), to: '/event/list' }}
      />
    );
  }
  const open = (invitation: Invitation) => {
    if (!mobile) return setSelected(invitation);
    const state: ModalRouteState = invitationRouteState('invitation', {
      invitationId: invitation.id,
      isBooth: invitation.toBoothId !== null && !invitation.me,
    });
    navigate(`/event/${invitation.eid}/invitation/${invitation.oppId}`, { state });
  };

  return (
    <Stack gap="lg" data-testid="invitations-page" maw={760}>
      <Stack gap={2}>
        <Title order={1}>{t('nav.invitations')}</Title>
        {event && (
          <Text c="dimmed" size="sm">
            {event.name}
          </Text>
        )}
      </Stack>
      {(rights.onbehalfmeeting || rights.reserveatable) && (
        <Group gap="xs">
          {rights.onbehalfmeeting && (
            <Button variant="default" onClick={() => setTool('prebook')} data-testid="prebook-open">
              {t('meetings.prebook.open')}
            </Button>
          )}
          {rights.reserveatable && (
            <Button variant="default" onClick={() => setTool('table')} data-testid="reserve-table-open">
              {t('meetings.table.open')}
            </Button>
          )}
        </Group>
      )}
      <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }}>
        {query.isPending ? (
          <Skeleton h={160} radius="md" />
        ) : query.isError ? (
          <Alert color="red" role="alert">
            {query.error.message}
          </Alert>
        ) : (
          <InvitationLists
            lists={query.data}
            onOpen={open}
            headingOrder={2}
            defaultSegment={pathname.endsWith('/sent') ? 'sent' : 'received'}
          />
        )}
      </Paper>
      <PrebookModal eventId={eventId} opened={tool === 'prebook'} onClose={() => setTool(null)} />
      {event?.me && (
        <ReserveTableModal
          eventId={eventId}
          meId={event.me.id}
          boothId={event.me.boothId}
          opened={tool === 'table'}
          onClose={() => setTool(null)}
        />
      )}
      {selected && (
        <AttendeeMeetModal
          eventId={selected.eid}
          participantId={selected.oppId}
          invitationId={selected.id}
          name={selected.opponentParticipant?.fullName ?? t('meetings.deleted')}
          opened
          onClose={() => setSelected(null)}
        />
      )}
    </Stack>
  );
}
