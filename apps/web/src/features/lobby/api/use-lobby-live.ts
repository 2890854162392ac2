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
import { patchAnswers, useRealtimeRoom, useReloadOnReady } from '../../../lib/use-realtime';
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
          patchAnswers<FeedData>(
            queryClient,
            lobbyKeys.announcements(eventId),
            (feed) => applyAnnouncementRecord(feed, record.payload as AnnouncementRecord),
            { exact: true },
          );
          break;
        case PostRecordType.Comment:
          patchAnswers<FeedData>(
            queryClient,
            lobbyKeys.announcements(eventId),
            (feed) => applyCommentRecord(feed, record.payload as CommentRecord),
            { exact: true },
          );
          break;
        case PollRecordType.Changed:
          void queryClient.invalidateQueries({ queryKey: lobbyKeys.polls(eventId) });
          break;
        case PollRecordType.Results: {
          const results = record.payload as PollResultsRecord;
          // A moderator's push without results: they see them anyway, so the list is read again.
          if (results.results === null && moderator)
            void queryClient.invalidateQueries({ queryKey: lobbyKeys.polls(eventId) });
          else
            patchAnswers<Poll[]>(
              queryClient,
              lobbyKeys.polls(eventId),
              (polls) => applyPollResults(polls, results, moderator) ?? polls,
              { exact: true },
            );
          break;
        }
      }
    },
    { onReady },
  );
}
