import { Alert, Badge, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../i18n/react';
import '../i18n';
import type { CardBodyProps } from './card-body-props';
import { actions, Quote } from './card-parts';
import { CompanyRequest } from './company-request';
import { MeetingDetails } from './meeting-details';
import { InviteForm, MessageForm, SlotForm } from './meeting-forms';
import { SuggestedTimes } from './suggest-slots';

/** E4.14–E4.27: what the card says and offers in each status. */
export function MeetingCardBody({
  eventId,
  participantId,
  name,
  model,
  mode,
  setMode,
  onDone,
}: CardBodyProps) {
  const { t } = useTranslation();
  const { invitation, status, me } = model;
  const close = () => setMode(null);
  const finish = () => {
    setMode(null);
    onDone?.();
  };
  if (me && me.id === participantId) {
    return <Alert color="gray">{t('meetings.self')}</Alert>; // E6.18
  }
  if (model.companyRequest) {
    return (
      <CompanyRequest
        eventId={eventId}
        participantId={participantId}
        name={name}
        model={model}
        mode={mode}
        setMode={setMode}
        onDone={onDone}
      />
    );
  }
  switch (status?.status) {
    case 'inviteNew':
      return (
        <InviteForm
          eventId={eventId}
          participantId={participantId}
          pending={model.pending}
          onSubmit={(message, suggested) =>
            model.run(
              {
                call: 'join',
                body: {
                  toType: 'participant',
                  toId: participantId,
                  message,
                  ...(suggested.length > 0 ? { suggestedSessionIds: suggested.map((s) => s.sessionId) } : {}),
                },
              },
              t('meetings.toast.sent', { name }),
              { optimistic: 'invitePending' },
            )
          }
        />
      );

    case 'invitePending':
      if (mode === 'edit' && invitation) {
        return (
          <MessageForm
            label={t('meetings.form.message')}
            initial={invitation.message}
            submitLabel={t('meetings.action.save')}
            pending={model.pending}
            testId="meet-edit"
            onCancel={close}
            onSubmit={(message) =>
              model.run(
                { call: 'join', body: { toType: 'participant', toId: participantId, message } },
                t('meetings.toast.edited'),
                { done: close },
              )
            }
          />
        );
      }
      return (
        <Stack gap="sm">
          <Text size="sm">{t('meetings.pending.text', { name })}</Text>
          <Quote text={invitation?.message} testId="meet-message" />
          <SuggestedTimes
            slots={invitation?.suggestedSlots ?? []}
            label={t('meetings.suggest.youSuggested')}
          />
          {actions(
            <>
              <Button variant="default" onClick={() => setMode('edit')} data-testid="meet-edit-open">
                {t('meetings.action.edit')}
              </Button>
              <Button
                color="red.9"
                variant="outline"
                loading={model.pending}
                disabled={!invitation}
                data-testid="meet-revoke"
                onClick={() =>
                  invitation &&
                  model.run(
                    { call: 'revoke', body: { invitationId: invitation.id } },
                    t('meetings.toast.revoked'),
                  )
                }
              >
                {t('meetings.action.revoke')}
              </Button>
            </>,
          )}
        </Stack>
      );

    case 'inviteReceived': {
      if (!invitation) return <Text size="sm">{t('meetings.received.text', { name })}</Text>;
      if (mode === 'accept') {
        return (
          <SlotForm
            eventId={eventId}
            participantId={invitation.fpid === me?.id ? invitation.tpid : invitation.fpid}
            meetingId={null}
            submitLabel={t('meetings.action.confirm')}
            pending={model.pending}
            testId="meet-accept"
            suggested={invitation.suggestedSlots}
            suggestedLabel={t('meetings.suggest.theySuggested', { name })}
            onCancel={close}
            onSubmit={(slot, message) =>
              model.run(
                {
                  call: 'confirm',
                  body: {
                    invitationId: invitation.id,
                    sessionId: slot.sessionId,
                    message: message || undefined,
                  },
                },
                t('meetings.toast.scheduled', { name }),
                { done: finish },
              )
            }
          />
        );
      }
      if (mode === 'decline') {
        return (
          <MessageForm
            label={t('meetings.form.messageOptional')}
            placeholder={t('meetings.default.decline')}
            submitLabel={t('meetings.action.decline')}
            submitColor="red.9"
            pending={model.pending}
            testId="meet-decline"
            onCancel={close}
            onSubmit={(message) =>
              model.run(
                { call: 'reject', body: { invitationId: invitation.id, message: message || undefined } },
                t('meetings.toast.declined'),
                { done: finish },
              )
            }
          />
        );
      }
      const person = invitation.opponentParticipant;
      const ownBooth = !!me?.boothId && person?.boothId === me.boothId; // E5.18
      const company = invitation.toBoothId !== null && invitation.tpid !== me?.id;
      return (
        <Stack gap="sm">
          <Text size="sm">{t('meetings.received.text', { name })}</Text>
          {company && (
            <Badge variant="dot" color="grape.9">
              {t('meetings.received.company')}
            </Badge>
          )}
          <Quote text={invitation.message} testId="meet-message" />
          <SuggestedTimes
            slots={invitation.suggestedSlots}
            label={t('meetings.suggest.theySuggested', { name })}
          />
          {actions(
            <>
              <Button
                color="red.9"
                variant="outline"
                disabled={ownBooth}
                onClick={() => setMode('decline')}
                data-testid="meet-decline-open"
              >
                {t('meetings.action.decline')}
              </Button>
              <Button onClick={() => setMode('accept')} data-testid="meet-accept-open">
                {t('meetings.action.accept')}
              </Button>
            </>,
          )}
        </Stack>
      );
    }

    case 'meetingDetails':
    case 'reschedulePending':
    case 'rescheduleToRespond':
      return (
        <MeetingDetails
          eventId={eventId}
          participantId={participantId}
          name={name}
          model={model}
          mode={mode}
          setMode={setMode}
          onDone={onDone}
        />
      );

    case 'rejected':
      return (
        <Stack gap="sm">
          <Alert color="red" role="status" data-testid="meet-rejected">
            {t('meetings.rejected.text', { name })}
          </Alert>
          <Quote text={invitation?.responseMessage} />
        </Stack>
      );

    case 'inviteLimit':
      return (
        <Alert color="yellow" role="status" data-testid="meet-limit">
          {t('meetings.error.MST-00601', { max: status.maxMeetingCount ?? '' })}
        </Alert>
      );

    case 'notFound':
      return <Alert color="gray">{t('meetings.notFound')}</Alert>;

    default:
      return null;
  }
}
