import { ActionIcon, Affix, Button, Indicator, Popover } from '@mantine/core';
import { IconMessages } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { LazyPart } from '../../components/lazy-part';
import { useChatUnreadTotal } from '../../features/chat/api/chat-api';
import { useChatWindow } from '../../features/chat/lib/chat-window-store';
import { useTranslation } from '../../i18n/react';

// The list and the conversation window load with the chat's own chunk, when first opened.
const FloatingChatPanel = lazy(async () => ({
  default: (await import('../../features/chat/components/floating-panel')).FloatingChatPanel,
}));
const FloatingChatWindow = lazy(async () => ({
  default: (await import('../../features/chat/components/floating-window')).FloatingChatWindow,
}));

/**
 * A2.80: the floating chat list (not on /chat): a button with the unread count that opens my
 * conversations; on desktop a conversation opens in a small window over the page, on mobile in
 * the full chat. Loaded lazily by the frame (`FloatingChatSpot`), which keeps the chat caches live.
 */
export function FloatingChat({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const unread = useChatUnreadTotal();
  const windowRoom = useChatWindow((state) => state.roomId);
  const openWindow = useChatWindow((state) => state.open);
  const [opened, setOpened] = useState(false);
  const toggle = () => setOpened((o) => !o);
  const label = unread > 0 ? `${t('shell.chat.floating')} (${unread})` : t('shell.chat.floating');

  return (
    <>
      {/* In place, not in a portal: a portal's set-up in the shell's first commit runs every effect of
          the page at once in that commit's task, before the first screen is painted. */}
      <Affix position={{ bottom: 16, right: 16 }} zIndex={150} withinPortal={false}>
        <Indicator
          label={unread > 99 ? '99+' : unread}
          size={20}
          disabled={unread === 0}
          offset={compact ? 6 : 4}
          zIndex={151}
          data-testid="floating-chat-unread"
          data-count={unread}
        >
          <Popover
            opened={opened}
            onChange={setOpened}
            position="top-end"
            width={compact ? 300 : 340}
            shadow="lg"
            trapFocus
            returnFocus
            withinPortal={false}
          >
            <Popover.Target>
              {compact ? (
                <ActionIcon
                  size={52}
                  radius="xl"
                  aria-label={label}
                  onClick={toggle}
                  data-testid="floating-chat-button"
                >
                  <IconMessages size={24} aria-hidden />
                </ActionIcon>
              ) : (
                <Button
                  radius="xl"
                  size="md"
                  leftSection={<IconMessages size={20} aria-hidden />}
                  aria-label={label}
                  onClick={toggle}
                  data-testid="floating-chat-button"
                >
                  {t('shell.chat.floating')}
                </Button>
              )}
            </Popover.Target>
            <Popover.Dropdown
              p={0}
              role="dialog"
              aria-label={t('shell.chat.floating')}
              data-testid="floating-chat-panel"
            >
              {opened && (
                <LazyPart py="lg">
                  <FloatingChatPanel
                    onLeave={() => setOpened(false)}
                    onSelect={(room) => {
                      setOpened(false);
                      if (compact) navigate(`/chat?room=${room.id}`);
                      else openWindow(room.id);
                    }}
                  />
                </LazyPart>
              )}
            </Popover.Dropdown>
          </Popover>
        </Indicator>
      </Affix>
      {!compact && windowRoom !== null && (
        <Suspense fallback={null}>
          <FloatingChatWindow roomId={windowRoom} />
        </Suspense>
      )}
    </>
  );
}
