import {
  CHECK_IN_LIST_LENGTH,
  type CheckInChangedPayload,
  type CheckInList,
  type CheckInOverview,
  RecordType,
  realtimeRoom,
} from '@foyer/contract';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { patchAnswers, useRealtimeClient } from '../../../lib/use-realtime';
import { applyLiveChange } from '../offline/snapshot';

/**
 * Live door state (issue 14 part 5, E7.73): every check-in and check-out at any door of the event
 * arrives on newEvents/{eventId}/checkInAreas (check-in staff and organizers only) and patches the
 * area counts and the inside-now lists in place, and this device's offline snapshot. When the room
 * comes (back) on, what was loaded before is fetched again.
 */
export function useCheckInLive(eventId: number): void {
  const client = useRealtimeClient();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!client) return;
    const reload = () => void queryClient.invalidateQueries({ queryKey: ['checkIn', 'areas', eventId] });
    const reloadInside = () => {
      void queryClient.invalidateQueries({ queryKey: ['checkIn', 'inside', eventId] });
      void queryClient.invalidateQueries({ queryKey: ['checkIn', 'gates', eventId] });
    };
    return client.subscribe<CheckInChangedPayload>(
      realtimeRoom.checkInAreas(eventId),
      (record) => {
        if (record.type !== RecordType.CheckInChanged) return;
        applyCheckInChange(queryClient, record.payload);
        // Per gate needs the person's previous door: the small aggregate is asked for again.
        void queryClient.invalidateQueries({ queryKey: ['checkIn', 'gates', eventId] });
        void applyLiveChange(eventId, record.payload).catch(() => undefined); // no IndexedDB: nothing kept
      },
      {
        onReady: () => {
          reload();
          reloadInside();
        },
        onResync: () => {
          reload();
          reloadInside();
        },
      },
    );
  }, [client, queryClient, eventId]);
}

/**
 * Patches the areas and inside-now caches with one pushed change, and those being read meanwhile
 * (patchAnswers; exported for tests).
 */
export function applyCheckInChange(queryClient: QueryClient, change: CheckInChangedPayload): void {
  const { eventId, area } = change;
  patchAnswers<CheckInOverview>(
    queryClient,
    ['checkIn', 'areas', eventId],
    (old) => ({
      areas: old.areas.map((a) =>
        a.entityType === area.entityType && (a.entityId ?? null) === (area.entityId ?? null)
          ? { ...a, capacityUsed: area.capacityUsed }
          : a,
      ),
    }),
    { exact: true },
  );
  const key = ['checkIn', 'inside', eventId, area.entityType, area.entityId ?? null];
  patchAnswers<CheckInList>(
    queryClient,
    key,
    (list) => {
      const others = list.items.filter((item) => item.participantId !== change.person.participantId);
      if (change.change !== 'in') return { items: others, total: area.capacityUsed };
      const items = [{ ...change.person, checkedInAt: change.at }, ...others]
        .sort((a, b) => b.checkedInAt.localeCompare(a.checkedInAt) || b.participantId - a.participantId)
        .slice(0, CHECK_IN_LIST_LENGTH);
      return { items, total: area.capacityUsed };
    },
    { exact: true },
  );
  // Someone left a full page: the next one in line is not on this device yet.
  const list = queryClient.getQueryData<CheckInList>(key);
  if (
    change.change !== 'in' &&
    list &&
    list.items.length < Math.min(area.capacityUsed, CHECK_IN_LIST_LENGTH)
  ) {
    void queryClient.invalidateQueries({ queryKey: key, exact: true });
  }
}
