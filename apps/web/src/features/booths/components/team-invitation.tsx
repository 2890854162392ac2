import { RecordType, realtimeRoom } from '@foyer/contract';
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconUsersPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n/react';
import { useSession } from '../../../lib/session-store';
import { toast } from '../../../lib/toast';
import { useRealtimeRoom, useReloadOnReady } from '../../../lib/use-realtime';
import { boothKeys } from '../api/booths';
import { useConfirmMembership, useTeam } from '../api/team';
import '../i18n';

/** Keeps the team (and a waiting invitation) current when the booth's managers change it. */
export function useTeamUpdates(eventId: number) {
  const queryClient = useQueryClient();
  const userId = useSession((s) => s.user?.id);
  const room = userId ? realtimeRoom.user(userId) : null;
  const onReady = useReloadOnReady(room, boothKeys.all(eventId));
  useRealtimeRoom(
    room,
    (record) => {
      if (record.type === RecordType.BoothTeam)
        void queryClient.invalidateQueries({ queryKey: boothKeys.all(eventId) });
    },
    { onReady },
  );
}

/** E6.27, E7.36: "You are invited to the {booth} team" with accept and decline. */
export function TeamInvitation({ eventId }: { eventId: number }) {
  const { t } = useTranslation();
  useTeamUpdates(eventId);
  const team = useTeam(eventId);
  const confirm = useConfirmMembership(eventId);
  const invitation = team.data?.invitation;
  if (!invitation) return null;

  const answer = (accepted: boolean) =>
    confirm.mutate(
      { boothId: invitation.boothId, accepted },
      {
        onSuccess(result) {
          // E8.46: 'You have been added to the {booth} team'.
          if (result.accepted) toast('success', t('expo.team.joined', { booth: invitation.boothName }));
          else toast('success', t('expo.invitation.declined'));
        },
        onError(error) {
          toast('error', error.message || t('common.unknownError'));
        },
      },
    );

  return (
    <Alert
      color="foyer"
      variant="light"
      icon={<IconUsersPlus size={20} aria-hidden />}
      title={t('expo.invitation.title', { booth: invitation.boothName })}
      data-testid="team-invitation"
    >
      <Text size="sm" mb="sm">
        {t(`expo.invitation.text.${invitation.role === 'admin' ? 'admin' : 'user'}`)}
      </Text>
      <Group gap="sm">
        <Button
          size="xs"
          onClick={() => answer(true)}
          loading={confirm.isPending && confirm.variables?.accepted === true}
          disabled={confirm.isPending}
          data-testid="team-invitation-accept"
        >
          {t('expo.invitation.accept')}
        </Button>
        <Button
          size="xs"
          variant="default"
          onClick={() => answer(false)}
          loading={confirm.isPending && confirm.variables?.accepted === false}
          disabled={confirm.isPending}
          data-testid="team-invitation-decline"
        >
          {t('expo.invitation.decline')}
        </Button>
      </Group>
    </Alert>
  );
}
