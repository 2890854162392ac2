import type { QueryClient, QueryKey } from '@tanstack/react-query';
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

/**
 * An `onReady` for the user's own room: reloads the queries under `queryKey` whose answer is older
 * than the socket's connection. The server puts a socket in its user's room as it connects, so a
 * record written after that reaches it (and is delivered, realtime-order.ts `start`); only an
 * answer loaded before the connection can have missed one. A warm start loads nothing twice.
 */
export function reloadAnswersOlderThanSocket(
  queryClient: QueryClient,
  client: Pick<RealtimeClient, 'connectedAt'> | null,
  queryKey: QueryKey,
): void {
  const connectedAt = client?.connectedAt ?? 0;
  void queryClient.invalidateQueries({
    queryKey,
    predicate: (query) => query.state.dataUpdatedAt > 0 && query.state.dataUpdatedAt < connectedAt,
  });
}
