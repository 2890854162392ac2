import { type Announcement, canHidePost, canManageAnnouncement, type PostViewer } from '@foyer/contract';
import { ActionIcon, Menu } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconDots, IconEyeOff, IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from '../../../i18n/react';
import { toast } from '../../../lib/toast';
import { useDeleteAnnouncement, useHideAnnouncement } from '../api/announcements';
import { announcementFailure } from '../lib/failure-text';
import '../i18n';

/**
 * Edit and delete for the author, organizers and moderators (E6.06, E6.35); Hide for organizers and
 * moderators on someone else's post (it leaves the lobby for everyone, the author included).
 */
export function AnnouncementMenu({
  post,
  viewer,
  onEdit,
  onDeleted,
}: {
  post: Announcement;
  viewer: PostViewer;
  onEdit(): void;
  onDeleted?(): void;
}) {
  const { t } = useTranslation();
  const remove = useDeleteAnnouncement(post.eventId);
  const hide = useHideAnnouncement(post.eventId);
  const manage = canManageAnnouncement(post, viewer);
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
          onError: (error) => toast('error', announcementFailure(t, 'delete', error)), // E8.39
        }),
    });
  const confirmHide = () =>
    modals.openConfirmModal({
      title: t('lobby.announcement.hideTitle'),
      children: t('lobby.announcement.hideText'),
      labels: { confirm: t('lobby.action.hide'), cancel: t('lobby.action.cancel') },
      closeButtonProps: { 'aria-label': t('common.close') },
      confirmProps: { 'data-testid': 'announcement-hide-confirm' } as Record<string, string>,
      onConfirm: () =>
        hide.mutate(post.id, {
          onSuccess: () => {
            toast('success', t('lobby.announcement.hidden'));
            onDeleted?.();
          },
          onError: (error) => toast('error', announcementFailure(t, 'hide', error)),
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
        {manage && (
          <Menu.Item
            leftSection={<IconPencil size={16} aria-hidden />}
            onClick={onEdit}
            data-testid="announcement-edit"
          >
            {t('lobby.action.edit')}
          </Menu.Item>
        )}
        {canHidePost(post, viewer) && (
          <Menu.Item
            leftSection={<IconEyeOff size={16} aria-hidden />}
            onClick={confirmHide}
            data-testid="announcement-hide"
          >
            {t('lobby.action.hide')}
          </Menu.Item>
        )}
        {manage && (
          <Menu.Item
            color="red"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={confirmDelete}
            data-testid="announcement-delete"
          >
            {t('lobby.action.delete')}
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
