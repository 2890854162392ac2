import type { ChatRoom } from '@foyer/contract';
import {
  Box,
  Button,
  Center,
  EmptyState,
  Group,
  Loader,
  Paper,
  ScrollArea,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconMessages } from '@tabler/icons-react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from '../../../i18n/react';
import { useBreakpoint } from '../../../lib/use-breakpoint';
import { useChatRooms } from '../api/chat-api';
import { Conversation } from '../components/conversation';
import { NewGroupButton } from '../components/new-group';
import { RoomList } from '../components/room-list';
import { useChatLive } from '../hooks/use-chat-live';
import '../i18n';

const PANE_HEIGHT = 'max(440px, calc(100dvh - 190px))';
const MOBILE_HEIGHT = 'max(420px, calc(100dvh - 150px))';

function NoRooms() {
  const { t } = useTranslation();
  return (
    <EmptyState
      py="xl"
      icon={<IconMessages size={32} aria-hidden />}
      title={t('chat.rooms.empty.title')}
      description={t('chat.rooms.empty.text')}
    />
  );
}

function PickRoom() {
  const { t } = useTranslation();
  return (
    <Center h="100%">
      <EmptyState
        icon={<IconMessages size={32} aria-hidden />}
        title={t('chat.select.title')}
        description={t('chat.select.text')}
      />
    </Center>
  );
}

/** A2.12, E2.51: the full-size chat: the room list and the open conversation (?room=id). */
export function ChatPage() {
  const { t } = useTranslation();
  useChatLive();
  const mobile = useBreakpoint() === 'mobile';
  const [params, setParams] = useSearchParams();
  const rooms = useChatRooms();
  const selectedId = Number(params.get('room')) || null;
  const selected = rooms.data?.find((r) => r.id === selectedId) ?? null;
  const location = useLocation();
  const navigate = useNavigate();
  // On a phone a conversation opened from the list is a page of its own (a history entry), marked so
  // its back button goes back to the list rather than adding another entry (issue 15).
  const select = (room: ChatRoom | null) =>
    setParams(room ? { room: String(room.id) } : {}, {
      replace: !mobile,
      ...(mobile && room ? { state: { fromChatList: true } } : {}),
    });
  const back = () => {
    if ((location.state as { fromChatList?: boolean } | null)?.fromChatList) navigate(-1);
    else setParams({}, { replace: true }); // opened by a link: the list takes its place
  };

  const list = rooms.isPending ? (
    <Center py="xl">
      <Loader aria-label={t('common.loading')} />
    </Center>
  ) : rooms.isError ? (
    <Stack align="center" py="xl" px="md" gap="xs">
      <Text ta="center">{t('chat.rooms.loadError')}</Text>
      <Button size="xs" variant="default" onClick={() => void rooms.refetch()}>
        {t('chat.messages.retry')}
      </Button>
    </Stack>
  ) : rooms.data.length === 0 ? (
    <NoRooms />
  ) : (
    <RoomList rooms={rooms.data} selectedId={selectedId} onSelect={select} label={t('chat.rooms.label')} />
  );

  const header = (
    <Group justify="space-between" align="center">
      <Title order={1}>{t('chat.title')}</Title>
      <NewGroupButton onCreated={select} />
    </Group>
  );

  if (mobile) {
    return (
      <Stack gap="md" data-testid="chat-page">
        {!selected && header}
        <Paper withBorder radius="md" h={selected ? MOBILE_HEIGHT : undefined} style={{ overflow: 'hidden' }}>
          {selected ? (
            <Conversation room={selected} onBack={back} headingOrder={1} />
          ) : (
            <Box p={4}>{list}</Box>
          )}
        </Paper>
      </Stack>
    );
  }

  if (rooms.data?.length === 0) {
    return (
      <Stack gap="lg" data-testid="chat-page">
        {header}
        <Paper withBorder radius="md">
          <NoRooms />
        </Paper>
      </Stack>
    );
  }

  return (
    <Stack gap="lg" data-testid="chat-page">
      {header}
      <Paper withBorder radius="md" h={PANE_HEIGHT} style={{ overflow: 'hidden', display: 'flex' }}>
        <Box
          w={320}
          style={{ flexShrink: 0, borderRight: '1px solid var(--mantine-color-default-border)' }}
          component="nav"
          aria-label={t('chat.rooms.label')}
        >
          <ScrollArea h="100%" p={4}>
            {list}
          </ScrollArea>
        </Box>
        <Box flex={1} miw={0} h="100%">
          {selected ? <Conversation key={selected.id} room={selected} autoFocus /> : <PickRoom />}
        </Box>
      </Paper>
    </Stack>
  );
}
