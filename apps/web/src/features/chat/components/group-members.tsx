import type { ChatRoom } from '@foyer/contract';
import { ActionIcon, Avatar, Button, Divider, Group, Modal, Stack, Text, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconUserMinus, IconUsers } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { toast } from '../../../lib/toast';
import { addChatMembers, patchRooms, putRoom, removeChatMembers } from '../api/chat-api';
import { memberName } from '../lib/chat-text';
import '../i18n';
import { MemberPicker } from './member-picker';

/** E7.56, E7.57: a group's members; add people, remove them (creator), or leave. */
function MembersBody({ room, onLeft }: { room: ChatRoom; onLeft(): void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const creator = room.createdBy === room.myParticipantId;

  // E8.48: a failure also goes to the error list (the app's mutation cache stores those marked so).
  const change = useMutation({
    mutationFn: (action: () => Promise<void>) => action(),
    meta: { errorList: true },
  });
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await change.mutateAsync(action);
      toast('success', t('chat.success')); // E8.49
    } catch (error) {
      toast('error', (error as Error).message); // E8.47
    } finally {
      setBusy(false);
    }
  };

  const add = () =>
    run(async () => {
      putRoom(queryClient, await addChatMembers(room.id, adding.map(Number)));
      setAdding([]);
    });
  const remove = (participantId: number) =>
    run(async () => {
      await removeChatMembers(room.id, [participantId]);
      if (participantId === room.myParticipantId) {
        patchRooms(queryClient, (rooms) => rooms.filter((r) => r.id !== room.id));
        onLeft();
      } else {
        patchRooms(queryClient, (rooms) =>
          rooms.map((r) =>
            r.id === room.id
              ? { ...r, members: r.members.filter((m) => m.participantId !== participantId) }
              : r,
          ),
        );
      }
    });

  return (
    <Stack>
      <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }} data-testid="chat-members">
        {room.members.map((member) => {
          const name = memberName(room, member.participantId, t);
          const me = member.participantId === room.myParticipantId;
          return (
            <Group component="li" key={member.participantId} wrap="nowrap" gap="sm">
              <Avatar src={member.person?.profilePhoto} name={name} alt="" radius="xl" size="sm" />
              <Text size="sm" flex={1} truncate>
                {me ? t('chat.group.me', { name }) : name}
              </Text>
              {creator && !me && (
                <Tooltip label={t('chat.group.remove', { name })} withinPortal>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('chat.group.remove', { name })}
                    disabled={busy}
                    onClick={() => void remove(member.participantId)}
                  >
                    <IconUserMinus size={16} aria-hidden />
                  </ActionIcon>
                </Tooltip>
              )}
            </Group>
          );
        })}
      </Stack>
      <Divider />
      <MemberPicker
        eventId={room.eventId}
        value={adding}
        onChange={setAdding}
        exclude={room.members.map((m) => m.participantId)}
      />
      <Group justify="space-between">
        <Button
          variant="subtle"
          color="red"
          onClick={() => void remove(room.myParticipantId)}
          disabled={busy}
        >
          {t('chat.group.leave')}
        </Button>
        <Button onClick={() => void add()} loading={busy} disabled={adding.length === 0}>
          {t('chat.group.add')}
        </Button>
      </Group>
    </Stack>
  );
}

export function GroupMembersButton({ room }: { room: ChatRoom }) {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Tooltip label={t('chat.group.manage')} withinPortal>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={t('chat.group.manage')}
          onClick={open}
          data-testid="chat-members-button"
        >
          <IconUsers size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Modal
        opened={opened}
        onClose={close}
        title={t('chat.group.manage')}
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <MembersBody room={room} onLeft={close} />
      </Modal>
    </>
  );
}
