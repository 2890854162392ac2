import { setImmediate } from 'node:timers/promises';
import { makeRoom } from '../../lib/make-room';
import { type CardParts, cardPartsOf } from './search.card';
import {
  acceptorOf,
  type Entry,
  factsWithRoom,
  type IndexQuery,
  type IndexRow,
  type SlotFacts,
  setFacts,
  textTestOf,
  toEntry,
} from './search.index.entry';
import { type Candidates, SlotLists } from './search.index.lists';
import { type IndexCursor, type PageOrder, SlotOrders } from './search.index.orders';
import { Signatures } from './search.index.signature';
import { inOrder, walk } from './search.index.walks';
import type { SearchRow } from './search.repository';

/**
 * One event's people as search2 finds, filters and orders them, in this process's memory
 * (decision 021). The database holds the truth: the index is brought up to date from the event's
 * search version and its change log before every search (search.indexes.ts), so it answers as of
 * the last committed write. What it answers is what the SQL of search.repository.ts answers
 * (search.index.test.ts compares the two on generated people).
 *
 * The candidates of a text, category or type come from inverted lists (search.index.lists.ts); every
 * candidate is checked against the whole query (search.index.entry.ts), and each order is kept sorted
 * for walking pages (search.index.orders.ts), where a page is found (search.index.walks.ts).
 */

export interface EventNames {
  booths: Map<number, { name: string; logo: string | null }>;
  types: Map<number, string>;
}

export interface IndexPage {
  /** The page's ids in order, one more than asked when there is a next page. */
  ids: number[];
  /** The last id's order key, for the next cursor. */
  keys: Map<number, { boost: number; name: string; company: string }>;
  /** Exact, or cap + 1 meaning "more than cap" (null cap: always exact). */
  total: number;
}

/** How far a page walks its order before it looks at every match instead (decision 018's budget). */
export const WALK_BUDGET = 20_000;
/**
 * Text whose lists hold more people than this is dense: its count stops at the cap and its page
 * walks the order (the first page is near its start); shorter lists are checked whole.
 */
const DENSE = 4_000;
/**
 * A step of a page's walk reads a person (a cache miss at a million); putting a candidate in the
 * order reads one number. The walk is tried when its steps are this many times fewer than the
 * candidates (8 and 32 measured alike at a million; trying it whenever it was shorter made the
 * mean search 1.6× slower). The same for a walk of a type filter's people (2, 4, 8, 16, 32
 * measured: 16 best; a failed walk costs its budget, and a type's people sit by name in each band,
 * so "Andrea" with a type is found late).
 */
const WALK_COST = 16;
/** People a build puts in between two turns of the event loop (~20 ms of work). */
const BUILD_SLICE = 1_000;
/** Gives the event loop a turn: what waits for it (other requests, sockets) runs first. */
const giveWay = () => setImmediate();
/** Cards' JSON kept (~300 bytes each): the pages people see again, not a million. */
const MAX_CARDS = 20_000;

export class EventIndex {
  private slots: (Entry | null)[] = [];
  private slotOf = new Map<number, number>();
  private orders = new SlotOrders(this.slots);
  private lists = new SlotLists();
  /** Per slot, the last query that counted it (to count a slot once across lists). */
  private seen = new Int32Array(0);
  /**
   * Per slot, what the conditions besides the text read (flags, type, id), without the person: a
   * count or a walk reads the person only for the text, and a type filter's candidates are put in
   * the order by their type alone (the relevance order ranks by type, so its matches sit together).
   */
  private facts: SlotFacts = factsWithRoom(0);
  /** Per slot, the person's text in 128 bits (search.index.signature.ts), read without the person. */
  private signatures = new Signatures();
  /** Room for a page's candidates' positions, kept between searches (a megabyte at a million). */
  private scratch = new Int32Array(0);
  private readonly room = (size: number): Int32Array => {
    if (this.scratch.length < size) this.scratch = new Int32Array(size * 2);
    return this.scratch;
  };
  private queryNo = 0;
  /** The booths' and types' names the cards show, replaced at every refresh. */
  private names: EventNames = { booths: new Map(), types: new Map() };
  /** Whole-directory counts by who asks (organizer or not, visible types), until the next change. */
  private totals = new Map<string, number>();
  /** Per slot, the card's JSON as search2 shows it to anyone (search.card.ts), until names change. */
  private cards = new Map<number, CardParts>();

  private readonly walkBudget: number;
  private readonly dense: number;
  private readonly walkCost: number;
  private readonly slice: number;
  /**
   * `walkBudget`: how many people a page reads in its order before it sorts all matches instead;
   * `dense`: how long a text's lists may be before the page walks instead (tests make both small);
   * `walkCost`: WALK_COST (tests make it 0 to walk whenever the text is dense); `slice`: BUILD_SLICE.
   */
  constructor(options: { walkBudget?: number; dense?: number; walkCost?: number; slice?: number } = {}) {
    this.walkBudget = options.walkBudget ?? WALK_BUDGET;
    this.dense = options.dense ?? DENSE;
    this.walkCost = options.walkCost ?? WALK_COST;
    this.slice = options.slice ?? BUILD_SLICE;
  }

  get size(): number {
    return this.slotOf.size;
  }

  /** Slots held, live or emptied by a change (a changed person moves to a new slot). */
  get slotCount(): number {
    return this.slots.length;
  }

  /** Puts in or replaces these people and takes out those of `removed` (ids), keeping every order. */
  apply(rows: readonly IndexRow[], removed: readonly number[]): void {
    if (rows.length > 1000) this.lists.beginBulk();
    const dirty = this.take(rows, removed);
    this.lists.endBulk();
    if (dirty.size === 0) return;
    this.orders.update(dirty, this.facts.typeOf);
    this.totals.clear();
  }

  /**
   * `apply` of a whole event to an index nobody searches yet (a first build, or one beside the live
   * index): in slices of people with the event loop given back between them, and each order sorted
   * in runs merged a turn at a time, so the process answers its other requests meanwhile (in one
   * block this took ~0.7–1 s at 50,000 people and ~30 s at a million, and every socket waited).
   */
  async build(rows: readonly IndexRow[]): Promise<void> {
    const dirty = new Set<number>();
    this.lists.beginBulk();
    for (let from = 0; from < rows.length; from += this.slice) {
      for (const slot of this.take(rows.slice(from, from + this.slice), [])) dirty.add(slot);
      await giveWay();
    }
    this.lists.endBulk();
    if (dirty.size > 0) await this.orders.updateInTurns(dirty, this.facts.typeOf, giveWay);
    this.totals.clear();
  }

  /**
   * Puts the people in their slots, lists and per-slot facts, and empties the removed: the slots
   * whose order must be updated. A changed person moves to a new slot: a slot never changes, so an
   * entry of a list for a live slot always holds (the old slot is empty and its entries are skipped).
   */
  private take(rows: readonly IndexRow[], removed: readonly number[]): Set<number> {
    const dirty = new Set<number>();
    for (const id of removed) {
      const slot = this.slotOf.get(id);
      if (slot === undefined) continue;
      this.slots[slot] = null;
      this.slotOf.delete(id);
      dirty.add(slot);
    }
    for (const row of rows) {
      const old = this.slotOf.get(row.id);
      if (old !== undefined) {
        this.slots[old] = null;
        dirty.add(old);
      }
      const slot = this.slots.length;
      this.slots.push(null);
      this.slotOf.set(row.id, slot);
      const entry = toEntry(row);
      this.slots[slot] = entry;
      this.lists.add(slot, entry);
      dirty.add(slot);
    }
    if (this.seen.length < this.slots.length) {
      const room = Math.max(1024, this.slots.length * 2);
      const seen = new Int32Array(room);
      seen.set(this.seen);
      this.seen = seen;
      this.facts = factsWithRoom(room, this.facts);
    }
    this.signatures.grow(this.seen.length);
    for (const slot of dirty) {
      const entry = this.slots[slot] ?? null;
      setFacts(this.facts, slot, entry);
      if (entry) this.signatures.set(slot, entry);
    }
    return dirty;
  }

  /** The booths' and types' names as of the last refresh. */
  setNames(names: EventNames): void {
    this.names = names;
    this.cards.clear();
  }

  /** The person's card as JSON parts (a slot never changes: a changed person has a new one). */
  cardParts(id: number): CardParts | null {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return null;
    let parts = this.cards.get(slot);
    if (!parts) {
      parts = cardPartsOf(this.searchRow(id) as SearchRow);
      makeRoom(this.cards, MAX_CARDS);
      this.cards.set(slot, parts);
    }
    return parts;
  }

  /** The search row (search.repository.ts's shape) of a person in the index. */
  searchRow(id: number): SearchRow | null {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return null;
    const row = (this.slots[slot] as Entry).row;
    const shown = row.booth_role === 'not_confirmed' ? null : row.booth_id;
    const booth = shown === null ? undefined : this.names.booths.get(shown);
    return {
      id: row.id,
      name: row.name,
      surname: row.surname,
      job_title: row.job_title,
      company: row.company,
      profile_photo: row.profile_photo,
      booth_id: shown,
      booth_name: booth?.name ?? null,
      booth_logo: booth?.logo ?? null,
      type_id: row.type_id,
      type_name: row.type_id === null ? null : (this.names.types.get(row.type_id) ?? null),
      present: row.present,
      organizer: row.organizer,
      state: row.state,
      search_boost: Number(row.search_boost),
      sort_name: row.sort_name,
      sort_company: row.sort_company,
    };
  }

  /**
   * The page after `cursor` in `order`, and how many people the query finds: exactly for the whole
   * directory (`cap` null), else up to cap + 1.
   */
  search(
    query: IndexQuery,
    order: PageOrder,
    cursor: IndexCursor | null,
    limit: number,
    cap: number | null,
  ): IndexPage {
    const { slots } = this;
    // The conditions besides the text: from the slot's facts, the person only for categories and tags.
    const acceptSlot = acceptorOf(query, this.facts, (slot) => slots[slot] as Entry);
    const textOk = textTestOf(query);
    // The people the text's signature turns away are not read (a walk's or a check's step).
    const may = this.signatures.textFilter(query);
    // A slot's whole test: its signature and facts first, then the person's text.
    const slotMatches = (slot: number) =>
      (may === null || may(slot)) && acceptSlot(slot) && (textOk === null || textOk(slots[slot] as Entry));
    // The lists of the most selective looked-up condition (text, categories, types) hold every match.
    const lists = this.lists.candidates(query, textOk !== null);
    let total: number;
    let page: number[];
    if (lists) {
      // Short lists are checked whole; long ones until the cap, and the page walks the order.
      const dense = lists.size > this.dense;
      const { found, read } = this.check(
        lists,
        acceptSlot,
        slotMatches,
        dense && cap !== null ? cap + 1 : Number.POSITIVE_INFINITY,
      );
      total = cap === null ? found.length : Math.min(found.length, cap + 1);
      if (!dense || found.length <= (cap ?? 0)) page = this.orders.topOf(found, order, cursor, limit);
      else {
        // Dense: a short walk of the order usually finds the page when the matches are many. Their
        // number is estimated from the share of candidates the count found matching (a type filter
        // on a common prefix keeps a quarter). A step of the walk reads a person, where putting a
        // candidate in the order reads a number: the walk is worth it only when it is far shorter
        // than the candidates. When it finds too few (the matches sit late in this order: "clara"
        // by name), the candidates are put in the order's sequence by their positions and checked
        // from the cursor on: their number, not the event's, is the cost.
        const rate = found.length / Math.max(1, read);
        // Steps a walk of `people` in order takes to find the page, with room (4×) for bad luck.
        const steps = (people: number) =>
          Math.min(this.walkBudget, Math.ceil((4 * limit * people) / (lists.size * rate)));
        // A type filter in the relevance order: its people sit in bands of it, walked alone.
        const typed =
          order.by === 'relevance' && query.filterTypeIds?.length
            ? this.orders.relevancePositions(query.filterTypeIds)
            : null;
        const short = steps(typed ? typed.reduce((n, l) => n + l.length, 0) : this.slotOf.size);
        const walked =
          this.walkCost * short >= lists.size
            ? null
            : typed
              ? walk(this.orders, order, cursor, slotMatches, limit, short, typed)
              : walk(this.orders, order, cursor, slotMatches, limit, short);
        page =
          walked ??
          inOrder(
            this.orders,
            this.facts.typeOf,
            this.room,
            order,
            cursor,
            query,
            slotMatches,
            limit,
            lists,
            rate,
          );
      }
    } else {
      total = cap === null ? this.directoryTotal(query) : this.count(slotMatches, cap + 1);
      page =
        walk(this.orders, order, cursor, slotMatches, limit, this.walkBudget) ??
        this.orders.topOf(this.all(slotMatches), order, cursor, limit);
    }
    const keys = new Map<number, { boost: number; name: string; company: string }>();
    const ids = page.map((s) => {
      const e = this.entry(s);
      keys.set(e.id, { boost: e.boost, name: e.sortName, company: e.sortCompany });
      return e.id;
    });
    return { ids, keys, total };
  }

  private entry(slot: number): Entry {
    return this.slots[slot] as Entry;
  }

  /** The whole directory, counted once per kind of viewer until the next change, less my excluded. */
  private directoryTotal(q: IndexQuery): number {
    const open = acceptorOf({ ...q, excluded: new Set() }, this.facts, (slot) => this.entry(slot));
    const key = JSON.stringify([q.seesAll, q.typeIds, q.typeIds ? q.viewerId : 0]);
    let total = this.totals.get(key);
    if (total === undefined) {
      total = 0;
      for (let s = 0; s < this.slots.length; s++) if (open(s)) total++;
      this.totals.set(key, total);
    }
    for (const id of q.excluded) {
      const slot = this.slotOf.get(id);
      if (slot !== undefined && open(slot)) total--;
    }
    return total;
  }

  /**
   * The matching slots of the lists, each once, until `max` are found (the lists looked up only when
   * asked are read last, if still needed), and how many list entries were read to find them.
   */
  private check(
    candidates: Candidates,
    accept: (slot: number) => boolean,
    matches: (slot: number) => boolean,
    max: number,
  ): { found: number[]; read: number } {
    const mark = ++this.queryNo;
    const found: number[] = [];
    const { seen } = this;
    let read = 0;
    const scan = (part: Candidates): boolean => {
      for (const [i, list] of part.lists.entries()) {
        // The people of a list that satisfies the text need only the other conditions checked.
        const test = part.sure[i] === true ? accept : matches;
        for (let k = 0; k < list.length; k++) {
          const slot = list[k] as number;
          read++;
          if (seen[slot] === mark) continue;
          seen[slot] = mark;
          if (test(slot) && found.push(slot) >= max) return true;
        }
      }
      return false;
    };
    if (!scan(candidates) && candidates.rest) scan(candidates.rest());
    return { found, read };
  }

  /** How many slots match, counting no further than `max`. */
  private count(matches: (slot: number) => boolean, max: number): number {
    let n = 0;
    for (let s = 0; s < this.slots.length && n < max; s++) if (matches(s)) n++;
    return n;
  }

  /** Every matching slot. */
  private all(matches: (slot: number) => boolean): number[] {
    const out: number[] = [];
    for (let s = 0; s < this.slots.length; s++) if (matches(s)) out.push(s);
    return out;
  }
}
