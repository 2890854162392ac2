import { type Query, type QueryClient, type QueryKey, useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useRef } from 'react';
import { answerReadAt, fetchReadAt, patchWhenLanded } from './answer-reads';
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
 * listened (realtime.ts `lastRecordAt`); and those fetching an answer whose read began by then, since
 * it will land without it. A cold start whose rooms had no recent record finds none.
 */
export function answersOlderThanRecords(
  queryClient: QueryClient,
  client: Pick<RealtimeClient, 'lastRecordAt'> | null,
  room: string,
  queryKey: QueryKey,
): Query[] {
  const since = client?.lastRecordAt(room) ?? 0;
  if (since === 0) return [];
  const readBy = (readAt: number) => readAt > 0 && readAt <= since;
  return queryClient.getQueryCache().findAll({
    queryKey,
    predicate: (query) => readBy(answerReadAt(query)) || readBy(fetchReadAt(query)),
  });
}

/**
 * Reads `queries` (under `queryKey`) again. A running fetch is cancelled first, back to the answer
 * it would have replaced (with what was patched into it meanwhile), since asking again while it runs
 * only waits for its old read; then the ones on screen are fetched afresh.
 */
function readAgain(queryClient: QueryClient, queryKey: QueryKey, queries: Query[]): void {
  const running = new Set(queries.filter((query) => query.state.fetchStatus === 'fetching'));
  const landed = new Set(queries.filter((query) => !running.has(query)));
  if (landed.size > 0)
    void queryClient.invalidateQueries({ queryKey, predicate: (query) => landed.has(query) });
  if (running.size === 0) return;
  const filters = { queryKey, predicate: (query: Query) => running.has(query) };
  void queryClient.cancelQueries(filters).then(() => queryClient.invalidateQueries(filters));
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
  readAgain(queryClient, queryKey, answersOlderThanRecords(queryClient, client, room, queryKey));
}

/**
 * Writes a pushed record into the cached answers under `queryKey` (or the one answer of that key,
 * `exact`), and into the answer of any fetch of them running now, once it lands: that read may have
 * begun before the record was committed, and would replace the patched answer without it. So
 * `update` must also take an answer that already has the record. The way a live screen patches its
 * caches (a hand-written setQueryData loses records to a read in flight).
 */
export function patchAnswers<T>(
  queryClient: QueryClient,
  queryKey: QueryKey,
  update: (data: T) => T,
  options: { exact?: boolean } = {},
): void {
  for (const query of queryClient.getQueryCache().findAll({ queryKey, exact: options.exact })) {
    patchWhenLanded(query, update);
    const data = query.state.data as T | undefined;
    if (data !== undefined) queryClient.setQueryData(query.queryKey, update(data));
  }
}

/**
 * Writes a pushed record's answer for one key, kept even where nothing asked for it yet (the screen
 * that opens next shows it at once), and into the answer of a read of it running now, once it lands
 * (patchAnswers). `update` gets what is cached (undefined: nothing).
 */
export function putAnswer<T>(
  queryClient: QueryClient,
  queryKey: QueryKey,
  update: (old: T | undefined) => T,
): void {
  const query = queryClient.getQueryCache().find({ queryKey, exact: true });
  if (query) patchWhenLanded(query, update);
  queryClient.setQueryData<T>(queryKey, (old) => update(old));
}

/** The `onReady` of a screen listening to `room`: reloadAnswersOlderThanRecords for its answers. */
export function useReloadOnReady(room: string | null | undefined, queryKey: QueryKey): () => void {
  const queryClient = useQueryClient();
  const client = useRealtimeClient();
  return () => {
    if (room) reloadAnswersOlderThanRecords(queryClient, client, room, queryKey);
  };
}
