import type { ChatRoom } from '@foyer/contract';
import { Avatar, Badge, Box, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconPinFilled, IconUsersGroup } from '@tabler/icons-react';
import { useTranslation } from '../../../i18n/react';
import { useSession } from '../../../lib/session-store';
import { chatTime, othersOf, previewText, roomTitle } from '../lib/chat-text';
import '../i18n';

interface Props {
  rooms: ChatRoom[];
  selectedId?: number | null;
  onSelect(room: ChatRoom): void;
  label: string;
}

/** The chat user list (E2.51): last message, its time, unread count, pinned first (E4.57). */
export function RoomList({ rooms, selectedId, onSelect, label }: Props) {
  const { t } = useTranslation();
  const zone = useSession((state) => state.user?.timezone ?? null);
  return (
    <Box component="ul" aria-label={label} m={0} p={0} style={{ listStyle: 'none' }} data-testid="chat-rooms">
      {rooms.map((room) => {
        const title = roomTitle(room, t);
        const other = room.type === 'private' ? othersOf(room)[0]?.person : null;
        const selected = room.id === selectedId;
        const unread = room.countUnreadMessages;
        return (
          <li key={room.id}>
            <UnstyledButton
              onClick={() => onSelect(room)}
              w="100%"
              px="sm"
              py="xs"
              aria-current={selected ? 'true' : undefined}
              bg={selected ? 'var(--mantine-primary-color-light)' : undefined}
              style={{ borderRadius: 8, display: 'block' }}
              data-testid="chat-room"
              data-room-id={room.id}
              data-unread={unread}
            >
              <Group wrap="nowrap" gap="sm">
                <Avatar src={other?.profilePhoto} name={title} alt="" radius="xl">
                  {room.type === 'group' ? <IconUsersGroup size={20} aria-hidden /> : undefined}
                </Avatar>
                <Stack gap={0} miw={0} flex={1}>
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <Group gap={4} wrap="nowrap" miw={0}>
                      {room.pin && <IconPinFilled size={12} aria-label={t('chat.rooms.pinned')} role="img" />}
                      <Text size="sm" fw={unread > 0 ? 700 : 600} truncate data-testid="chat-room-title">
                        {title}
                      </Text>
                    </Group>
                    <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                      {chatTime(room.lastMessageDate, zone)}
                    </Text>
                  </Group>
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <Text size="xs" c={unread > 0 ? undefined : 'dimmed'} truncate>
                      {previewText(room.lastMessage, room, t)}
                    </Text>
                    {unread > 0 && (
                      <Badge
                        size="sm"
                        circle={unread < 10}
                        style={{ flexShrink: 0 }}
                        aria-label={t('chat.rooms.unread', { count: unread })}
                        data-testid="chat-room-unread"
                      >
                        {unread > 99 ? '99+' : unread}
                      </Badge>
                    )}
                  </Group>
                </Stack>
              </Group>
            </UnstyledButton>
          </li>
        );
      })}
    </Box>
  );
}
