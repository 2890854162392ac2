import { lowerBound } from './search.index.orders';

/**
 * The inverted lists of an event's search index (search.index.ts): for each word (lexeme), each
 * three-letter piece of the text, each category and each participant type, the slots of the people
 * having it. A typed prefix is a range of the sorted words; a substring holds all of its pieces, so
 * the list of its rarest piece holds every person it can match. Lists only grow between full reads:
 * a changed person keeps their old entries, which the index's check turns away.
 */

/** A list of slots: a word's, piece's, category's or type's own, or an intersection's. */
export type SlotList = ArrayLike<number> & Iterable<number>;

/** What the lists know of a person. */
export interface Listed {
  /** ' ' + the lexemes joined by ' '. */
  words: string;
  text: string;
  categories: readonly number[];
  typeId: number | null;
}

/** What a query looks up in the lists. */
export interface LookedUp {
  tokens: readonly string[];
  needle: string | null;
  filterTypeIds?: readonly number[] | undefined;
  filterCategoryIds?: readonly number[] | undefined;
}

/**
 * Lists whose union holds every slot that can match, with their summed length; `sure[i]`: every
 * person of `lists[i]` satisfies the query's text (slots never change: search.index.ts).
 */
export interface Candidates {
  lists: SlotList[];
  sure: boolean[];
  /** The entries of `lists` and, at most, of `rest`'s. */
  size: number;
  /**
   * More lists of the union, looked up only when asked (a substring's pieces, when the words'
   * lists may already answer: a count that reaches its cap, a page the walk finds).
   */
  rest?: () => Candidates;
  /**
   * Lists holding at least `rest`'s slots, for a caller that checks every slot it takes: `rest`'s
   * own lists when already looked up or cheap to look up, else the rarest piece's list alone (one
   * list read, where `rest` marks every piece's: "community manage" marks fourteen lists of up to
   * 400,000 at a million to take out a few slots).
   */
  restSuperset?: () => SlotList[];
}

const pieces = (text: string): Set<string> => {
  const out = new Set<string>();
  for (let i = 0; i + 3 <= text.length; i++) out.add(text.slice(i, i + 3));
  return out;
};

function add<K>(map: Map<K, number[]>, key: K, slot: number): boolean {
  const list = map.get(key);
  if (!list) {
    map.set(key, [slot]);
    return true;
  }
  if (list[list.length - 1] !== slot) list.push(slot);
  return false;
}

/**
 * A set more than this many times longer than the rarest is not intersected (marking costs too).
 * Marking a slot costs a few nanoseconds, checking a person about a microsecond at a million (a
 * read of their entry and texts): 16 and 4 below were measured when a marked slot cost ten times
 * more (a pushed array); both raised after, with the same answers to the bench's 2,000 searches
 * (16/4 → 64/32: mean ×0.87 at a million, alternating search by search in one process).
 */
const INTERSECT_RATIO = 64;
/**
 * A caller that checks every slot takes the rarest piece's list alone when intersecting the pieces
 * would mark more than this many times its length ("community manage": fourteen lists); a short
 * needle's few pieces ("jana": two) are intersected, or the rarest's many non-matches (every
 * "Jansen" holds "jan") are checked one by one, and in name order they come first.
 */
const SUPERSET_MARKS = 32;

export class SlotLists {
  private words = new Map<string, number[]>();
  private sortedWords: string[] = [];
  private pieces = new Map<string, number[]>();
  private categories = new Map<number | null, number[]>();
  private types = new Map<number | null, number[]>();
  private bulk = false;
  /** A bit per slot, set by one step of an intersection (textLists). */
  private bits = new Int32Array(0);
  private maxSlot = -1;

  /** Many people at once: the words are sorted once at `endBulk` instead of one insertion each. */
  beginBulk(): void {
    this.bulk = true;
  }

  endBulk(): void {
    if (this.bulk) this.sortedWords = [...this.words.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    this.bulk = false;
  }

  /** Adds the slot to its words', pieces', categories' and type's lists. */
  add(slot: number, person: Listed): void {
    if (slot > this.maxSlot) this.maxSlot = slot;
    for (const word of person.words.split(' ')) {
      if (word && add(this.words, word, slot) && !this.bulk) {
        this.sortedWords.splice(lowerBound(this.sortedWords, word), 0, word);
      }
    }
    for (const piece of pieces(person.text)) add(this.pieces, piece, slot);
    for (const category of person.categories) add(this.categories, category, slot);
    add(this.types, person.typeId, slot);
  }

  /**
   * The shortest lists that hold every match: those of the asked categories, of the asked types, or
   * of the text (when `text`); null when nothing of the query can be looked up.
   */
  candidates(q: LookedUp, text: boolean): Candidates | null {
    const options: Candidates[] = [];
    const union = (map: Map<number | null, number[]>, keys: readonly number[] | undefined) => {
      if (!keys?.length) return;
      const lists = [...new Set(keys)].map((k) => map.get(k) ?? []);
      options.push({ lists, sure: lists.map(() => !text), size: lists.reduce((n, l) => n + l.length, 0) });
    };
    union(this.categories, q.filterCategoryIds);
    union(this.types, q.filterTypeIds);
    if (text) {
      const lists = this.textLists(q);
      if (lists) options.push(lists);
    }
    return options.reduce<Candidates | null>(
      (best, o) => (best === null || o.size < best.size ? o : best),
      null,
    );
  }

  /**
   * Every slot the text may match: those having a word that starts with each token, and those having
   * every piece of the needle; null when there is nothing to look up (a needle of one or two
   * characters and no words: every person is checked then). Each is the rarest token's (piece's)
   * slots, kept where the other tokens (pieces) have them too: a mark per slot costs less than
   * checking a person's text, so "sales direct" reads the few Sales Directors, not every Director.
   * A token or piece far commoner than the rarest is not worth marking, and is left to the check.
   */
  private textLists(q: LookedUp): Candidates | null {
    const lists: SlotList[] = [];
    const sure: boolean[] = [];
    let size = 0;
    if (q.tokens.length > 0) {
      const ranges = q.tokens.map((token) => this.wordRange(token));
      const { found, n, all } = this.intersect(ranges);
      lists.push(...found);
      // Every token starts a word of each of these people: that is the whole text condition.
      for (const _ of found) sure.push(all);
      size += n;
    }
    if (q.needle !== null) {
      const sets = [...pieces(q.needle)].map((piece) => [this.pieces.get(piece) ?? []]);
      if (sets.length === 0) return null;
      // A needle of three characters is its only piece.
      const exact = q.needle.length === 3;
      const needle = (): Candidates => {
        const { found, n, all } = this.intersect(sets);
        return { lists: found, sure: found.map(() => all && exact), size: n };
      };
      if (lists.length === 0) return needle();
      // Marking a long word's pieces costs more than the rest of its search ("software": six lists
      // of 120,000 at a million), and its words' lists often hold the whole answer.
      const lengths = sets.map(([list]) => (list as number[]).length);
      const rarest = sets[lengths.indexOf(Math.min(...lengths))]?.[0] as number[];
      // What the intersection would mark (intersect: the pieces not far commoner than the rarest).
      const marked = lengths
        .filter((n) => n <= INTERSECT_RATIO * rarest.length)
        .reduce((sum, n) => sum + n, 0);
      let looked: Candidates | undefined;
      const rest = () => (looked ??= needle());
      return {
        lists,
        sure,
        size: size + rarest.length,
        rest,
        restSuperset: () => (looked || marked <= SUPERSET_MARKS * rarest.length ? rest().lists : [rarest]),
      };
    }
    return { lists, sure, size };
  }

  /** The lists of the words starting with `token`. */
  private wordRange(token: string): SlotList[] {
    const range: SlotList[] = [];
    for (let i = lowerBound(this.sortedWords, token); i < this.sortedWords.length; i++) {
      const word = this.sortedWords[i] as string;
      if (!word.startsWith(token)) break;
      range.push(this.words.get(word) as number[]);
    }
    return range;
  }

  /**
   * The slots of the shortest of `sets` (each the union of its lists) that every other set holds
   * too, as lists of `n` entries in all; `all`: every set was looked at (one far longer than the
   * shortest is skipped). The shortest alone is given as it is (its slots may repeat: the check
   * counts each once and stops early, where reading it whole here would not).
   */
  private intersect(sets: SlotList[][]): { found: SlotList[]; n: number; all: boolean } {
    const sized = sets
      .map((lists) => ({ lists, n: lists.reduce((n, l) => n + l.length, 0) }))
      .sort((a, b) => a.n - b.n);
    const [rarest, ...others] = sized;
    if (!rarest) return { found: [], n: 0, all: true };
    const useful = others.filter((other) => other.n <= INTERSECT_RATIO * rarest.n);
    const all = useful.length === others.length;
    if (useful.length === 0) return { found: rarest.lists, n: rarest.n, all };
    // One bit per slot: 125 KB at a million, where a number per slot took 8 MB (measured alike or
    // a little faster). The slots kept go in one typed array sized once: a JS array grown by a push
    // per slot cost ten times the marking at a million (each growth a large object for the GC).
    const bits = this.clearedBits();
    const slots = new Int32Array(rarest.n);
    let n = 0;
    for (const list of rarest.lists) {
      for (let i = 0; i < list.length; i++) {
        const slot = list[i] as number;
        const word = slot >> 5;
        const bit = 1 << (slot & 31);
        if ((bits[word] as number) & bit) continue;
        bits[word] = (bits[word] as number) | bit;
        slots[n++] = slot;
      }
    }
    for (const other of useful) {
      if (n === 0) break;
      bits.fill(0);
      for (const list of other.lists) {
        for (let i = 0; i < list.length; i++) {
          const slot = list[i] as number;
          bits[slot >> 5] = (bits[slot >> 5] as number) | (1 << (slot & 31));
        }
      }
      let kept = 0;
      for (let i = 0; i < n; i++) {
        const slot = slots[i] as number;
        if ((bits[slot >> 5] as number) & (1 << (slot & 31))) slots[kept++] = slot;
      }
      n = kept;
    }
    return { found: [slots.subarray(0, n)], n, all };
  }

  /** The intersection's bits, all clear, for every slot listed. */
  private clearedBits(): Int32Array {
    const words = (this.maxSlot >> 5) + 1;
    if (this.bits.length < words) this.bits = new Int32Array(words * 2);
    else this.bits.fill(0);
    return this.bits;
  }
}
