import { ActionIcon, Affix, Button, EmptyState, Paper, Popover } from '@mantine/core';
import { IconMessages } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * A2.80: the floating chat list, collapsed to a button; it lists conversations once chat ships and
 * meanwhile says there are none, with the way to the full chat.
 */
export function FloatingChat({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  const label = t('shell.chat.floating');
  return (
    <Affix position={{ bottom: 16, right: 16 }} zIndex={150}>
      <Popover
        position="top-end"
        width={compact ? 300 : 320}
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
              aria-haspopup="dialog"
              data-testid="floating-chat-button"
            >
              <IconMessages size={24} aria-hidden />
            </ActionIcon>
          ) : (
            <Button
              radius="xl"
              size="md"
              leftSection={<IconMessages size={20} aria-hidden />}
              aria-haspopup="dialog"
              data-testid="floating-chat-button"
            >
              {label}
            </Button>
          )}
        </Popover.Target>
        <Popover.Dropdown p={0} role="dialog" aria-label={label} data-testid="floating-chat-panel">
          <Paper p="md">
            <EmptyState
              size="sm"
              icon={<IconMessages size={28} aria-hidden />}
              title={t('shell.chat.empty.title')}
              description={t('shell.chat.empty.text')}
            >
              <EmptyState.Actions>
                <Button component={Link} to="/chat" variant="default" size="xs">
                  {t('shell.chat.openFull')}
                </Button>
              </EmptyState.Actions>
            </EmptyState>
          </Paper>
        </Popover.Dropdown>
      </Popover>
    </Affix>
  );
}
