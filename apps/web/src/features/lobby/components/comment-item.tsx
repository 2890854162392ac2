import { type Comment, canDeleteComment, canEditComment, type PostViewer } from '@foyer/contract';
import { ActionIcon, Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { HoverTip } from '../../../components/hover-tip';
import { useTranslation } from '../../../i18n/react';
import { toast } from '../../../lib/toast';
import type { useCommentMutations } from '../api/announcements';
import { commentFailure } from '../lib/failure-text';
import { AuthorLine } from './author-line';
import '../i18n';

interface Props {
  comment: Comment;
  viewer: PostViewer | null;
  mutations: ReturnType<typeof useCommentMutations>;
}

/** One comment: its author edits it (E6.09 style), its author and moderators delete it (E6.07, E6.09). */
export function CommentItem({ comment, viewer, mutations }: Props) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(comment.text);
  const [error, setError] = useState<string | null>(null);
  const mayEdit = viewer !== null && canEditComment(comment, viewer);
  const mayDelete = viewer !== null && canDeleteComment(comment, viewer);

  const save = (event: React.FormEvent) => {
    event.preventDefault();
    if (!text.trim()) {
      setError(t('lobby.comment.required')); // E5.30
      return;
    }
    mutations.edit.mutate(
      { id: comment.id, text: text.trim() },
      {
        onSuccess: () => setEditing(false),
        onError: (e) => toast('error', commentFailure(t, 'update', e)),
      },
    );
  };
  const remove = () =>
    mutations.del.mutate(comment.id, {
      onError: (e) => toast('error', commentFailure(t, 'delete', e)), // E8.40
    });

  return (
    <Paper
      component="li"
      bg="gray.0"
      radius="md"
      p="sm"
      data-testid="comment-item"
      data-comment-id={comment.id}
    >
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <AuthorLine author={comment.author} at={comment.createdAt} size="sm" />
          {!editing && (mayEdit || mayDelete) && (
            <Group gap={4} wrap="nowrap">
              {mayEdit && (
                <HoverTip label={t('lobby.comment.edit')}>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={t('lobby.comment.edit')}
                    onClick={() => setEditing(true)}
                    data-testid="comment-edit"
                  >
                    <IconPencil size={16} aria-hidden />
                  </ActionIcon>
                </HoverTip>
              )}
              {mayDelete && (
                <HoverTip label={t('lobby.comment.delete')}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('lobby.comment.delete')}
                    onClick={remove}
                    loading={mutations.del.isPending && mutations.del.variables === comment.id}
                    data-testid="comment-delete"
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                </HoverTip>
              )}
            </Group>
          )}
        </Group>
        {editing ? (
          <form noValidate onSubmit={save}>
            <Stack gap="xs">
              <Textarea
                label={t('lobby.comment.editLabel')}
                autosize
                minRows={2}
                value={text}
                onChange={(e) => setText(e.currentTarget.value)}
                error={error}
                data-testid="comment-edit-input"
              />
              <Group justify="flex-end" gap="xs">
                <Button variant="default" size="compact-sm" onClick={() => setEditing(false)}>
                  {t('lobby.action.cancel')}
                </Button>
                <Button
                  type="submit"
                  size="compact-sm"
                  loading={mutations.edit.isPending}
                  data-testid="comment-save"
                >
                  {t('lobby.action.save')}
                </Button>
              </Group>
            </Stack>
          </form>
        ) : (
          <Text
            size="sm"
            style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
            data-testid="comment-text"
          >
            {comment.text}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
