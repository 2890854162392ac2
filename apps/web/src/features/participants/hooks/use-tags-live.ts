import { ParticipantRecordType, realtimeRoom } from '@foyer/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../../lib/session-store';
import { useRealtimeRoom } from '../../../lib/use-realtime';
import { patchTags, type TagChange } from '../api/tags';

/** E7.76: tags set in another tab or device show here too (userRooms/{userId}). */
export function useTagsLive(eventId: number): void {
  const queryClient = useQueryClient();
  const userId = useSession((state) => state.user?.id ?? null);
  useRealtimeRoom<TagChange & { eventId: number }>(userId ? realtimeRoom.user(userId) : null, (record) => {
    if (record.type !== ParticipantRecordType.Tags || record.payload.eventId !== eventId) return;
    patchTags(queryClient, eventId, record.payload);
  });
}
