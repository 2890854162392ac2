import { ParticipantRecordType, realtimeRoom } from '@foyer/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../../lib/session-store';
import { reloadAnswersOlderThanRecords, useRealtimeClient, useRealtimeRoom } from '../../../lib/use-realtime';
import { patchTags, type TagChange, taggedAnswerKeys } from '../api/tags';

/**
 * E7.76: tags set in another tab or device show here too (userRooms/{userId}); one set between the
 * lists' load and the connection coming on reloads the lists and profiles that may lack it.
 */
export function useTagsLive(eventId: number): void {
  const queryClient = useQueryClient();
  const client = useRealtimeClient();
  const userId = useSession((state) => state.user?.id ?? null);
  const room = userId ? realtimeRoom.user(userId) : null;
  const onReady = () => {
    if (!room) return;
    for (const key of taggedAnswerKeys(eventId))
      reloadAnswersOlderThanRecords(queryClient, client, room, key);
  };
  useRealtimeRoom<TagChange & { eventId: number }>(
    room,
    (record) => {
      if (record.type !== ParticipantRecordType.Tags || record.payload.eventId !== eventId) return;
      patchTags(queryClient, eventId, record.payload);
    },
    { onReady },
  );
}
