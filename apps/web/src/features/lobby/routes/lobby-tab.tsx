import { type Announcement, type EventDetails, type Poll, postViewerOf } from '@foyer/contract';
import { Grid, Stack } from '@mantine/core';
import { useState } from 'react';
import { useSearchParamsNow } from '../../../lib/search-params-now';
import { useLobbyLive } from '../api/use-lobby-live';
import { AnnouncementFeed } from '../components/announcement-feed';
import { AnnouncementFormModal } from '../components/announcement-form-modal';
import { AnnouncementInfoModal } from '../components/announcement-info-modal';
import { LiveNow } from '../components/live-now';
import { PollFormModal } from '../components/poll-form-modal';
import { PollList } from '../components/poll-list';
import '../i18n';

/** ?announcement={id} opens announcementInfo over the lobby, so the link can be shared and reloaded. */
const INFO_PARAM = 'announcement';

/**
 * The lobby tab (A2.26, A2.68 default on narrow screens): what is live now, the polls and the
 * announcements, all following the event's realtime room (E7.80, E7.81).
 */
export function LobbyTab({ event }: { event: EventDetails }) {
  const viewer = postViewerOf(event.me);
  const moderator = viewer?.moderator ?? false;
  useLobbyLive(event.id, moderator);
  const [search, setSearch] = useSearchParamsNow();
  const infoId = Number(search.get(INFO_PARAM)) || null;
  const [postForm, setPostForm] = useState<{ post: Announcement | null } | null>(null);
  const [pollForm, setPollForm] = useState<{ poll: Poll | null } | null>(null);

  const openInfo = (post: Announcement) =>
    setSearch((s) => {
      s.set(INFO_PARAM, String(post.id));
      return s;
    });
  const closeInfo = () =>
    setSearch(
      (s) => {
        s.delete(INFO_PARAM);
        return s;
      },
      { replace: true },
    );

  return (
    <>
      <div data-testid="lobby-tab">
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 7 }} order={{ base: 2, md: 1 }}>
            <AnnouncementFeed
              eventId={event.id}
              viewer={viewer}
              onCreate={() => setPostForm({ post: null })}
              onOpen={openInfo}
              onEdit={(post) => setPostForm({ post })}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }} order={{ base: 1, md: 2 }}>
            <Stack gap="lg">
              <LiveNow eventId={event.id} />
              <PollList
                eventId={event.id}
                moderator={moderator}
                onCreate={() => setPollForm({ poll: null })}
                onEdit={(poll) => setPollForm({ poll })}
              />
            </Stack>
          </Grid.Col>
        </Grid>
      </div>
      <AnnouncementInfoModal
        eventId={event.id}
        postId={infoId}
        viewer={viewer}
        onClose={closeInfo}
        onEdit={(post) => setPostForm({ post })}
      />
      <AnnouncementFormModal
        eventId={event.id}
        post={postForm?.post ?? null}
        opened={postForm !== null}
        onClose={() => setPostForm(null)}
      />
      <PollFormModal
        eventId={event.id}
        poll={pollForm?.poll ?? null}
        opened={pollForm !== null}
        onClose={() => setPollForm(null)}
      />
    </>
  );
}
