import type { Invitation } from '@foyer/contract';
import { Avatar, Badge, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from '../../../i18n/react';
import { formatDateTime } from '../../../lib/format-date';
import '../i18n';
import { invitationLabel, invitationTimeKey } from '../lib/invitation-label';
import { rangeOf, useDisplayZone } from '../lib/meeting-time';

/** E2.36: one invitation in a list — the other person, what it is about, when; opens its meeting card. */
export function InvitationItem({
  invitation,
  onOpen,
}: {
  invitation: Invitation;
  onOpen(i: Invitation): void;
}) {
  const { t } = useTranslation();
  const zone = useDisplayZone();
  const person = invitation.opponentParticipant;
  const label = invitationLabel(invitation);
  const meeting = invitation.meetingDetails;
  const slot =
    invitation.type === 'reschedule' && invitation.proposedSdt && invitation.proposedEdt
      ? rangeOf(invitation.proposedSdt, invitation.proposedEdt, zone)
      : meeting && meeting.status !== 'cancelled'
        ? rangeOf(meeting.sdt, meeting.edt, zone)
        : null;
  return (
    <UnstyledButton
      onClick={() => onOpen(invitation)}
      w="100%"
      p="xs"
      style={{ borderRadius: 8, border: '1px solid var(--mantine-color-default-border)' }}
      data-testid="invitation-row"
      data-invitation-id={invitation.id}
      data-state={invitation.state}
    >
      <Group wrap="nowrap" gap="sm" align="flex-start">
        <Avatar src={person?.profilePhoto} name={person?.fullName ?? '?'} alt="" radius="xl" />
        <Stack gap={2} miw={0} flex={1}>
          {/* E2.36: the card's header, who and where the request stands. */}
          <Group justify="space-between" wrap="nowrap" gap="xs" data-testid="invitation-header">
            <Text size="sm" fw={600} truncate>
              {person?.fullName ?? t('meetings.deleted')}
            </Text>
            <Badge size="sm" variant="dot" color={label.color} style={{ flexShrink: 0 }}>
              {t(label.key)}
            </Badge>
          </Group>
          {person && (person.jobTitle || person.company) && (
            <Text size="xs" c="dimmed" truncate>
              {[person.jobTitle, person.company].filter(Boolean).join(' · ')}
            </Text>
          )}
          {invitation.message && (
            <Text size="xs" lineClamp={2}>
              {invitation.message}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {slot
              ? t(invitationTimeKey(invitation), { time: slot })
              : t('meetings.list.sentAt', { time: formatDateTime(invitation.sent, zone) })}
          </Text>
        </Stack>
      </Group>
    </UnstyledButton>
  );
}
