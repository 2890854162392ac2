import type { SearchOrder } from '@foyer/contract';
import type { Entry } from './search.index.entry';
import type { SearchCursor } from './search.repository';

/**
 * The search index's three orders (relevance, name, company): each a sequence of slots kept sorted
 * as people come and go, and each slot's position in it, so a page compares positions (numbers),
 * not names, and a cursor is found by a binary search.
 */

/** Where a page starts: the same key as the SQL reading's cursor. */
export type IndexCursor = SearchCursor;

/** What an order compares. */
type Keyed = Pick<Entry, 'id' | 'boost' | 'sortName' | 'sortCompany'>;
type Compare = (a: Keyed, b: Keyed) => number;
const byId = (a: Keyed, b: Keyed) => a.id - b.id;
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const COMPARE: Record<SearchOrder, Compare> = {
  relevance: (a, b) => b.boost - a.boost || byText(a.sortName, b.sortName) || byId(a, b),
  name: (a, b) => byText(a.sortName, b.sortName) || byId(a, b),
  company: (a, b) => byText(a.sortCompany, b.sortCompany) || byId(a, b),
};

const ORDERS = Object.keys(COMPARE) as SearchOrder[];

/** An order as a page asks for it. */
export type PageOrder = { by: SearchOrder; asc: boolean };

/** Relevance reads one way only; name and company ascending or descending (the sequence reversed). */
const readsForward = (order: PageOrder) => order.by === 'relevance' || order.asc;

/**
 * A merge of two sequences sorted by `compare` into one, done a part at a time: `step(n)` writes up
 * to n more of `out` and says whether it is whole.
 */
function merging(a: Int32Array, b: Int32Array, compare: (x: number, y: number) => number) {
  const out = new Int32Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  const step = (n: number): boolean => {
    const end = Math.min(out.length, k + n);
    while (k < end && i < a.length && j < b.length) {
      const x = a[i] as number;
      const y = b[j] as number;
      if (compare(x, y) <= 0) {
        out[k++] = x;
        i++;
      } else {
        out[k++] = y;
        j++;
      }
    }
    if (i < a.length && j < b.length) return false;
    out.set(i < a.length ? a.subarray(i) : b.subarray(j), k);
    k = out.length;
    return true;
  };
  return { out, step };
}

/** Two sequences sorted by `compare`, merged into one. */
function mergeSorted(a: Int32Array, b: Int32Array, compare: (x: number, y: number) => number): Int32Array {
  const merge = merging(a, b, compare);
  merge.step(Number.POSITIVE_INFINITY);
  return merge.out;
}

/**
 * A whole event's sort is cut into runs of this many slots, then merged this many at a time: a run
 * or a part of a merge per turn of the event loop.
 */
const SORT_RUN = 8_192;

/**
 * `slots` sorted by `compare`, a run of SORT_RUN or SORT_RUN more of a merge per turn of the event
 * loop (`giveWay` between): at a million people one sort of an order took seconds in a single
 * block, and the last merge of two runs of half a million alone ~1.2 s.
 */
export async function sortedInTurns(
  slots: readonly number[],
  compare: (x: number, y: number) => number,
  giveWay: () => Promise<unknown>,
  run = SORT_RUN,
): Promise<Int32Array> {
  let runs: Int32Array[] = [];
  for (let from = 0; from < slots.length; from += run) {
    runs.push(Int32Array.from(slots.slice(from, from + run)).sort(compare));
    await giveWay();
  }
  while (runs.length > 1) {
    const next: Int32Array[] = [];
    for (let i = 0; i < runs.length; i += 2) {
      const [a, b] = [runs[i] as Int32Array, runs[i + 1]];
      if (!b) {
        next.push(a);
        continue;
      }
      const merge = merging(a, b, compare);
      while (!merge.step(run)) await giveWay();
      next.push(merge.out);
      await giveWay();
    }
    runs = next;
  }
  return runs[0] ?? new Int32Array(0);
}

/**
 * At least the `k` smallest of `values` (each below `bound`), ascending: every value under a cut
 * found by counting them in 1,024 ranges, so two passes and a sort of about `k` (plus one range,
 * at most bound / 1,024 values and their repeats), however the values lie.
 */
export function smallest(values: Int32Array, k: number, bound: number): Int32Array {
  const shift = Math.max(0, Math.ceil(Math.log2(Math.max(1, bound) / 1024)));
  const counts = new Int32Array((bound >> shift) + 1);
  // Indexed loops and a typed result: a for-of and a pushed array cost twice as much at a million.
  for (let i = 0; i < values.length; i++) {
    const range = (values[i] as number) >> shift;
    counts[range] = (counts[range] as number) + 1;
  }
  let range = 0;
  let size = 0;
  while (range < counts.length && size < k) size += counts[range++] as number;
  const cut = range << shift;
  const out = new Int32Array(size);
  let n = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i] as number;
    if (v < cut) out[n++] = v;
  }
  return out.sort();
}

/**
 * Per type (slot's type from `typeOf`, -1: none), the positions in `sequence` of its people,
 * ascending. One pass to count and one to fill; a type's people mostly sit together in the
 * relevance order (it ranks by type), so the map is looked up once per run of a type.
 */
export function positionsByType(sequence: Int32Array, typeOf: Int32Array): Map<number, Int32Array> {
  const counts = new Map<number, number>();
  let type = -1;
  let run = 0;
  const flush = () => {
    if (type >= 0 && run > 0) counts.set(type, (counts.get(type) ?? 0) + run);
  };
  for (let i = 0; i < sequence.length; i++) {
    const t = typeOf[sequence[i] as number] as number;
    if (t !== type) {
      flush();
      type = t;
      run = 0;
    }
    run++;
  }
  flush();
  const out = new Map<number, Int32Array>();
  const filled = new Map<number, number>();
  for (const [t, n] of counts) {
    out.set(t, new Int32Array(n));
    filled.set(t, 0);
  }
  let into: Int32Array | undefined;
  let n = 0;
  type = -1;
  for (let i = 0; i < sequence.length; i++) {
    const t = typeOf[sequence[i] as number] as number;
    if (t !== type) {
      if (into) filled.set(type, n);
      type = t;
      into = t >= 0 ? out.get(t) : undefined;
      n = into ? (filled.get(t) as number) : 0;
    }
    if (into) into[n++] = i;
  }
  if (into) filled.set(type, n);
  return out;
}

/** The first index of `sorted` (ascending) whose value is not below `value`. */
export function lowerBound<T extends number | string>(sorted: ArrayLike<T>, value: T): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((sorted[mid] as T) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Positions `from`, `from + 1`, … below `length`, one per call; then -1. */
export function countingFrom(from: number, length: number): () => number {
  let at = from;
  return () => (at < length ? at++ : -1);
}

/** The positions of `lists` (each ascending, none shared) from `from` on, nearest first; then -1. */
export function nearestOf(lists: readonly Int32Array[], from: number): () => number {
  const heads = lists.map((list) => lowerBound(list, from));
  return () => {
    let nearest = -1;
    let at = -1;
    for (let k = 0; k < lists.length; k++) {
      const list = lists[k] as Int32Array;
      const head = heads[k] as number;
      if (head < list.length && (nearest < 0 || (list[head] as number) < at)) {
        at = list[head] as number;
        nearest = k;
      }
    }
    if (nearest >= 0) heads[nearest] = (heads[nearest] as number) + 1;
    return at;
  };
}

/** The orders' sequences and positions over the index's slots (`slots`, shared with the index). */
export class SlotOrders {
  private orders: Record<SearchOrder, Int32Array> = {
    relevance: new Int32Array(0),
    name: new Int32Array(0),
    company: new Int32Array(0),
  };
  /** Per order, each slot's position in that order's sequence (-1 for an emptied slot). */
  private rankOf: Record<SearchOrder, Int32Array> = {
    relevance: new Int32Array(0),
    name: new Int32Array(0),
    company: new Int32Array(0),
  };

  /**
   * Per type, its people's positions in the relevance order: the order ranks by type (search_boost),
   * so a type filter's people sit in a few bands of it, which a page walks without the others. Made
   * at the first search with a type after a change (null until then): a pass over the event that
   * changes without such a search between them need not pay.
   */
  private relevanceByType: Map<number, Int32Array> | null = null;
  /** Each slot's type (-1: none), as of the last update. */
  private typeOf: Int32Array = new Int32Array(0);

  constructor(private readonly slots: (Entry | null)[]) {}

  /**
   * Takes the `dirty` slots out of every order and puts back those still live, in place; `typeOf`
   * gives each slot's type (-1: none), current for the dirty ones.
   */
  update(dirty: ReadonlySet<number>, typeOf: Int32Array): void {
    const added = [...dirty].filter((s) => this.slots[s] !== null);
    for (const order of ORDERS) {
      const compare = this.comparing(order);
      this.updateOrder(order, dirty, Int32Array.from(added).sort(compare));
    }
    this.typeOf = typeOf;
    this.relevanceByType = null;
  }

  /** `update` in turns of the event loop (`giveWay` between them): a whole event's build. */
  async updateInTurns(
    dirty: ReadonlySet<number>,
    typeOf: Int32Array,
    giveWay: () => Promise<unknown>,
  ): Promise<void> {
    const added = [...dirty].filter((s) => this.slots[s] !== null);
    for (const order of ORDERS) {
      this.updateOrder(order, dirty, await sortedInTurns(added, this.comparing(order), giveWay));
      await giveWay();
    }
    this.typeOf = typeOf;
    this.relevanceByType = null;
  }

  /** Slots compared in `order`. */
  private comparing(order: SearchOrder): (a: number, b: number) => number {
    const compare = COMPARE[order];
    const { slots } = this;
    return (a, b) => compare(slots[a] as Entry, slots[b] as Entry);
  }

  /** The order without the dirty slots, the live ones of them (`added`, sorted) merged back in. */
  private updateOrder(order: SearchOrder, dirty: ReadonlySet<number>, added: Int32Array): void {
    const kept = this.orders[order].filter((s) => !dirty.has(s));
    const sequence = mergeSorted(kept, added, this.comparing(order));
    this.orders[order] = sequence;
    const rank = new Int32Array(this.slots.length).fill(-1);
    for (let i = 0; i < sequence.length; i++) rank[sequence[i] as number] = i;
    this.rankOf[order] = rank;
  }

  /** The positions in the relevance order of these types' people, each list ascending. */
  relevancePositions(typeIds: readonly number[]): Int32Array[] {
    this.relevanceByType ??= positionsByType(this.orders.relevance, this.typeOf);
    const out: Int32Array[] = [];
    for (const t of new Set(typeIds)) {
      const positions = this.relevanceByType.get(t);
      if (positions) out.push(positions);
    }
    return out;
  }

  private entry(slot: number): Entry {
    return this.slots[slot] as Entry;
  }

  /** The order as the page reads it (descending name or company order reversed). */
  private pageCompare(order: PageOrder): Compare {
    const compare = COMPARE[order.by];
    return readsForward(order) ? compare : (a, b) => compare(b, a);
  }

  /** Whether an entry comes after the cursor in the page's order. */
  private cursorTest(cursor: IndexCursor, compare: Compare): (e: Entry) => boolean {
    const mark: Keyed = {
      id: cursor.id,
      boost: cursor.boost ?? 0,
      sortName: cursor.key,
      sortCompany: cursor.key,
    };
    return (e) => compare(e, mark) > 0;
  }

  /**
   * The page's first position (counted in the page's direction) after the cursor: a binary search
   * of the order's sequence.
   */
  firstAfter(order: PageOrder, cursor: IndexCursor | null): number {
    if (!cursor) return 0;
    const { length, slotAt } = this.direction(order);
    const after = this.cursorTest(cursor, this.pageCompare(order));
    let lo = 0;
    let hi = length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (after(this.entry(slotAt(mid)))) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }

  /**
   * The first `limit` of these matches after the cursor: a bounded sorted list of their positions in
   * the page's direction (comparing numbers, not names: most of a page's time when it was names).
   */
  topOf(found: number[], order: PageOrder, cursor: IndexCursor | null, limit: number): number[] {
    const { positionOf, slotAt } = this.direction(order);
    const from = this.firstAfter(order, cursor);
    const best: number[] = [];
    for (const slot of found) {
      const at = positionOf(slot);
      if (at < from || (best.length === limit && at >= (best[limit - 1] as number))) continue;
      let i = best.length;
      while (i > 0 && (best[i - 1] as number) > at) i--;
      best.splice(i, 0, at);
      if (best.length > limit) best.pop();
    }
    return best.map(slotAt);
  }

  /** The order's positions by slot (-1: emptied), and whether the page reads it forward. */
  ranks(order: PageOrder): { rank: Int32Array; forward: boolean } {
    return { rank: this.rankOf[order.by], forward: readsForward(order) };
  }

  /**
   * An order as a page reads it: ascending, or reversed for a descending name or company order. A
   * position counts in the page's direction; `positionOf` an emptied slot is -1.
   */
  direction(order: PageOrder): {
    length: number;
    slotAt: (at: number) => number;
    positionOf: (slot: number) => number;
  } {
    const sequence = this.orders[order.by];
    const rank = this.rankOf[order.by];
    const last = sequence.length - 1;
    if (readsForward(order))
      return {
        length: sequence.length,
        slotAt: (at) => sequence[at] as number,
        positionOf: (slot) => rank[slot] as number,
      };
    return {
      length: sequence.length,
      slotAt: (at) => sequence[last - at] as number,
      positionOf: (slot) => {
        const r = rank[slot] as number;
        return r < 0 ? -1 : last - r;
      },
    };
  }
}
