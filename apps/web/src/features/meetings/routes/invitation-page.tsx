import '../i18n';
import { MOBILE_MAX_WIDTH } from '@foyer/contract';
import { Button, EmptyState, Stack, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconMailOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import type { ModalRouteState } from '../../../lib/modal-route';

/** A2.27: the sub-paths of an invitation page. */
export const INVITATION_ACTIONS = [
  'requestReschedule',
  'cancelMeeting',
  'decline',
  'accept',
  'reschedulePending',
] as const;

/**
 * A2.27–A2.29: /event/{id}/invitation/{attendeeId}[/{action}], mobile-only; wide screens go to the
 * attendees list, where the same actions open in place. Route state may name the invitation.
 */
export function InvitationPage({ eventId }: { eventId: number }) {
  const { t } = useTranslation();
  const { action } = useParams();
  const state = useLocation().state as ModalRouteState | null;
  const wide = useMediaQuery(`(min-width: ${MOBILE_MAX_WIDTH + 1}px)`, undefined, {
    getInitialValueInEffect: false,
  });
  if (wide) return <Navigate to={`/event/${eventId}/attendees`} replace />;
  const known = action === undefined || (INVITATION_ACTIONS as readonly string[]).includes(action);
  if (!known) return <Navigate to={`/event/${eventId}/attendees`} replace />;
  return (
    <Stack gap="md" data-testid="invitation-page" data-invitation-id={state?.invitationId ?? undefined}>
      <Title order={1} size="h2">
        {t(`eventArea.invitation.${action ?? 'title'}`)}
      </Title>
      <EmptyState
        py="lg"
        icon={<IconMailOff size={32} aria-hidden />}
        title={t('eventArea.invitation.closed.title')}
        description={t(
          state?.isBooth ? 'eventArea.invitation.closed.booth' : 'eventArea.invitation.closed.text',
        )}
      >
        <EmptyState.Actions>
          <Button component={Link} to={`/event/${eventId}/attendees`} variant="default">
            {t('eventArea.backTo.attendees')}
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    </Stack>
  );
}
