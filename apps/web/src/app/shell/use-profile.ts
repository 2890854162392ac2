import { RecordType, realtimeRoom } from '@foyer/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { profileKey, useProfile } from '../../lib/profile';
import { useSession } from '../../lib/session-store';
import { reloadAnswersOlderThanRecords, useRealtimeClient } from '../../lib/use-realtime';

/**
 * A7.42, A7.43: a change made in another tab or on another device (name, photo, time zone, ui
 * settings) reaches this one: the user's feed says the profile changed, and it is read again; so it
 * is when the feed comes on, if a change may have been made between the page's load and its
 * subscription. Through the query, so a read that began before the change (the start-up's, say)
 * is cancelled rather than landing after the new one, and a failed read is tried again; the signed-in
 * user follows the answer (lib/profile.ts followProfile).
 */
export function useProfileLive(): void {
  // Observed here, so a change's read runs even when no screen shows the profile (the header shows
  // the session's copy); the start-up's answer is fresh, so this asks nothing more.
  useProfile();
  const userId = useSession((state) => state.user?.id ?? null);
  const queryClient = useQueryClient();
  const realtime = useRealtimeClient();
  useEffect(() => {
    if (!realtime || userId === null) return;
    const room = realtimeRoom.user(userId);
    const readAgain = () => reloadAnswersOlderThanRecords(queryClient, realtime, room, profileKey);
    return realtime.subscribe(
      room,
      (record) => {
        if (record.type === RecordType.PublicProfileChanged) readAgain();
      },
      {
        onReady: () => {
          // No answer yet (its load failed, say): asked now.
          const state = queryClient.getQueryState(profileKey);
          if ((state?.dataUpdatedAt ?? 0) === 0 && state?.fetchStatus !== 'fetching')
            void queryClient.invalidateQueries({ queryKey: profileKey });
          else readAgain();
        },
      },
    );
  }, [realtime, userId, queryClient]);
}
