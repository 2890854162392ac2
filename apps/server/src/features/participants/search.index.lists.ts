/**
 * The inverted lists of an event's search index (search.index.ts): for each word (lexeme), each
 * three-letter piece of the text, each category and each participant type, the slots of the people
 * having it. A typed prefix is a range of the sorted words; a substring holds all of its pieces, so
 * the list of its rarest piece holds every person it can match. Lists only grow between full reads:
 * a changed person keeps their old entries, which the index's check turns away.
 */

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
  lists: number[][];
  sure: boolean[];
  size: number;
}

const pieces = (text: string): Set<string> => {
  const out = new Set<string>();
  for (let i = 0; i + 3 <= text.length; i++) out.add(text.slice(i, i + 3));
  return out;
};

/** The first index in sorted `list` whose value is not below `value`. */
function lowerBound(list: readonly string[], value: string): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((list[mid] as string) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function add<K>(map: Map<K, number[]>, key: K, slot: number): boolean {
  const list = map.get(key);
  if (!list) {
    map.set(key, [slot]);
    return true;
  }
  if (list[list.length - 1] !== slot) list.push(slot);
  return false;
}

export class SlotLists {
  private words = new Map<string, number[]>();
  private sortedWords: string[] = [];
  private pieces = new Map<string, number[]>();
  private categories = new Map<number | null, number[]>();
  private types = new Map<number | null, number[]>();
  private bulk = false;

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
   * Every slot the text may match: the words starting with the rarest token, and the slots of the
   * needle's rarest piece; null when there is nothing to look up (a needle of one or two characters
   * and no words: every person is checked then).
   */
  private textLists(q: LookedUp): Candidates | null {
    const lists: number[][] = [];
    const sure: boolean[] = [];
    let size = 0;
    if (q.tokens.length > 0) {
      let best: number[][] = [];
      let bestSize = Number.POSITIVE_INFINITY;
      for (const token of q.tokens) {
        const range: number[][] = [];
        let n = 0;
        for (let i = lowerBound(this.sortedWords, token); i < this.sortedWords.length && n < bestSize; i++) {
          const word = this.sortedWords[i] as string;
          if (!word.startsWith(token)) break;
          const list = this.words.get(word) as number[];
          range.push(list);
          n += list.length;
        }
        if (n < bestSize) {
          best = range;
          bestSize = n;
        }
      }
      lists.push(...best);
      // One token: having a word that starts with it is the whole text condition.
      for (const _ of best) sure.push(q.tokens.length === 1);
      size += bestSize;
    }
    if (q.needle !== null) {
      let rarest: number[] | null = null;
      for (const piece of pieces(q.needle)) {
        const list = this.pieces.get(piece) ?? [];
        if (!rarest || list.length < rarest.length) rarest = list;
      }
      if (!rarest) return null;
      lists.push(rarest);
      // A needle of three characters is its only piece.
      sure.push(q.needle.length === 3);
      size += rarest.length;
    }
    return { lists, sure, size };
  }
}
