import '../i18n';
import { MOBILE_MAX_WIDTH } from '@foyer/contract';
import { Anchor, Stack, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import { useTranslation } from '../../../i18n/react';
import { invitationBackLink } from '../../../lib/invitation-route';
import type { ModalRouteState } from '../../../lib/modal-route';
import type { CardMode } from '../components/card-body-props';
import { MeetingCard } from '../components/meeting-card';

/** A2.27: the sub-paths of an invitation page. */
export const INVITATION_ACTIONS = [
  'requestReschedule',
  'cancelMeeting',
  'decline',
  'accept',
  'reschedulePending',
] as const;
type InvitationAction = (typeof INVITATION_ACTIONS)[number];
const isKnownAction = (action: string | undefined): action is InvitationAction | undefined =>
  action === undefined || (INVITATION_ACTIONS as readonly string[]).includes(action);

/** Which form of the meeting card each sub-path opens. */
const MODE_OF: Record<InvitationAction, CardMode | null> = {
  requestReschedule: 'reschedule',
  cancelMeeting: 'cancel',
  decline: 'decline',
  accept: 'accept',
  reschedulePending: null,
};

/**
 * A2.27–A2.29: /event/{id}/invitation/{attendeeId}[/{action}], mobile-only; wide screens go to the
 * attendees list, where the same card opens in the attendeeMeet modal. Route state may name the
 * invitation, and the page it was opened from (E2.19), which the back link returns to.
 */
export function InvitationPage({ eventId }: { eventId: number }) {
  const { t } = useTranslation();
  const { action, attendeeId } = useParams();
  const state = useLocation().state as ModalRouteState | null;
  const wide = useMediaQuery(`(min-width: ${MOBILE_MAX_WIDTH + 1}px)`, undefined, {
    getInitialValueInEffect: false,
  });
  const participantId = Number(attendeeId);
  if (wide) return <Navigate to={`/event/${eventId}/attendees`} replace />;
  if (!isKnownAction(action) || !Number.isInteger(participantId) || participantId <= 0) {
    return <Navigate to={`/event/${eventId}/attendees`} replace />;
  }
  const mode = action ? MODE_OF[action] : null;
  const back = invitationBackLink(state);
  return (
    <Stack gap="md" data-testid="invitation-page" data-invitation-id={state?.invitationId ?? undefined}>
      <Anchor component={Link} to={back.to} size="sm" data-testid="invitation-back">
        {t(back.labelKey)}
      </Anchor>
      <Title order={1} size="h2">
        {t(`eventArea.invitation.${action ?? 'title'}`)}
      </Title>
      <MeetingCard
        key={`${participantId}-${action ?? ''}`}
        eventId={eventId}
        participantId={participantId}
        name=""
        initialMode={mode}
        invitationId={state?.invitationId ?? null}
      />
    </Stack>
  );
}
