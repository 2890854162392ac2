import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import '../i18n';
import { useEvent } from '../../../lib/use-event';
import { meetingActions, useMeetingClock } from '../lib/meeting-actions';
import { rangeOf, timeOf, useDisplayZone } from '../lib/meeting-time';
import { AddGuestModal } from './add-guest-modal';
import type { CardBodyProps } from './card-body-props';
import { actions, Quote } from './card-parts';
import { MessageForm, SlotForm } from './meeting-forms';
import { MeetingPlace } from './meeting-place';
import { MeetingPresence } from './meeting-presence';

/**
 * E4.19, E4.25, E4.26: a booked meeting — its time, reschedule and cancel, and a reschedule in flight.
 * E4.54: which of check-in, ping, cancel and reschedule show follows the start window.
 */
export function MeetingDetails({
  eventId,
  participantId,
  name,
  model,
  mode,
  setMode,
  onDone,
}: CardBodyProps) {
  const { t } = useTranslation();
  const zone = useDisplayZone();
  const { meeting, reschedule, status } = model;
  const event = useEvent(eventId).data;
  const myType = event?.participantTypes.find((type) => type.id === event.me?.typeId);
  // E6.31: until the event (and so my type) is known, Add guest stays hidden rather than flash.
  const guestsDisabled = !event || (myType?.disableGuest ?? false);
  const [addingGuest, setAddingGuest] = useState(false);
  const now = useMeetingClock(model.meeting);
  const close = () => setMode(null);
  const finish = () => {
    setMode(null);
    onDone?.();
  };
  if (!meeting) return <Text size="sm">{t('meetings.meeting.loading')}</Text>;
  const when = rangeOf(meeting.sdt, meeting.edt, zone);
  const proposed =
    reschedule?.proposedSdt && reschedule.proposedEdt
      ? rangeOf(reschedule.proposedSdt, reschedule.proposedEdt, zone)
      : '';
  const canReschedule = meeting.kind !== 'table' && !meeting.guest; // E6.33
  // E6.29, E6.30: guests and expired meetings add no guests; E6.31 nor people whose type disables it.
  const canAddGuest = !meeting.guest && !meeting.expired && meeting.status !== 'cancelled' && !guestsDisabled;
  const guests = meeting.participants.filter((p) => p.role === 'guest');
  const allowed = meetingActions(meeting, now, canReschedule);

  if (mode === 'reschedule') {
    return (
      <SlotForm
        eventId={eventId}
        participantId={participantId}
        meetingId={meeting.id}
        messagePlaceholder={(slot) =>
          t('meetings.default.reschedule', { time: slot ? timeOf(slot.sdt, zone) : 'HH:MM' })
        }
        submitLabel={t('meetings.action.propose')}
        pending={model.pending}
        testId="meet-reschedule"
        onCancel={close}
        onSubmit={(slot, message) =>
          // A meeting that can be moved always came from an invitation (tables and guests cannot).
          model.meetingInvitationId !== null &&
          model.run(
            {
              call: 'reschedule',
              body: {
                invitationId: model.meetingInvitationId,
                sessionId: slot.sessionId,
                message: message || undefined,
              },
            },
            t('meetings.toast.rescheduleSent'),
            { done: close },
          )
        }
      />
    );
  }
  if (mode === 'cancel') {
    return (
      <MessageForm
        label={t('meetings.form.messageOptional')}
        placeholder={t('meetings.default.cancel')}
        submitLabel={meeting.guest ? t('meetings.action.leave') : t('meetings.action.cancelMeeting')}
        submitColor="red.9"
        pending={model.pending}
        testId="meet-cancel"
        onCancel={close}
        onSubmit={(message) =>
          model.run(
            {
              call: 'leave',
              body: { invitationId: model.meetingInvitationId ?? undefined, message: message || undefined },
            },
            t('meetings.toast.cancelled'),
            { done: finish },
          )
        }
      />
    );
  }
  if (mode === 'declineReschedule' && reschedule) {
    return (
      <MessageForm
        label={t('meetings.form.messageOptional')}
        placeholder={t('meetings.default.rescheduleDecline')}
        submitLabel={t('meetings.action.decline')}
        submitColor="red.9"
        pending={model.pending}
        testId="meet-reschedule-decline"
        onCancel={close}
        onSubmit={(message) =>
          model.run(
            {
              call: 'rejectReschedule',
              body: { invitationId: reschedule.id, message: message || undefined },
            },
            t('meetings.toast.rescheduleDeclined'),
            { done: close },
          )
        }
      />
    );
  }

  return (
    <Stack gap="sm">
      <Group gap="xs" justify="space-between" wrap="wrap">
        <Text fw={600} data-testid="meeting-time">
          {when}
        </Text>
        {meeting.status === 'rescheduled' && (
          <Badge variant="dot" color="orange.9">
            {t('meetings.meeting.rescheduled')}
          </Badge>
        )}
      </Group>
      <Text size="sm">{t('meetings.meeting.with', { name })}</Text>
      <MeetingPlace meeting={meeting} />
      {guests.length > 0 && (
        <Text size="sm" data-testid="meeting-guests">
          {t('meetings.guest.list', { names: guests.map((g) => g.fullName).join(', ') })}
        </Text>
      )}
      {status?.status === 'reschedulePending' && reschedule && (
        <Alert color="orange" role="status" data-testid="meet-reschedule-pending">
          {t('meetings.reschedule.pending', { time: proposed })}
        </Alert>
      )}
      {status?.status === 'rescheduleToRespond' && reschedule && (
        <Alert color="orange" role="status" data-testid="meet-reschedule-received">
          {t('meetings.reschedule.received', { name, time: proposed })}
          <Quote text={reschedule.message} />
        </Alert>
      )}
      {actions(
        <>
          <MeetingPresence eventId={eventId} meeting={meeting} allowed={allowed} />
          {status?.status === 'rescheduleToRespond' && reschedule && (
            <>
              <Button
                color="red.9"
                variant="outline"
                onClick={() => setMode('declineReschedule')}
                data-testid="meet-reschedule-decline-open"
              >
                {t('meetings.action.declineTime')}
              </Button>
              <Button
                loading={model.pending}
                data-testid="meet-reschedule-accept"
                onClick={() =>
                  model.run(
                    { call: 'confirmReschedule', body: { invitationId: reschedule.id } },
                    t('meetings.toast.rescheduled', { name }),
                  )
                }
              >
                {t('meetings.action.acceptTime')}
              </Button>
            </>
          )}
          {status?.status === 'reschedulePending' && reschedule && (
            <Button
              variant="default"
              loading={model.pending}
              data-testid="meet-reschedule-revoke"
              onClick={() =>
                model.run(
                  { call: 'revokeReschedule', body: { invitationId: reschedule.id } },
                  t('meetings.toast.rescheduleRevoked'),
                )
              }
            >
              {t('meetings.action.revokeReschedule')}
            </Button>
          )}
          {status?.status === 'meetingDetails' && allowed.reschedule === 'shown' && (
            <Button
              variant="default"
              onClick={() => setMode('reschedule')}
              data-testid="meet-reschedule-open"
            >
              {t('meetings.action.reschedule')}
            </Button>
          )}
          {canAddGuest && (
            <Button variant="default" onClick={() => setAddingGuest(true)} data-testid="meet-add-guest-open">
              {t('meetings.guest.open')}
            </Button>
          )}
          {allowed.cancel === 'shown' && (
            <Button
              color="red.9"
              variant="outline"
              onClick={() => setMode('cancel')}
              data-testid="meet-cancel-open"
            >
              {meeting.guest ? t('meetings.action.leave') : t('meetings.action.cancelMeeting')}
            </Button>
          )}
        </>,
      )}
      <AddGuestModal
        eventId={eventId}
        meeting={meeting}
        opened={addingGuest}
        onClose={() => setAddingGuest(false)}
      />
    </Stack>
  );
}
