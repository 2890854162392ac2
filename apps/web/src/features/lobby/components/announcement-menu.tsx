import type { Announcement } from '@foyer/contract';
import { ActionIcon, Menu } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconDots, IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import { useDeleteAnnouncement } from '../api/announcements';
import '../i18n';

/** Edit and delete for the author, organizers and moderators (E6.06, E6.35). */
export function AnnouncementMenu({
  post,
  onEdit,
  onDeleted,
}: {
  post: Announcement;
  onEdit(): void;
  onDeleted?(): void;
}) {
  const { t } = useTranslation();
  const remove = useDeleteAnnouncement(post.eventId);
  const confirmDelete = () =>
    modals.openConfirmModal({
      title: t('lobby.announcement.deleteTitle'),
      children: t('lobby.announcement.deleteText'),
      labels: { confirm: t('lobby.action.delete'), cancel: t('lobby.action.cancel') },
      confirmProps: { color: 'red' },
      closeButtonProps: { 'aria-label': t('common.close') },
      onConfirm: () =>
        remove.mutate(post.id, {
          onSuccess: () => {
            toast('success', t('lobby.announcement.deleted'));
            onDeleted?.();
          },
          onError: (error) =>
            toast('error', t('lobby.announcement.deleteFailed', { message: error.message })), // E8.39
        }),
    });
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={t('lobby.announcement.actions')}
          data-testid="announcement-menu"
        >
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          leftSection={<IconPencil size={16} aria-hidden />}
          onClick={onEdit}
          data-testid="announcement-edit"
        >
          {t('lobby.action.edit')}
        </Menu.Item>
        <Menu.Item
          color="red"
          leftSection={<IconTrash size={16} aria-hidden />}
          onClick={confirmDelete}
          data-testid="announcement-delete"
        >
          {t('lobby.action.delete')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
