import type { ChatRoom } from '@foyer/contract';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconUsersPlus } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { toast } from '../../../lib/toast';
import { useCurrentEvent } from '../../../lib/use-current-event';
import { createGroupRoom, putRoom } from '../api/chat-api';
import '../i18n';
import { type Outgoing, outgoing } from '../lib/client-key';
import { MemberPicker } from './member-picker';

function NewGroupForm({ eventId, onDone }: { eventId: number; onDone(room: ChatRoom): void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [members, setMembers] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  /** The group of the last creation that failed: asked again unchanged, it keeps its key (E7.55). */
  const unsent = useRef<Outgoing | null>(null);

  // E8.48: a failure also goes to the error list (the app's mutation cache stores those marked so).
  const create = useMutation({
    mutationFn: (clientKey: string) => createGroupRoom(eventId, name.trim(), members.map(Number), clientKey),
    meta: { errorList: true },
  });
  const submit = async () => {
    setBusy(true);
    const group = outgoing(unsent.current, JSON.stringify([name.trim(), members]));
    unsent.current = group;
    try {
      const room = await create.mutateAsync(group.key);
      unsent.current = null;
      putRoom(queryClient, room);
      toast('success', t('chat.success')); // E8.49
      onDone(room);
    } catch (error) {
      toast('error', (error as Error).message); // E8.47
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack>
        <TextInput
          label={t('chat.group.name')}
          value={name}
          maxLength={100}
          required
          onChange={(event) => setName(event.currentTarget.value)}
          data-autofocus
        />
        <MemberPicker eventId={eventId} value={members} onChange={setMembers} />
        <Group justify="flex-end">
          <Button type="submit" loading={busy} disabled={name.trim() === '' || members.length === 0}>
            {t('chat.group.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Group rooms (E7.55): a name and members from the current event. */
export function NewGroupButton({ onCreated }: { onCreated(room: ChatRoom): void }) {
  const { t } = useTranslation();
  const event = useCurrentEvent();
  const [opened, { open, close }] = useDisclosure(false);
  if (!event?.me) return null;
  return (
    <>
      <Button
        variant="default"
        size="sm"
        leftSection={<IconUsersPlus size={16} aria-hidden />}
        onClick={open}
        data-testid="chat-new-group"
      >
        {t('chat.group.new')}
      </Button>
      <Modal
        opened={opened}
        onClose={close}
        title={t('chat.group.title')}
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <Text size="sm" c="dimmed" mb="sm">
          {t('chat.group.event')}: {event.name}
        </Text>
        <NewGroupForm
          eventId={event.id}
          onDone={(room) => {
            close();
            onCreated(room);
          }}
        />
      </Modal>
    </>
  );
}
