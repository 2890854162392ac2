import {
  type Announcement,
  COMMENT_TEXT_MAX_LENGTH,
  canHidePost,
  canManageAnnouncement,
  type PostViewer,
} from '@foyer/contract';
import { Alert, Button, Center, Group, Loader, Modal, Stack, Text, Textarea, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { toast } from '../../../lib/toast';
import { useAnnouncement, useCommentMutations } from '../api/announcements';
import { commentFailure } from '../lib/failure-text';
import { AnnouncementBody } from './announcement-body';
import { AnnouncementMenu } from './announcement-menu';
import { AuthorLine } from './author-line';
import { CommentItem } from './comment-item';
import { PostLabel } from './post-label';
import '../i18n';

interface Props {
  eventId: number;
  postId: number | null;
  viewer: PostViewer | null;
  onClose(): void;
  onEdit(post: Announcement): void;
}

/** announcementInfo (A2.89): the whole announcement with its comments, live. */
export function AnnouncementInfoModal({ eventId, postId, viewer, onClose, onEdit }: Props) {
  const { t } = useTranslation();
  const mobile = useMediaQuery('(max-width: 767px)');
  const { post, isPending } = useAnnouncement(eventId, postId);
  return (
    <Modal
      opened={postId !== null}
      onClose={onClose}
      title={t('lobby.announcement.infoTitle')}
      size="lg"
      fullScreen={mobile}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      data-testid="announcement-info-modal"
    >
      {post ? (
        <Stack gap="md">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <AuthorLine
              author={post.author}
              at={post.postAt ?? post.createdAt}
              label={<PostLabel official={post.official} />}
            />
            {viewer && (canManageAnnouncement(post, viewer) || canHidePost(post, viewer)) && (
              <AnnouncementMenu post={post} viewer={viewer} onEdit={() => onEdit(post)} onDeleted={onClose} />
            )}
          </Group>
          <AnnouncementBody post={post} />
          <Comments post={post} viewer={viewer} />
        </Stack>
      ) : isPending && postId !== null ? (
        <Center py="lg">
          <Loader role="status" aria-label={t('common.loading')} />
        </Center>
      ) : (
        <Alert color="gray" data-testid="announcement-missing">
          {t('lobby.announcement.missing')}
        </Alert>
      )}
    </Modal>
  );
}

function Comments({ post, viewer }: { post: Announcement; viewer: PostViewer | null }) {
  const { t } = useTranslation();
  const mutations = useCommentMutations(post.eventId, post.id);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);

  const send = (event: React.FormEvent) => {
    event.preventDefault();
    if (!text.trim()) {
      setError(t('lobby.comment.required')); // E5.30
      return;
    }
    setError(null);
    mutations.add.mutate(text.trim(), {
      onSuccess: () => setText(''),
      onError: (e) => toast('error', commentFailure(t, 'add', e)), // E8.40
    });
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby="announcement-comments-title">
      <Title order={3} size="h5" id="announcement-comments-title">
        {t('lobby.comments.count', { count: post.commentCount })}
      </Title>
      {post.comments.length === 0 ? (
        <Text size="sm" c="gray.7">
          {t('lobby.comments.empty')}
        </Text>
      ) : (
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} data-testid="comment-list">
          {post.comments.map((comment) => (
            <CommentItem key={comment.id} comment={comment} viewer={viewer} mutations={mutations} />
          ))}
        </Stack>
      )}
      {post.published && viewer && (
        <form noValidate onSubmit={send} data-testid="comment-form">
          <Stack gap="xs">
            <Textarea
              label={t('lobby.comment.label')}
              placeholder={t('lobby.comment.placeholder')}
              autosize
              minRows={2}
              maxRows={6}
              maxLength={COMMENT_TEXT_MAX_LENGTH}
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
              error={error}
              data-testid="comment-input"
            />
            <Group justify="flex-end">
              <Button type="submit" loading={mutations.add.isPending} data-testid="comment-submit">
                {t('lobby.comment.send')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
