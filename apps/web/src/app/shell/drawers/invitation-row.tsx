import type { Invitation } from '@foyer/contract';
import { Avatar, Badge, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { formatDateTime } from '../../../lib/dates';
import { overCurrentPage } from '../../../lib/modal-route';
import { useSession } from '../../../lib/session-store';

const STATE_COLOR: Record<string, string> = {
  waiting: 'yellow.9',
  accepted: 'green.9',
  meeting: 'green.9',
  rejected: 'red.9',
  revoked: 'gray.7',
  processed: 'gray.7',
  reschedule: 'orange.9',
};

/** One invitation: the other person, when it was sent, its state; opens their profile over the page. */
export function InvitationRow({ invitation, onOpen }: { invitation: Invitation; onOpen(): void }) {
  const { t } = useTranslation();
  const zone = useSession((state) => state.user?.timezone ?? null);
  const navigate = useNavigate();
  const location = useLocation();
  const person = invitation.opponentParticipant;
  const open = () => {
    navigate(`/event/${invitation.eid}/attendees/${invitation.oppId}`, { state: overCurrentPage(location) });
    onOpen();
  };
  return (
    <UnstyledButton onClick={open} w="100%" p="xs" style={{ borderRadius: 8 }} data-testid="invitation-row">
      <Group wrap="nowrap" gap="sm" align="flex-start">
        <Avatar src={person?.profilePhoto} name={person?.fullName ?? '?'} alt="" radius="xl" />
        <Stack gap={2} miw={0} flex={1}>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text size="sm" fw={600} truncate>
              {person?.fullName ?? t('shell.invitations.deleted')}
            </Text>
            <Badge size="xs" variant="light" color={STATE_COLOR[invitation.state] ?? 'gray.7'}>
              {t(`shell.invitations.state.${invitation.state}`)}
            </Badge>
          </Group>
          {person?.company && (
            <Text size="xs" c="dimmed" truncate>
              {[person.jobTitle, person.company].filter(Boolean).join(' · ')}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {formatDateTime(invitation.sent, zone)}
          </Text>
        </Stack>
      </Group>
    </UnstyledButton>
  );
}
