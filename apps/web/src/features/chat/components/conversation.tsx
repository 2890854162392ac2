import type { ChatRoom } from '@foyer/contract';
import { ActionIcon, Avatar, Box, Button, Center, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import {
  IconArrowLeft,
  IconMaximize,
  IconPin,
  IconPinnedOff,
  IconUser,
  IconUsersGroup,
  IconX,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../../i18n/react';
import { overCurrentPage } from '../../../lib/modal-route';
import { toast } from '../../../lib/toast';
import { useConversation } from '../hooks/use-conversation';
import { othersOf, roomTitle } from '../lib/chat-text';
import '../i18n';
import { Composer } from './composer';
import { GroupMembersButton } from './group-members';
import { MessageList, MessagesLoader } from './message-list';

interface Props {
  room: ChatRoom;
  /** Heading level of the room's title in its page. */
  headingOrder?: 1 | 2 | 3;
  /** Mobile: back to the list. */
  onBack?: () => void;
  /** Floating window: close it, and open the room in the full chat. */
  onClose?: () => void;
  onOpenFull?: () => void;
  autoFocus?: boolean;
  /** Id of the title, for a window that is labelled by it. */
  titleId?: string;
}

function HeaderButton({ label, onClick, children }: { label: string; onClick(): void; children: ReactNode }) {
  return (
    <Tooltip label={label} withinPortal>
      <ActionIcon variant="subtle" color="gray" aria-label={label} onClick={onClick}>
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

/** The active chat (E2.51): header with pin (E4.57), the messages and the input. */
export function Conversation({
  room,
  headingOrder = 2,
  onBack,
  onClose,
  onOpenFull,
  autoFocus,
  titleId,
}: Props) {
  const { t } = useTranslation();
  const { query, send, remove, loadEarlier, togglePin } = useConversation(room);
  const location = useLocation();
  const title = roomTitle(room, t);
  const other = room.type === 'private' ? othersOf(room)[0]?.person : null;
  const subtitle =
    room.type === 'group'
      ? t('chat.room.members', { count: room.members.length })
      : [other?.jobTitle, other?.company].filter(Boolean).join(' · ') || room.eventName;

  return (
    <Stack gap={0} h="100%" mih={0} data-testid="chat-conversation" data-room-id={room.id}>
      <Group
        gap="xs"
        wrap="nowrap"
        px="sm"
        py="xs"
        style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      >
        {onBack && (
          <HeaderButton label={t('chat.room.back')} onClick={onBack}>
            <IconArrowLeft size={20} aria-hidden />
          </HeaderButton>
        )}
        <Avatar src={other?.profilePhoto} name={title} alt="" radius="xl" size="md">
          {room.type === 'group' ? <IconUsersGroup size={20} aria-hidden /> : undefined}
        </Avatar>
        <Box miw={0} flex={1}>
          <Title
            order={headingOrder}
            size="h5"
            lineClamp={1}
            id={titleId}
            data-testid="chat-conversation-title"
          >
            {title}
          </Title>
          <Text size="xs" c="dimmed" truncate>
            {subtitle}
          </Text>
        </Box>
        <Tooltip label={room.pin ? t('chat.room.unpin') : t('chat.room.pin')} withinPortal>
          <ActionIcon
            variant={room.pin ? 'light' : 'subtle'}
            color={room.pin ? undefined : 'gray'}
            aria-label={t('chat.room.pin')}
            aria-pressed={room.pin}
            onClick={() => togglePin().catch((error: Error) => toast('error', error.message))}
            data-testid="chat-pin"
          >
            {room.pin ? <IconPinnedOff size={18} aria-hidden /> : <IconPin size={18} aria-hidden />}
          </ActionIcon>
        </Tooltip>
        {other && (
          // E2.05: the attendee profile is reachable from chat.
          <Tooltip label={t('chat.room.profile')} withinPortal>
            <ActionIcon
              component={Link}
              to={`/event/${room.eventId}/attendees/${other.id}`}
              state={overCurrentPage(location)}
              variant="subtle"
              color="gray"
              aria-label={t('chat.room.profile')}
            >
              <IconUser size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        )}
        {room.type === 'group' && <GroupMembersButton room={room} />}
        {onOpenFull && (
          <HeaderButton label={t('chat.room.openFull')} onClick={onOpenFull}>
            <IconMaximize size={18} aria-hidden />
          </HeaderButton>
        )}
        {onClose && (
          <HeaderButton label={t('chat.room.close')} onClick={onClose}>
            <IconX size={18} aria-hidden />
          </HeaderButton>
        )}
      </Group>
      {query.isPending ? (
        <MessagesLoader />
      ) : !query.data ? (
        // A failed refetch (bad venue Wi-Fi) keeps the messages on screen; only no data at all is an error.
        <Center flex={1}>
          <Stack align="center" gap="xs">
            <Text size="sm">{t('chat.messages.loadError')}</Text>
            <Button size="xs" variant="default" onClick={() => void query.refetch()}>
              {t('chat.messages.retry')}
            </Button>
          </Stack>
        </Center>
      ) : (
        <MessageList
          room={room}
          label={t('chat.messages.label', { name: title })}
          messages={query.data.messages}
          members={query.data.members}
          hasMore={query.data.hasMore}
          onLoadEarlier={loadEarlier}
          onDelete={remove}
        />
      )}
      <Box px="sm" py="xs" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
        <Composer key={room.id} onSend={send} autoFocus={autoFocus} />
      </Box>
    </Stack>
  );
}
