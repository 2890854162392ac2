import type { ChatRoom } from '@foyer/contract';
import { Box, Button, Center, EmptyState, Group, Loader, ScrollArea, Text } from '@mantine/core';
import { IconMessages } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from '../../../i18n/react';
import { useChatRooms } from '../api/chat-api';
import '../i18n';
import { RoomList } from './room-list';

/** A2.80: the floating chat list's content: my conversations and the way to the full chat. */
export function FloatingChatPanel({
  onSelect,
  onLeave,
}: {
  onSelect(room: ChatRoom): void;
  onLeave(): void;
}) {
  const { t } = useTranslation();
  const rooms = useChatRooms();
  return (
    <Box>
      <Group justify="space-between" px="sm" pt="sm" pb={4}>
        <Text fw={600} size="sm" component="h2" m={0}>
          {t('chat.rooms.label')}
        </Text>
        <Button component={Link} to="/chat" variant="subtle" size="compact-xs" onClick={onLeave}>
          {t('shell.chat.openFull')}
        </Button>
      </Group>
      {rooms.isPending ? (
        <Center py="lg">
          <Loader size="sm" aria-label={t('common.loading')} />
        </Center>
      ) : !rooms.data || rooms.data.length === 0 ? (
        <EmptyState
          size="sm"
          py="md"
          icon={<IconMessages size={28} aria-hidden />}
          title={t('shell.chat.empty.title')}
          description={t('shell.chat.empty.text')}
        />
      ) : (
        <ScrollArea.Autosize mah={360} p={4}>
          <RoomList rooms={rooms.data} onSelect={onSelect} label={t('chat.rooms.label')} />
        </ScrollArea.Autosize>
      )}
    </Box>
  );
}
