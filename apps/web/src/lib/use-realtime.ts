import { type Query, type QueryClient, type QueryKey, useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useRef } from 'react';
import { answerReadAt } from './answer-reads';
import type { RealtimeClient, RecordHandler, SubscribeOptions } from './realtime';

/**
 * The signed-in user's realtime client. The app shell creates it with `connectRealtime(getToken)`
 * after sign-in, provides it here (`<RealtimeContext value={client}>`), and closes it at logout.
 */
export const RealtimeContext = createContext<RealtimeClient | null>(null);

export function useRealtimeClient(): RealtimeClient | null {
  return useContext(RealtimeContext);
}

/**
 * Calls `onRecord` for each record pushed to `room` while the component is mounted (no-op while
 * `room` is null or nobody is signed in). Missed records after a reconnect arrive through it too;
 * a typical handler patches or invalidates a TanStack Query cache. `options.onReady` runs once the
 * room is on: a screen that loaded its state over HTTP first reloads it there, since what changed
 * between that load and the subscription is in neither.
 */
export function useRealtimeRoom<P = unknown>(
  room: string | null | undefined,
  onRecord: RecordHandler<P>,
  options: Pick<SubscribeOptions, 'onReady'> = {},
): void {
  const client = useRealtimeClient();
  const handler = useRef(onRecord);
  const ready = useRef(options.onReady);
  useEffect(() => {
    handler.current = onRecord;
    ready.current = options.onReady;
  });
  useEffect(() => {
    if (!client || !room) return;
    return client.subscribe<P>(room, (record) => handler.current(record), {
      onReady: () => ready.current?.(),
    });
  }, [client, room]);
}

/**
 * The queries under `queryKey` whose answer may lack the room's last record: it began to be read
 * (answer-reads.ts) no later than that record came, or was written if it came before this client
 * listened (realtime.ts `lastRecordAt`). A cold start whose rooms had no recent record finds none.
 */
export function answersOlderThanRecords(
  queryClient: QueryClient,
  client: Pick<RealtimeClient, 'lastRecordAt'> | null,
  room: string,
  queryKey: QueryKey,
): Query[] {
  const since = client?.lastRecordAt(room) ?? 0;
  if (since === 0) return [];
  return queryClient.getQueryCache().findAll({
    queryKey,
    predicate: (query) => {
      const readAt = answerReadAt(query);
      return readAt > 0 && readAt <= since;
    },
  });
}

/**
 * An `onReady` for a room whose records a screen missed while it was not listening (another screen
 * handled them, or none did, or they came before the socket did): reloads the answers under
 * `queryKey` that may lack the room's last record (answersOlderThanRecords). Nothing else loads twice.
 */
export function reloadAnswersOlderThanRecords(
  queryClient: QueryClient,
  client: Pick<RealtimeClient, 'lastRecordAt'> | null,
  room: string,
  queryKey: QueryKey,
): void {
  const stale = new Set(answersOlderThanRecords(queryClient, client, room, queryKey));
  if (stale.size === 0) return;
  void queryClient.invalidateQueries({ queryKey, predicate: (query) => stale.has(query) });
}

/** The `onReady` of a screen listening to `room`: reloadAnswersOlderThanRecords for its answers. */
export function useReloadOnReady(room: string | null | undefined, queryKey: QueryKey): () => void {
  const queryClient = useQueryClient();
  const client = useRealtimeClient();
  return () => {
    if (room) reloadAnswersOlderThanRecords(queryClient, client, room, queryKey);
  };
}
