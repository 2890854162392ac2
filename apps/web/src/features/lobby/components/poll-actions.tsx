import { isPollActionAllowed, type Poll, type PollAction } from '@foyer/contract';
import { ActionIcon, Menu } from '@mantine/core';
import { modals } from '@mantine/modals';
import {
  IconDots,
  IconEye,
  IconEyeOff,
  IconFlag,
  IconLock,
  IconLockOpen,
  IconPencil,
  IconRefresh,
  IconSend,
  IconSendOff,
  IconTrash,
  type TablerIcon,
} from '@tabler/icons-react';
import { useTranslation } from '../../../i18n/react';
import { toast } from '../../../lib/toast';
import { useDeletePoll, usePollAction } from '../api/polls';
import '../i18n';

interface Item {
  action: PollAction;
  icon: TablerIcon;
  publishResults?: boolean;
  /** lobby.poll.action.{key} and lobby.poll.done.{key}. */
  key:
    | 'publish'
    | 'close'
    | 'reopen'
    | 'showResults'
    | 'hideResults'
    | 'finish'
    | 'finishPublish'
    | 'restart'
    | 'unpublish';
}

/** E4.58–E4.61 in the order an organizer meets them. */
const ITEMS: Item[] = [
  { action: 'publish', icon: IconSend, key: 'publish' },
  { action: 'close', icon: IconLock, key: 'close' },
  { action: 'reopen', icon: IconLockOpen, key: 'reopen' },
  { action: 'showResults', icon: IconEye, key: 'showResults' },
  { action: 'hideResults', icon: IconEyeOff, key: 'hideResults' },
  { action: 'finish', icon: IconFlag, key: 'finish' },
  { action: 'finish', icon: IconFlag, key: 'finishPublish', publishResults: true },
  { action: 'restart', icon: IconRefresh, key: 'restart' },
  { action: 'unpublish', icon: IconSendOff, key: 'unpublish' },
];

/** The organizer's and moderator's menu on a poll (E6.35): edit, the actions its status allows, delete. */
export function PollActions({ poll, onEdit }: { poll: Poll; onEdit(): void }) {
  const { t } = useTranslation();
  const act = usePollAction(poll.eventId);
  const remove = useDeletePoll(poll.eventId);
  const finished = poll.finishedAt !== null;
  const items = ITEMS.filter(
    (item) =>
      isPollActionAllowed(item.action, poll.status, finished) &&
      !(item.action === 'showResults' && poll.resultsVisible) &&
      !(item.action === 'hideResults' && !poll.resultsVisible),
  );
  const run = (item: Item) =>
    act.mutate(
      { id: poll.id, action: item.action, ...(item.publishResults ? { publishResults: true } : {}) },
      {
        onSuccess: () => toast('success', t(`lobby.poll.done.${item.key}`)),
        onError: (e) => toast('error', e.message),
      },
    );
  const confirmDelete = () =>
    modals.openConfirmModal({
      title: t('lobby.poll.deleteTitle'),
      children: t('lobby.poll.deleteText'),
      labels: { confirm: t('lobby.action.delete'), cancel: t('lobby.action.cancel') },
      confirmProps: { color: 'red' },
      closeButtonProps: { 'aria-label': t('common.close') },
      onConfirm: () =>
        remove.mutate(poll.id, {
          onSuccess: () => toast('success', t('lobby.poll.deleted')),
          onError: (e) => toast('error', e.message),
        }),
    });

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={t('lobby.poll.actions')}
          loading={act.isPending}
          data-testid="poll-menu"
        >
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          leftSection={<IconPencil size={16} aria-hidden />}
          onClick={onEdit}
          data-testid="poll-edit"
        >
          {t('lobby.action.edit')}
        </Menu.Item>
        {items.map((item) => (
          <Menu.Item
            key={item.key}
            leftSection={<item.icon size={16} aria-hidden />}
            onClick={() => run(item)}
            data-testid={`poll-action-${item.key}`}
          >
            {t(`lobby.poll.action.${item.key}`)}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item
          color="red"
          leftSection={<IconTrash size={16} aria-hidden />}
          onClick={confirmDelete}
          data-testid="poll-delete"
        >
          {t('lobby.action.delete')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
