import {
  type AnnouncementRecord,
  type CommentRecord,
  type Poll,
  PollRecordType,
  type PollResultsRecord,
  PostRecordType,
  realtimeRoom,
} from '@foyer/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeRoom, useReloadOnReady } from '../../../lib/use-realtime';
import {
  applyAnnouncementRecord,
  applyCommentRecord,
  applyPollResults,
  type FeedData,
} from '../lib/feed-cache';
import { lobbyKeys } from './keys';

/**
 * The lobby follows newEvents/{eventId} (E7.80, E7.81): announcements and comments are patched in
 * place; poll changes refetch the list (each viewer's ballot and rights shape it), votes patch the bars.
 * What was written between the lobby's load and the connection coming on reloads what may lack it.
 */
export function useLobbyLive(eventId: number, moderator: boolean) {
  const queryClient = useQueryClient();
  const room = realtimeRoom.event(eventId);
  const onReady = useReloadOnReady(room, lobbyKeys.all(eventId));
  useRealtimeRoom(
    room,
    (record) => {
      switch (record.type) {
        case PostRecordType.Announcement:
          queryClient.setQueryData<FeedData>(
            lobbyKeys.announcements(eventId),
            (feed) => feed && applyAnnouncementRecord(feed, record.payload as AnnouncementRecord),
          );
          break;
        case PostRecordType.Comment:
          queryClient.setQueryData<FeedData>(
            lobbyKeys.announcements(eventId),
            (feed) => feed && applyCommentRecord(feed, record.payload as CommentRecord),
          );
          break;
        case PollRecordType.Changed:
          void queryClient.invalidateQueries({ queryKey: lobbyKeys.polls(eventId) });
          break;
        case PollRecordType.Results: {
          const polls = queryClient.getQueryData<Poll[]>(lobbyKeys.polls(eventId));
          const next = polls && applyPollResults(polls, record.payload as PollResultsRecord, moderator);
          if (next) queryClient.setQueryData(lobbyKeys.polls(eventId), next);
          else void queryClient.invalidateQueries({ queryKey: lobbyKeys.polls(eventId) });
          break;
        }
      }
    },
    { onReady },
  );
}
