import { type Announcement, canHidePost, canManageAnnouncement, type PostViewer } from '@foyer/contract';
import { Button, Group, Paper, Stack } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import { useTranslation } from '../../../i18n/react';
import { AnnouncementBody } from './announcement-body';
import { AnnouncementMenu } from './announcement-menu';
import { AuthorLine } from './author-line';
import { PostLabel } from './post-label';
import '../i18n';

interface Props {
  post: Announcement;
  viewer: PostViewer | null;
  onOpen(): void;
  onEdit(): void;
}

/** One announcement in the feed (E2.47): author, time, text, image, and the way to its comments. */
export function AnnouncementCard({ post, viewer, onOpen, onEdit }: Props) {
  const { t } = useTranslation();
  return (
    <Paper
      component="article"
      withBorder
      radius="md"
      p="md"
      data-testid="announcement-card"
      data-post-id={post.id}
      data-official={post.official}
      aria-label={t('lobby.announcement.by', { name: post.author?.fullName ?? t('lobby.author.deleted') })}
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <AuthorLine
            author={post.author}
            at={post.postAt ?? post.createdAt}
            label={<PostLabel official={post.official} />}
          />
          {viewer && (canManageAnnouncement(post, viewer) || canHidePost(post, viewer)) && (
            <AnnouncementMenu post={post} viewer={viewer} onEdit={onEdit} />
          )}
        </Group>
        <AnnouncementBody post={post} clamp={6} />
        <Group justify="flex-start">
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconMessageCircle size={16} aria-hidden />}
            onClick={onOpen}
            data-testid="announcement-open"
          >
            {post.commentCount > 0
              ? t('lobby.comments.count', { count: post.commentCount })
              : t('lobby.comments.none')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
