import { Badge, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../i18n/react';
import '../i18n';
import type { CardBodyProps } from './card-body-props';
import { actions, Quote } from './card-parts';
import { MessageForm, SlotForm } from './meeting-forms';

/**
 * E4.09, E4.16, E6.24: a request to a colleague of my booth. Any of us may take the meeting
 * (it becomes mine: asParticipantId) or decline it for the company.
 */
export function CompanyRequest({ eventId, name, model, mode, setMode, onDone }: CardBodyProps) {
  const { t } = useTranslation();
  const request = model.companyRequest;
  if (!request || !model.me) return null;
  const meId = model.me.id;
  const finish = () => {
    setMode(null);
    onDone?.();
  };
  if (mode === 'accept') {
    return (
      <SlotForm
        eventId={eventId}
        participantId={request.fpid}
        meetingId={null}
        submitLabel={t('meetings.action.confirm')}
        pending={model.pending}
        testId="meet-accept"
        onCancel={() => setMode(null)}
        onSubmit={(slot, message) =>
          model.run(
            {
              call: 'confirm',
              body: {
                invitationId: request.id,
                sessionId: slot.sessionId,
                asParticipantId: meId,
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
        onCancel={() => setMode(null)}
        onSubmit={(message) =>
          model.run(
            { call: 'reject', body: { invitationId: request.id, message: message || undefined } },
            t('meetings.toast.declined'),
            { done: finish },
          )
        }
      />
    );
  }
  return (
    <Stack gap="sm" data-testid="meet-company-request">
      <Badge variant="dot" color="grape.9">
        {t('meetings.received.company')}
      </Badge>
      <Text size="sm">{t('meetings.company.text', { name })}</Text>
      <Quote text={request.message} testId="meet-message" />
      {actions(
        <>
          <Button color="red.9" variant="outline" onClick={() => setMode('decline')}>
            {t('meetings.action.decline')}
          </Button>
          <Button onClick={() => setMode('accept')} data-testid="meet-company-accept-open">
            {t('meetings.company.take')}
          </Button>
        </>,
      )}
    </Stack>
  );
}
