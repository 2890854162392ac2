/**
 * A person's text in 128 bits, read without the person (search.index.ts): which word beginnings
 * (first letter, first two letters) and which three-letter pieces of the text they have, each
 * hashed to one of 64 bits. A query's text can only match people having all of its bits: a page's
 * walk and checks turn most people away on one number read, where reading a person costs three or
 * four cache misses at a million (a microsecond and more: the entry, then each of its strings).
 * A filter, never an answer: a person it lets through is still checked whole.
 */

/** The text a signature is made from (an index entry). */
export interface Signed {
  /** ' ' + the lexemes joined by ' '. */
  words: string;
  text: string;
}

/** What a query's text asks (search.index.entry.ts's IndexQuery). */
export interface SignedQuery {
  tokens: readonly string[];
  needle: string | null;
}

const WORDS = 0;
const TEXT = 2;
const INTS = 4;

/** One of 64 bits for a short string (FNV-1a). */
function bitOf(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return (h >>> 0) & 63;
}

/** A word's beginning as its signature holds it: a token of one letter, or its first two letters. */
const beginning = (token: string) => (token.length === 1 ? `1${token}` : token.slice(0, 2));

/** Sets `bit` in the pair of ints at `at`. */
function setBit(into: Int32Array, at: number, bit: number): void {
  const i = at + (bit >> 5);
  into[i] = (into[i] as number) | (1 << (bit & 31));
}

/** These bits as a mask of two ints. */
function maskOf(bits: readonly number[]): Int32Array {
  const mask = new Int32Array(2);
  for (const bit of bits) setBit(mask, 0, bit);
  return mask;
}

export class Signatures {
  /** Four ints per slot: the words' bits (two), the text's (two). */
  private sig = new Int32Array(0);

  /** Room for `slots` slots, keeping what is held. */
  grow(slots: number): void {
    if (this.sig.length >= slots * INTS) return;
    const sig = new Int32Array(slots * INTS);
    sig.set(this.sig);
    this.sig = sig;
  }

  /** The slot's signature, from its person (an emptied slot's is never read: no order holds it). */
  set(slot: number, person: Signed): void {
    const at = slot * INTS;
    this.sig.fill(0, at, at + INTS);
    for (const word of person.words.split(' ')) {
      if (!word) continue;
      setBit(this.sig, at + WORDS, bitOf(`1${word.charAt(0)}`));
      if (word.length > 1) setBit(this.sig, at + WORDS, bitOf(word.slice(0, 2)));
    }
    const text = person.text;
    for (let i = 0; i + 3 <= text.length; i++) setBit(this.sig, at + TEXT, bitOf(text.slice(i, i + 3)));
  }

  /**
   * Whether a slot may match the query's text (a word beginning with every token, or the needle in
   * the text); null when the query has no text or its needle is too short to have a piece.
   */
  textFilter(q: SignedQuery): ((slot: number) => boolean) | null {
    if (q.tokens.length === 0 && q.needle === null) return null;
    // A needle of one or two characters has no piece: it may be anywhere.
    if (q.needle !== null && q.needle.length < 3) return null;
    const words = q.tokens.length > 0 ? maskOf(q.tokens.map((t) => bitOf(beginning(t)))) : null;
    const pieces: number[] = [];
    if (q.needle !== null)
      for (let i = 0; i + 3 <= q.needle.length; i++) pieces.push(bitOf(q.needle.slice(i, i + 3)));
    const text = q.needle !== null ? maskOf(pieces) : null;
    const sig = this.sig;
    const has = (at: number, mask: Int32Array) =>
      ((sig[at] as number) & (mask[0] as number)) === mask[0] &&
      ((sig[at + 1] as number) & (mask[1] as number)) === mask[1];
    return (slot) => {
      const at = slot * INTS;
      return (text !== null && has(at + TEXT, text)) || (words !== null && has(at + WORDS, words));
    };
  }
}
