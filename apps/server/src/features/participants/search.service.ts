import {
  SEARCH_COUNT_CAP,
  SEARCH_DEFAULT_LENGTH,
  SEARCH_PROPS,
  type Search2Request,
  type Search2Response,
  type SearchOrder,
} from '@foyer/contract';
import type { AppContext } from '../../context';
import { AppError } from '../../http/errors';
import type { SearchCache } from './search.cache';
import { cardJson } from './search.card';
import type { EventIndex } from './search.index';
import type { IndexCursor } from './search.index.orders';
import { loadSearchViewer, type SearchViewer } from './search.viewer';

const MAX_TOKENS = 8;

/**
 * Free text → a prefix tsquery (every word must start a word) and a substring LIKE pattern, and the
 * same as the in-memory index reads them: the words and the substring (`needle`).
 */
export function textQuery(query: string | undefined): {
  tsquery: string | null;
  like: string | null;
  tokens: string[];
  needle: string | null;
} {
  const text = (query ?? '').trim().toLowerCase();
  if (text === '' || text === '*' || text === '*:*')
    return { tsquery: null, like: null, tokens: [], needle: null };
  const tokens = text
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, MAX_TOKENS);
  const tsquery = tokens.length ? tokens.map((t) => `${t}:*`).join(' & ') : null;
  const raw = text.slice(0, 100);
  const escaped = raw.replace(/[\\%_]/g, (c) => `\\${c}`);
  // Substring matches (inside a company name, say) need three characters for the trigram index.
  if (escaped.length >= 3) return { tsquery, like: `%${escaped}%`, tokens, needle: raw };
  if (!tsquery) return { tsquery: null, like: `%${escaped}%`, tokens, needle: raw };
  return { tsquery, like: null, tokens, needle: null };
}

type OrderKey = { boost: number; name: string; company: string };

function encodeCursor(by: SearchOrder, id: number, key: OrderKey): string {
  const text = by === 'company' ? key.company : key.name;
  const value: unknown[] = by === 'relevance' ? [by, key.boost, text, id] : [by, text, id];
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

function decodeCursor(by: SearchOrder, after: string): IndexCursor {
  try {
    const value: unknown = JSON.parse(Buffer.from(after, 'base64url').toString('utf8'));
    // Cursors of the SQL reading carried a fifth element ('sort'): still accepted.
    if (Array.isArray(value) && value[0] === by) {
      if (by === 'relevance') {
        const [, boost, key, id] = value;
        if (Number.isInteger(boost) && typeof key === 'string' && Number.isInteger(id))
          return { boost, key, id };
      } else {
        const [, key, id] = value;
        if (typeof key === 'string' && Number.isInteger(id)) return { key, id };
      }
    }
  } catch {
    // falls through to the error below
  }
  throw AppError.badRequest('after: invalid cursor', { after: 'validation.error.cursor' });
}

/** Text or a filter of the asker's: counted up to SEARCH_COUNT_CAP (the whole directory exactly). */
function narrowed(input: Search2Request, text: { tokens: string[]; needle: string | null }): boolean {
  const f = input.filters;
  return Boolean(
    text.tokens.length ||
      text.needle !== null ||
      f?.typeIds?.length ||
      f?.categoryIds?.length ||
      f?.tags?.length ||
      f?.withoutBooth,
  );
}

/**
 * POST /event/participant/search2 (E7.32, E7.33, A9.18, E6.01, E6.17). The event's in-memory index
 * (decision 021) finds, counts, orders and shows, as of the last committed write. The answer is
 * made as JSON (`data`'s), from the cards' JSON the index keeps: what the route sends.
 */
export async function search2Json(
  ctx: AppContext,
  cache: SearchCache,
  userId: number,
  input: Search2Request,
): Promise<string> {
  const viewer = await loadSearchViewer(ctx, cache, input.eventId, userId);
  return answerFromIndex(await cache.indexes.get(ctx.db, viewer.eventId), viewer, input);
}

/** search2's answer as an object, for callers on the server. */
export async function search2(
  ctx: AppContext,
  cache: SearchCache,
  userId: number,
  input: Search2Request,
): Promise<Search2Response> {
  return JSON.parse(await search2Json(ctx, cache, userId, input)) as Search2Response;
}

const PROPS_JSON = JSON.stringify(SEARCH_PROPS);

/** search2's answer (JSON) from a current index, in memory (the search benchmark times this alone too). */
export function answerFromIndex(index: EventIndex, viewer: SearchViewer, input: Search2Request): string {
  const by = input.orderBy ?? 'relevance';
  const cursor = input.after ? decodeCursor(by, input.after) : null;
  const length = input.length ?? SEARCH_DEFAULT_LENGTH;
  const text = textQuery(input.query);
  const tags = input.filters?.tags;
  const cap = narrowed(input, text) ? SEARCH_COUNT_CAP : null;
  const found = index.search(
    {
      viewerId: viewer.meId,
      seesAll: viewer.organizer,
      typeIds: viewer.visibleTypeIds,
      tokens: text.tokens,
      needle: text.needle,
      filterTypeIds: input.filters?.typeIds,
      filterCategoryIds: input.filters?.categoryIds,
      withoutBooth: input.filters?.withoutBooth,
      tags,
      tagsOf: (id) => viewer.tags.get(id),
      // People I ignore stay out of the list unless I ask for them.
      excluded: tags?.includes('ignored') ? new Set() : viewer.ignored,
    },
    { by, asc: input.asc ?? true },
    cursor,
    length + 1,
    cap,
  );
  const pageIds = found.ids.slice(0, length);
  const results: string[] = [];
  for (const id of pageIds) {
    const parts = index.cardParts(id);
    if (parts) results.push(cardJson(parts, viewer.tags.get(id) ?? [], viewer.canInviteRow(parts.target)));
  }
  const capped = cap !== null && found.total > cap;
  const total = cursor ? null : capped ? cap : found.total;
  const last = pageIds.at(-1);
  const lastKey = last === undefined ? undefined : found.keys.get(last);
  const after =
    found.ids.length > length && last !== undefined && lastKey ? encodeCursor(by, last, lastKey) : null;
  const capJson = capped && !cursor ? '"matchesCapped":true,' : '';
  // search2ResponseSchema's fields, in its order.
  return `{"matches":${total},${capJson}"props":${PROPS_JSON},"results":[${results.join(',')}],"after":${JSON.stringify(after)}}`;
}
