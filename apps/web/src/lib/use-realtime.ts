import { type QueryClient, type QueryKey, useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useRef } from 'react';
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

export interface ReloadOptions {
  /**
   * Also the answers loaded before the socket connected: a record written between the load and the
   * connection reached neither. Costs a request on a cold start where the answer came first, so
   * only for what must be right at once (the bell, the invitations badge, A4.35, A4.40).
   */
  beforeConnection?: boolean;
}

/**
 * An `onReady` for a room that gets records whether or not this screen listens (the user's own room
 * above all): reloads the queries under `queryKey` whose answer is older than the room's last
 * record, which came while this screen was not listening (another screen handled it, or none did).
 * With `beforeConnection`, also those older than the connection (the server puts a socket in its
 * user's room as it connects, so a record written after that reaches it, realtime-order.ts
 * `start`). A warm start loads nothing twice.
 */
export function reloadAnswersOlderThanRecords(
  queryClient: QueryClient,
  client: Pick<RealtimeClient, 'connectedAt' | 'lastRecordAt'> | null,
  room: string,
  queryKey: QueryKey,
  options: ReloadOptions = {},
): void {
  if (!client) return;
  const since = Math.max(options.beforeConnection ? client.connectedAt : 0, client.lastRecordAt(room));
  void queryClient.invalidateQueries({
    queryKey,
    predicate: (query) => query.state.dataUpdatedAt > 0 && query.state.dataUpdatedAt < since,
  });
}

/** The `onReady` of a screen listening to `room`: reloadAnswersOlderThanRecords for its answers. */
export function useReloadOnReady(
  room: string | null | undefined,
  queryKey: QueryKey,
  options: ReloadOptions = {},
): () => void {
  const queryClient = useQueryClient();
  const client = useRealtimeClient();
  return () => {
    if (room) reloadAnswersOlderThanRecords(queryClient, client, room, queryKey, options);
  };
}
