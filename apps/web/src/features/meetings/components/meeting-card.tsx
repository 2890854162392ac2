import { MeetingErrorCode } from '@foyer/contract';
import { Alert, Avatar, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import '../i18n';
import { meetingErrorText } from '../lib/meeting-errors';
import { useMeetingCard } from '../lib/use-meeting-card';
import type { CardMode } from './card-body-props';
import { MeetingCardBody } from './meeting-card-body';

export interface MeetingCardProps {
  eventId: number;
  participantId: number;
  /** Shown until the invitation tells us more about the person. */
  name: string;
  /** Mobile invitation pages open straight into one form (A2.27). */
  initialMode?: CardMode | null;
  /** The invitation the card was opened for (lists, A2.29 route state). */
  invitationId?: number | null;
  onDone?: () => void;
}

/** E2.45, E4.14: the meeting card between me and another person, with the buttons of its state. */
export function MeetingCard({
  eventId,
  participantId,
  name,
  initialMode = null,
  invitationId = null,
  onDone,
}: MeetingCardProps) {
  const { t } = useTranslation();
  const model = useMeetingCard(eventId, participantId, invitationId);
  const [mode, setMode] = useState<CardMode | null>(initialMode);
  const person = model.status?.person ?? model.invitation?.opponentParticipant ?? null;
  const fullName = person?.fullName || name;
  const blocking =
    model.lastError instanceof ApiError &&
    (model.lastError.code === MeetingErrorCode.InvitationDeclined ||
      model.lastError.code === MeetingErrorCode.MeetingLimitExceeded ||
      model.lastError.code === MeetingErrorCode.HasMeeting);

  return (
    <Stack gap="md" data-testid="meeting-card" data-status={model.status?.status ?? 'loading'}>
      <Group gap="sm" wrap="nowrap">
        <Avatar src={person?.profilePhoto} name={fullName} alt="" radius="xl" size="md" />
        <Stack gap={0} miw={0}>
          <Text fw={600} truncate>
            {fullName}
          </Text>
          {person && (person.jobTitle || person.company) && (
            <Text size="sm" c="dimmed" truncate>
              {[person.jobTitle, person.company].filter(Boolean).join(' · ')}
            </Text>
          )}
        </Stack>
      </Group>
      {blocking && (
        <Alert color="red" role="alert" data-testid="meeting-error">
          {meetingErrorText(t, model.lastError)}
        </Alert>
      )}
      {model.error ? (
        <Alert color="red" role="alert">
          {model.error.message}
        </Alert>
      ) : model.loading || !model.status ? (
        <Skeleton h={120} radius="md" />
      ) : (
        <Paper withBorder radius="md" p="md">
          <MeetingCardBody
            eventId={eventId}
            participantId={participantId}
            name={fullName}
            model={model}
            mode={mode}
            setMode={setMode}
            onDone={onDone}
          />
        </Paper>
      )}
    </Stack>
  );
}
