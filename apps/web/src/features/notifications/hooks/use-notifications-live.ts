import { type NotificationCounts, NotificationRecordType, realtimeRoom } from '@foyer/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../../lib/session-store';
import { useRealtimeRoom } from '../../../lib/use-realtime';
import { notificationsKey, useSetNotificationCounts } from '../api/get-notifications';

/**
 * Keeps the notifications cache live from the user's room: a new notification reloads the list,
 * a state record (read or seen elsewhere) updates the counts in place. Mount once, in the shell.
 */
export function useNotificationsLive(): void {
  const userId = useSession((state) => state.user?.id ?? null);
  const queryClient = useQueryClient();
  const setCounts = useSetNotificationCounts();
  useRealtimeRoom<unknown>(userId ? realtimeRoom.user(userId) : null, (record) => {
    if (record.type === NotificationRecordType.Notification) {
      void queryClient.invalidateQueries({ queryKey: notificationsKey });
    } else if (record.type === NotificationRecordType.State) {
      setCounts(record.payload as NotificationCounts);
    }
  });
}
