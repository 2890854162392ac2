import type { Announcement, PostViewer } from '@foyer/contract';
import { Alert, Button, Center, EmptyState, Group, Loader, Paper, Stack, Title } from '@mantine/core';
import { IconPlus, IconSpeakerphone } from '@tabler/icons-react';
import { useTranslation } from '../../../i18n/react';
import { useAnnouncements } from '../api/announcements';
import { AnnouncementCard } from './announcement-card';
import '../i18n';

interface Props {
  eventId: number;
  viewer: PostViewer | null;
  onCreate(): void;
  onOpen(post: Announcement): void;
  onEdit(post: Announcement): void;
}

/**
 * The announcements feed (E1.08, E2.47): newest first, live, older ones on demand. Every participant
 * reads, posts and comments (E1.08); authors, organizers and moderators manage posts (E6.06, E6.35).
 */
export function AnnouncementFeed({ eventId, viewer, onCreate, onOpen, onEdit }: Props) {
  const { t } = useTranslation();
  const feed = useAnnouncements(eventId);
  const posts = feed.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Stack
      gap="sm"
      component="section"
      aria-labelledby="lobby-announcements-title"
      data-testid="lobby-announcements"
    >
      <Group justify="space-between" gap="xs">
        <Title order={2} size="h4" id="lobby-announcements-title">
          {t('lobby.announcements.title')}
        </Title>
        {viewer && (
          <Button
            size="compact-sm"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={onCreate}
            data-testid="announcement-create"
          >
            {t('lobby.announcements.create')}
          </Button>
        )}
      </Group>
      {feed.isPending ? (
        <Center py="lg">
          <Loader role="status" aria-label={t('common.loading')} />
        </Center>
      ) : feed.isError ? (
        <Alert color="red" role="alert">
          {feed.error.message}
        </Alert>
      ) : posts.length === 0 ? (
        <Paper withBorder radius="md">
          <EmptyState
            py="lg"
            icon={<IconSpeakerphone size={32} aria-hidden />}
            title={t('lobby.announcements.emptyTitle')}
            description={t('lobby.announcements.emptyText')}
            data-testid="announcements-empty"
          />
        </Paper>
      ) : (
        posts.map((post) => (
          <AnnouncementCard
            key={post.id}
            post={post}
            viewer={viewer}
            onOpen={() => onOpen(post)}
            onEdit={() => onEdit(post)}
          />
        ))
      )}
      {feed.hasNextPage && (
        <Button variant="default" onClick={() => feed.fetchNextPage()} loading={feed.isFetchingNextPage}>
          {t('lobby.announcements.more')}
        </Button>
      )}
    </Stack>
  );
}
