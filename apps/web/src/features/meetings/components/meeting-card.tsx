import { MeetingErrorCode } from '@foyer/contract';
import { Alert, Avatar, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { ApiError } from '../../../lib/api-client';
import { handOffFocus } from '../../../lib/focus';
import '../i18n';
import { meetingErrorText } from '../lib/meeting-errors';
import { useMeetingCard } from '../lib/use-meeting-card';
import type { CardMode } from './card-body-props';
import { MeetingCardBody } from './meeting-card-body';

/**
 * WCAG 2.4.3: where focus goes when the card's state replaces the control that had it: Send request
 * gives way to Withdraw and back, a button that opens a form to the form's first field, a form
 * closed to the card's first button.
 */
function nextFocus(status: string | undefined, mode: CardMode | null): string {
  if (mode) return 'textarea, input:not([type="hidden"]), button';
  if (status === 'invitePending') return '[data-testid="meet-revoke"]';
  if (status === 'inviteNew') return '[data-testid="meet-send-submit"]';
  return 'button';
}

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
  const root = useRef<HTMLDivElement>(null);
  const shown = useRef<{ status: string | undefined; mode: CardMode | null } | null>(null);
  const status = model.status?.status;
  useEffect(() => {
    const before = shown.current;
    shown.current = { status, mode };
    // Not when the card first loads: only a change of what it shows moves focus.
    if (!before?.status || !status || (before.status === status && before.mode === mode)) return;
    return handOffFocus(root.current, nextFocus(status, mode));
  }, [status, mode]);
  const blocking =
    model.lastError instanceof ApiError &&
    (model.lastError.code === MeetingErrorCode.InvitationDeclined ||
      model.lastError.code === MeetingErrorCode.MeetingLimitExceeded ||
      model.lastError.code === MeetingErrorCode.HasMeeting);

  return (
    <Stack ref={root} gap="md" data-testid="meeting-card" data-status={status ?? 'loading'}>
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
