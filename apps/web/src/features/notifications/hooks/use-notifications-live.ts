import {
  type InvitationChangedPayload,
  type NotificationCounts,
  NotificationRecordType,
  RecordType,
  realtimeRoom,
} from '@foyer/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useSession } from '../../../lib/session-store';
import { eventsQuery } from '../../../lib/use-events';
import { useRealtimeClient, useRealtimeRoom, useReloadOnReady } from '../../../lib/use-realtime';
import { notificationsKey, receiveCounts } from '../api/get-notifications';

/**
 * Keeps the notifications cache live from the user's room: a new notification reloads the list
 * (one carried by a meeting change is put in place), a state record (read or seen elsewhere)
 * updates the counts in place. Mount once, in the shell. `followEvents` false leaves the event rooms
 * (and the event list they come from) for later: the shell passes it once the browser is first idle.
 */
export function useNotificationsLive(followEvents = true): void {
  const userId = useSession((state) => state.user?.id ?? null);
  const queryClient = useQueryClient();
  const client = useRealtimeClient();
  const room = userId ? realtimeRoom.user(userId) : null;
  // A notification written between the bell's load and the socket's connection (A4.35).
  const onReady = useReloadOnReady(room, notificationsKey);
  useRealtimeRoom<unknown>(
    room,
    (record) => {
      if (record.type === NotificationRecordType.Notification) {
        void queryClient.invalidateQueries({ queryKey: notificationsKey });
      } else if (record.type === NotificationRecordType.State) {
        receiveCounts(queryClient, record.payload as NotificationCounts);
      } else if (record.type === RecordType.InvitationChanged) {
        // A meeting change's notification rides on its one record, with my counts after it.
        const { notification, counts } = record.payload as InvitationChangedPayload;
        if (notification && counts) receiveCounts(queryClient, counts, notification);
      }
    },
    { onReady },
  );
  // Event-wide notifications (announcement, poll, poll_finished: A9.41) are pushed once on
  // newEvents/{eventId}, not to each user's room: follow the rooms of all my active events (and the
  // one being viewed), so the badge rises whichever page is open.
  const viewed = /^\/event\/(\d+)(?:\/|$)/.exec(useLocation().pathname)?.[1];
  const active = useQuery({ ...eventsQuery, enabled: userId !== null && followEvents }).data?.active;
  const ids = [...new Set([...(active ?? []).map((e) => String(e.id)), ...(viewed ? [viewed] : [])])]
    .sort()
    .join(',');
  useEffect(() => {
    if (!client || !ids) return;
    const stops = ids.split(',').map((id) =>
      client.subscribe(realtimeRoom.event(id), (record) => {
        if (record.type === NotificationRecordType.Notification) {
          void queryClient.invalidateQueries({ queryKey: notificationsKey });
        }
      }),
    );
    return () => {
      for (const stop of stops) stop();
    };
  }, [client, ids, queryClient]);
}
