import {
  type ChatMessage,
  type ChatRoom,
  canDeleteMessage,
  isSystemMessageType,
  messageTick,
  type TickMember,
} from '@foyer/contract';
import { ActionIcon, Box, Button, Group, Menu, Modal, Paper, Stack, Text } from '@mantine/core';
import { IconCheck, IconChecks, IconDots, IconInfoCircle, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { useSession } from '../../../lib/session-store';
import { chatTime, memberName, systemText } from '../lib/chat-text';
import '../i18n';

interface Props {
  message: ChatMessage;
  room: ChatRoom;
  members: readonly TickMember[];
  onDelete(message: ChatMessage): void;
}

/**
 * A2.94, E2.60 messageActionConfirmationModal: a message action (deleting one's own message) is
 * done only once confirmed here; cancelling, Escape or the close button leave the message as it is.
 */
function MessageActionConfirmation({
  opened,
  onCancel,
  onConfirm,
}: {
  opened: boolean;
  onCancel(): void;
  onConfirm(): void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={t('chat.messages.confirm.title')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      data-testid="message-action-confirmation"
    >
      <Stack gap="md">
        <Text size="sm">{t('chat.messages.confirm.text')}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t('chat.messages.confirm.cancel')}
          </Button>
          <Button color="red.9" onClick={onConfirm} data-testid="message-action-confirm">
            {t('chat.messages.confirm.ok')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** One message: a bubble (mine on the right, with its tick), a system card, or "deleted". */
export function MessageItem({ message, room, members, onDelete }: Props) {
  const { t } = useTranslation();
  const zone = useSession((state) => state.user?.timezone ?? null);
  const [confirming, setConfirming] = useState(false);
  const time = chatTime(message.dt, zone);

  if (isSystemMessageType(message.type)) {
    // E4.55: written by the meeting and contact flows; never deletable (E4.86).
    return (
      <Group justify="center" data-testid="chat-system-message" data-type={message.type}>
        <Paper withBorder radius="md" px="sm" py={6} bg="var(--mantine-color-gray-light)" maw="90%">
          <Group gap={6} wrap="nowrap" align="flex-start">
            <IconInfoCircle size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
            <Box>
              <Text size="sm" fw={500}>
                {systemText(message, room, t)}
              </Text>
              {message.msg && (
                <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {message.msg}
                </Text>
              )}
              <Text size="xs" c="dimmed">
                {time}
              </Text>
            </Box>
          </Group>
        </Paper>
      </Group>
    );
  }

  const mine = message.sndr === room.myParticipantId;
  const deleted = message.type === null;
  const tick = messageTick(message, room.myParticipantId, members);
  const sender = room.type === 'group' && !mine ? memberName(room, message.sndr, t) : null;

  return (
    <Group
      justify={mine ? 'flex-end' : 'flex-start'}
      wrap="nowrap"
      gap={4}
      data-testid="chat-message"
      data-mine={mine || undefined}
      data-message-id={message.messageId}
    >
      {mine && canDeleteMessage(message, room.myParticipantId) && (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" size="sm" aria-label={t('chat.messages.actions')}>
              <IconDots size={16} aria-hidden />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item
              color="red"
              leftSection={<IconTrash size={14} aria-hidden />}
              onClick={() => setConfirming(true)}
            >
              {t('chat.messages.delete')}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      )}
      {mine && (
        <MessageActionConfirmation
          opened={confirming}
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            onDelete(message);
          }}
        />
      )}
      <Paper
        radius="lg"
        px="sm"
        py={6}
        maw="80%"
        bg={mine ? 'var(--mantine-primary-color-light)' : 'var(--mantine-color-default)'}
        withBorder={!mine}
      >
        {sender && (
          <Text size="xs" fw={600} c="dimmed">
            {sender}
          </Text>
        )}
        <Text
          size="sm"
          fs={deleted ? 'italic' : undefined}
          c={deleted ? 'dimmed' : undefined}
          style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
          data-testid="chat-message-text"
        >
          {deleted ? t('chat.messages.deleted') : message.msg}
        </Text>
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Text size="xs" c="dimmed">
            {time}
          </Text>
          {tick && !deleted && (
            // E4.56: single tick until the other has seen it, then double.
            <Box
              component="span"
              c={tick === 'double' ? 'var(--mantine-primary-color-filled)' : 'dimmed'}
              display="inline-flex"
              data-testid="chat-tick"
              data-tick={tick}
              title={t(`chat.tick.${tick}`)}
            >
              {tick === 'double' ? (
                <IconChecks size={16} aria-label={t('chat.tick.double')} role="img" />
              ) : (
                <IconCheck size={16} aria-label={t('chat.tick.single')} role="img" />
              )}
            </Box>
          )}
        </Group>
      </Paper>
    </Group>
  );
}
