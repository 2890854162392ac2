import type { IndexQuery } from './search.index.entry';
import type { Candidates } from './search.index.lists';
import {
  countingFrom,
  type IndexCursor,
  nearestOf,
  type PageOrder,
  type SlotOrders,
  smallest,
} from './search.index.orders';

/**
 * The two ways a search index's page (search.index.ts) is found in an order: walking the order (or
 * some of its positions) and testing each person, or putting the candidates in the order by their
 * positions and testing them nearest first.
 */

/**
 * Reads the order from the cursor on (only the positions of `only` when given: lists, each
 * ascending, none shared), testing each person, until `limit` match; null when the budget runs
 * out first (the matches are rare in this order: better to look at all of them).
 */
export function walk(
  orders: SlotOrders,
  order: PageOrder,
  cursor: IndexCursor | null,
  matches: (slot: number) => boolean,
  limit: number,
  budget: number,
  only?: readonly Int32Array[],
): number[] | null {
  const { length, slotAt } = orders.direction(order);
  const from = orders.firstAfter(order, cursor);
  const next = only ? nearestOf(only, from) : countingFrom(from, length);
  const out: number[] = [];
  for (let left = budget; out.length < limit; left--) {
    const at = next();
    if (at < 0) break; // every one read: the page is whole
    if (left <= 0) return null;
    const slot = slotAt(at);
    if (matches(slot)) out.push(slot);
  }
  return out;
}

/**
 * The first `limit` matches after the cursor among the candidates: each live candidate's position
 * in the page's direction (once, however many lists hold it), sorted, then checked in that order.
 */
export function inOrder(
  orders: SlotOrders,
  typeOf: Int32Array,
  room: (size: number) => Int32Array,
  order: PageOrder,
  cursor: IndexCursor | null,
  query: IndexQuery,
  matches: (slot: number) => boolean,
  limit: number,
  candidates: Candidates,
  rate: number,
): number[] {
  const { length, slotAt } = orders.direction(order);
  const from = orders.firstAfter(order, cursor);
  // One number read per candidate (a slot in several lists gives its position several times:
  // repeats are skipped below, cheaper than marking each slot at a million).
  const positions = room(candidates.size);
  let n = 0;
  const types = query.filterTypeIds?.length ? new Set(query.filterTypeIds) : null;
  // Every slot taken is checked whole: a superset of the lists looked up only when asked will do.
  const rest = candidates.restSuperset?.() ?? candidates.rest?.().lists ?? [];
  // The order's ranks read in the loop itself (through `direction`'s positionOf, and with for-of
  // loops, this loop took three times as long at a million: most of a page's time).
  const { rank, forward } = orders.ranks(order);
  const last = length - 1;
  for (const list of [...candidates.lists, ...rest]) {
    for (let i = 0; i < list.length; i++) {
      const slot = list[i] as number;
      if (types && !types.has(typeOf[slot] as number)) continue;
      const r = rank[slot] as number;
      const at = r < 0 || forward ? r : last - r;
      if (at >= from) positions[n++] = at;
    }
  }
  const all = positions.subarray(0, n);
  const out: number[] = [];
  let previous = -1;
  const take = (at: number) => {
    if (at === previous) return false;
    previous = at;
    const slot = slotAt(at);
    return matches(slot) && out.push(slot) >= limit;
  };
  // The nearest few first (`smallest`: no sort of them all), as many as the share of candidates
  // the count found matching says the page needs.
  const near = Math.ceil((4 * limit) / Math.max(rate, 0.01));
  const nearest = n > 2 * near ? smallest(all, near, length) : null;
  for (const at of nearest ?? []) if (take(at)) return out;
  // The sorted list starts with the nearest (as many, repeats included), checked above.
  const sorted = all.sort();
  for (let i = nearest?.length ?? 0; i < sorted.length; i++) if (take(sorted[i] as number)) break;
  return out;
}
