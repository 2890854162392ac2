import type { ChatMessage, ChatRoom, TickMember } from '@foyer/contract';
import { Box, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import '../i18n';
import { MessageItem } from './message-item';

interface Props {
  room: ChatRoom;
  label: string;
  messages: ChatMessage[];
  members: readonly TickMember[];
  hasMore: boolean;
  onLoadEarlier(): Promise<void>;
  onDelete(message: ChatMessage): void;
}

const NEAR_BOTTOM_PX = 120;

/**
 * The message list, newest at the bottom (E2.51). It follows new messages while the reader is at
 * the bottom; "load earlier" prepends 20 (E9.24) and keeps what the reader looks at in place.
 */
export function MessageList({ room, label, messages, members, hasMore, onLoadEarlier, onDelete }: Props) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const [loading, setLoading] = useState(false);
  const before = useRef<{ first: number | undefined; last: number | undefined; height: number; top: number }>(
    { first: undefined, last: undefined, height: 0, top: 0 },
  );
  const atBottom = useRef(true);

  const first = messages[0]?.messageId;
  const last = messages.at(-1)?.messageId;
  const lastMine = messages.at(-1)?.sndr === room.myParticipantId;

  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const prev = before.current;
    if (prev.first !== undefined && first !== undefined && first < prev.first && last === prev.last) {
      // Earlier messages were put on top: keep the same messages under the reader's eyes.
      el.scrollTop = prev.top + (el.scrollHeight - prev.height);
    } else if (last !== prev.last && (atBottom.current || lastMine || prev.last === undefined)) {
      el.scrollTop = el.scrollHeight;
    }
    before.current = { first, last, height: el.scrollHeight, top: el.scrollTop };
  }, [first, last, lastMine]);

  const loadEarlier = async () => {
    const el = box.current;
    if (el) before.current = { ...before.current, height: el.scrollHeight, top: el.scrollTop };
    setLoading(true);
    try {
      await onLoadEarlier();
    } finally {
      setLoading(false);
    }
  };

  return (
    <Box
      ref={box}
      role="log"
      aria-label={label}
      tabIndex={0}
      flex={1}
      mih={0}
      px="sm"
      py="xs"
      style={{ overflowY: 'auto' }}
      onScroll={(event) => {
        const el = event.currentTarget;
        atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX;
        before.current.top = el.scrollTop;
      }}
      data-testid="chat-messages"
    >
      {hasMore && (
        <Center py="xs">
          <Button
            variant="subtle"
            size="xs"
            onClick={() => void loadEarlier()}
            loading={loading}
            data-testid="chat-load-earlier"
          >
            {t('chat.messages.loadEarlier')}
          </Button>
        </Center>
      )}
      {messages.length === 0 ? (
        <Center h="100%">
          <Text c="dimmed" size="sm">
            {t('chat.messages.empty')}
          </Text>
        </Center>
      ) : (
        <Stack gap={6}>
          {messages.map((message) => (
            <MessageItem
              key={message.messageId}
              message={message}
              room={room}
              members={members}
              onDelete={onDelete}
            />
          ))}
        </Stack>
      )}
    </Box>
  );
}

export function MessagesLoader() {
  const { t } = useTranslation();
  return (
    <Center flex={1}>
      <Loader size="sm" aria-label={t('common.loading')} />
    </Center>
  );
}
