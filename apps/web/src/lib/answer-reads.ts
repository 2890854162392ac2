import type { Query, QueryCache } from '@tanstack/react-query';
import { earlyReadAt } from './early-answers';

/**
 * When each query's answer began to be read: the start of the fetch that brought it. A realtime
 * record written after that start may be missing from the answer even when it came before the
 * answer did, so a screen compares records with this, not with when the answer arrived
 * (use-realtime.ts). An answer the start-up script read early counts from the script's asking. An
 * answer written by hand (setQueryData, a mutation's result) counts from when it was written. Kept
 * weakly per query object.
 */
const fetchStarts = new WeakMap<Query, number>();
const readStarts = new WeakMap<Query, number>();
/** Patches to write into the answer a running fetch brings, in order (patchWhenLanded). */
const landingPatches = new WeakMap<Query, Array<(data: unknown) => unknown>>();

/**
 * Follows the cache's fetches (when each read began; the patches waiting for an answer); returns
 * the function that stops.
 */
export function trackAnswerReads(cache: QueryCache): () => void {
  return cache.subscribe((event) => {
    if (event.type !== 'updated') return;
    const { action, query } = event;
    // A fetch asked while one is running does not restart it: the earlier start stays, the safe side.
    if (action.type === 'fetch') fetchStarts.set(query, Date.now());
    else if (action.type === 'success') {
      // An answer the start-up script read for this fetch began before it (early-answers.ts).
      const start = action.manual ? undefined : earliest(fetchStarts.get(query), earlyReadAt(action.data));
      readStarts.set(query, start ?? query.state.dataUpdatedAt);
      if (!action.manual) applyLandingPatches(query);
    }
    // A fetch that ended otherwise (failed, cancelled) brings nothing to patch.
    if (query.state.fetchStatus !== 'fetching') landingPatches.delete(query);
  });
}

function earliest(a: number | undefined, b: number | undefined): number | undefined {
  return a === undefined ? b : b === undefined ? a : Math.min(a, b);
}

function applyLandingPatches(query: Query): void {
  const patches = landingPatches.get(query);
  landingPatches.delete(query);
  if (!patches || query.state.data === undefined) return;
  const readAt = readStarts.get(query);
  query.setData(
    patches.reduce<unknown>((data, patch) => patch(data), query.state.data),
    { manual: true },
  );
  // Still the read's answer, as old as its start: the patches add only what they know.
  if (readAt !== undefined) readStarts.set(query, readAt);
}

/**
 * Writes `patch` into the answer of the fetch `query` is running, once it lands (after the
 * patches asked before it): a pushed record may be missing from a read that began before it was
 * committed. Needs trackAnswerReads on the query's cache; nothing happens when the query is not
 * fetching or the fetch ends without an answer.
 */
export function patchWhenLanded<T>(query: Query, patch: (data: T) => T): void {
  if (query.state.fetchStatus !== 'fetching') return;
  const patches = landingPatches.get(query) ?? [];
  patches.push(patch as (data: unknown) => unknown);
  landingPatches.set(query, patches);
}

/**
 * When the answer the query is fetching began to be read (ms since the epoch; 0: it is not
 * fetching, or this cache is not followed).
 */
export function fetchReadAt(query: Query): number {
  return query.state.fetchStatus === 'fetching' ? (fetchStarts.get(query) ?? 0) : 0;
}

/** When the query's answer began to be read (ms since the epoch; 0: it has no answer). */
export function answerReadAt(query: Query): number {
  if (query.state.dataUpdatedAt === 0) return 0;
  return Math.min(readStarts.get(query) ?? query.state.dataUpdatedAt, query.state.dataUpdatedAt);
}
