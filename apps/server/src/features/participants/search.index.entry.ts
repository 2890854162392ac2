import type { ParticipantTag } from '@foyer/contract';
import type { SearchRow } from './search.repository';

/**
 * A person as the event's search index holds them (search.index.ts), and the tests a query puts
 * them to: the conditions besides the text (`acceptorOf`, from per-slot facts) and the text
 * (`textTestOf`), as the SQL of search.repository.ts has them.
 */

/**
 * A participant as the index reads it (search.indexes.ts): what search2 filters, orders and shows;
 * the card's own fields as the SQL reading (search.repository.ts) has them.
 */
export type IndexRow = Pick<
  SearchRow,
  | 'id'
  | 'name'
  | 'surname'
  | 'job_title'
  | 'company'
  | 'profile_photo'
  | 'present'
  | 'type_id'
  | 'organizer'
  | 'state'
  | 'search_boost'
  | 'sort_name'
  | 'sort_company'
> & {
  booth_role: string | null;
  category_ids: number[] | null;
  booth_id: number | null;
  visible: boolean;
  search_text: string;
  /** The lexemes of search_vector, space-separated. */
  lexemes: string;
};

/** A person in the index: the row, with what the tests read ready. */
export interface Entry {
  row: IndexRow;
  id: number;
  typeId: number | null;
  categories: readonly number[];
  boothId: number | null;
  organizer: boolean;
  deleted: boolean;
  visible: boolean;
  boost: number;
  sortName: string;
  sortCompany: string;
  /** search_text: substring matches (LIKE '%…%'). */
  text: string;
  /** ' ' + the lexemes joined by ' ': a word prefix t matches where ' ' + t occurs. */
  words: string;
}

/** What a search asks, besides its order and page. */
export interface IndexQuery {
  viewerId: number;
  seesAll: boolean;
  typeIds: readonly number[] | null;
  /** Every token must start a word (the tsquery), or the needle occur in the text (the LIKE). */
  tokens: readonly string[];
  needle: string | null;
  filterTypeIds?: readonly number[] | undefined;
  filterCategoryIds?: readonly number[] | undefined;
  withoutBooth?: boolean | undefined;
  /** Only people the viewer gave all of these tags. */
  tags?: readonly ParticipantTag[] | undefined;
  tagsOf: (id: number) => readonly ParticipantTag[] | undefined;
  /** People left out (those the viewer ignores, unless they ask for them). */
  excluded: ReadonlySet<number>;
}

export function toEntry(row: IndexRow): Entry {
  return {
    row,
    id: row.id,
    typeId: row.type_id,
    categories: row.category_ids ?? [],
    boothId: row.booth_id,
    organizer: row.organizer,
    deleted: row.state === 'deleted',
    visible: row.visible,
    boost: Number(row.search_boost),
    sortName: row.sort_name,
    sortCompany: row.sort_company,
    text: row.search_text,
    words: row.lexemes ? ` ${row.lexemes}` : '',
  };
}

/** A slot's flags (`SlotFacts.flags`): what `acceptorOf` reads of a person, as bits. */
const LIVE = 1;
const SHOWN = 2;
const IN_BOOTH = 4;

/** Per slot, what the conditions besides the text read, in arrays: a test reads no person. */
export interface SlotFacts {
  /** LIVE | SHOWN (visible, not deleted) | IN_BOOTH (in a booth, or an organizer); 0: emptied. */
  flags: Uint8Array;
  /** The person's type, -1 for none (or an emptied slot). */
  typeOf: Int32Array;
  idOf: Int32Array;
}

/** Arrays of `SlotFacts` with room for `size` slots, the facts of `from` copied. */
export function factsWithRoom(size: number, from?: SlotFacts): SlotFacts {
  const facts = { flags: new Uint8Array(size), typeOf: new Int32Array(size), idOf: new Int32Array(size) };
  if (from) {
    facts.flags.set(from.flags);
    facts.typeOf.set(from.typeOf);
    facts.idOf.set(from.idOf);
  }
  return facts;
}

/** Writes a slot's facts: its person's, or those of an emptied slot (null). */
export function setFacts(facts: SlotFacts, slot: number, e: Entry | null): void {
  facts.flags[slot] = e
    ? LIVE | (!e.deleted && e.visible ? SHOWN : 0) | (e.boothId !== null || e.organizer ? IN_BOOTH : 0)
    : 0;
  facts.typeOf[slot] = e?.typeId ?? -1;
  facts.idOf[slot] = e?.id ?? 0;
}

/**
 * Every condition of the query but its text, for a slot. Its facts first (at a million people,
 * reading a person is a cache miss where these are numbers side by side); the person (`entryAt`)
 * only when the query asks what only the person holds (categories, tags), and only for a slot
 * whose facts pass.
 */
export function acceptorOf(
  q: IndexQuery,
  facts: SlotFacts,
  entryAt: (slot: number) => Entry,
): (slot: number) => boolean {
  const visibleTypes = q.typeIds ? new Set(q.typeIds) : null;
  const types = q.filterTypeIds?.length ? new Set(q.filterTypeIds) : null;
  const excluded = q.excluded.size > 0 ? q.excluded : null;
  const shown = q.seesAll ? LIVE : LIVE | SHOWN;
  const notInBooth = q.withoutBooth === true;
  const byPerson = personTestOf(q);
  const { flags, typeOf, idOf } = facts;
  return (slot) => {
    const f = flags[slot] as number;
    if ((f & shown) !== shown || (notInBooth && (f & IN_BOOTH) !== 0)) return false;
    if (visibleTypes || types) {
      const t = typeOf[slot] as number;
      if (types && !types.has(t)) return false;
      if (visibleTypes && !visibleTypes.has(t) && idOf[slot] !== q.viewerId) return false;
    }
    if (excluded?.has(idOf[slot] as number)) return false;
    return byPerson === null || byPerson(entryAt(slot));
  };
}

/** The conditions only the person holds: one of the categories, all of the tags; null: none asked. */
function personTestOf(q: IndexQuery): ((e: Entry) => boolean) | null {
  const categories = q.filterCategoryIds?.length ? new Set(q.filterCategoryIds) : null;
  const tags = q.tags?.length ? q.tags : null;
  if (!categories && !tags) return null;
  return (e) => {
    if (categories && !e.categories.some((c) => categories.has(c))) return false;
    if (tags) {
      const mine = q.tagsOf(e.id);
      if (!mine || !tags.every((t) => mine.includes(t))) return false;
    }
    return true;
  };
}

/** The query's text: a word starting with every token, or the needle anywhere; null: no text. */
export function textTestOf(q: IndexQuery): ((e: Entry) => boolean) | null {
  if (q.tokens.length === 0 && q.needle === null) return null;
  const prefixes = q.tokens.map((t) => ` ${t}`);
  const needle = q.needle;
  return (e) => {
    if (needle !== null && e.text.includes(needle)) return true;
    if (prefixes.length === 0) return false;
    for (const p of prefixes) if (!e.words.includes(p)) return false;
    return true;
  };
}
