import {
  type AttendeeCard,
  SEARCH_DEFAULT_LENGTH,
  SEARCH_PROPS,
  type Search2Request,
  type Search2Response,
  type SearchOrder,
} from '@foyer/contract';
import type { AppContext } from '../../context';
import { AppError } from '../../http/errors';
import type { SearchCache } from './search.cache';
import {
  countMatches,
  type SearchCursor,
  type SearchRow,
  type SearchScope,
  searchPage,
} from './search.repository';
import { loadSearchViewer } from './search.viewer';

const MAX_TOKENS = 8;

/** Free text → a prefix tsquery (every word must start a word) and a substring LIKE pattern. */
export function textQuery(query: string | undefined): { tsquery: string | null; like: string | null } {
  const text = (query ?? '').trim().toLowerCase();
  if (text === '' || text === '*' || text === '*:*') return { tsquery: null, like: null };
  const tokens = text
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, MAX_TOKENS);
  const tsquery = tokens.length ? tokens.map((t) => `${t}:*`).join(' & ') : null;
  const escaped = text.slice(0, 100).replace(/[\\%_]/g, (c) => `\\${c}`);
  // Substring matches (inside a company name, say) need three characters for the trigram index.
  const like = escaped.length >= 3 ? `%${escaped}%` : null;
  if (!tsquery && !like) return { tsquery: null, like: `%${escaped}%` };
  return { tsquery, like };
}

function encodeCursor(by: SearchOrder, row: SearchRow): string {
  const key = by === 'company' ? row.sort_company : row.sort_name;
  const value = by === 'relevance' ? [by, row.search_boost, key, row.id] : [by, key, row.id];
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

function decodeCursor(by: SearchOrder, after: string): SearchCursor {
  try {
    const value: unknown = JSON.parse(Buffer.from(after, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value[0] === by) {
      if (by === 'relevance' && value.length === 4) {
        const [, boost, key, id] = value;
        if (Number.isInteger(boost) && typeof key === 'string' && Number.isInteger(id))
          return { boost, key, id };
      } else if (by !== 'relevance' && value.length === 3) {
        const [, key, id] = value;
        if (typeof key === 'string' && Number.isInteger(id)) return { key, id };
      }
    }
  } catch {
    // falls through to the error below
  }
  throw AppError.badRequest('after: invalid cursor', { after: 'validation.error.cursor' });
}

/** Extra rows fetched for a cached page so my ignored people can be taken out afterwards. */
const IGNORE_SLACK = 20;

/** POST /event/participant/search2 (E7.32, E7.33, A9.18, E6.01, E6.17). */
export async function search2(
  ctx: AppContext,
  cache: SearchCache,
  userId: number,
  input: Search2Request,
): Promise<Search2Response> {
  const viewer = await loadSearchViewer(ctx, cache, input.eventId, userId);
  const by = input.orderBy ?? 'relevance';
  const order = { by, asc: input.asc ?? true };
  const cursor = input.after ? decodeCursor(by, input.after) : null;
  const length = input.length ?? SEARCH_DEFAULT_LENGTH;
  const base: SearchScope = {
    eventId: viewer.eventId,
    viewerId: viewer.meId,
    seesAll: viewer.organizer,
    typeIds: viewer.visibleTypeIds,
    text: textQuery(input.query),
    filterTypeIds: input.filters?.typeIds,
    filterCategoryIds: input.filters?.categoryIds,
    tags: input.filters?.tags,
    withoutBooth: input.filters?.withoutBooth,
    excludeIgnored: false,
  };
  let rows: SearchRow[];
  let matches: number | null;
  if (base.tags?.length || viewer.ignored.size > IGNORE_SLACK) {
    // Depends on my own tags: straight to the database.
    const scope = { ...base, excludeIgnored: true };
    [rows, matches] = await Promise.all([
      searchPage(ctx.db, scope, order, cursor, length + 1),
      cursor ? Promise.resolve(null) : countMatches(ctx.db, scope),
    ]);
  } else {
    const { viewerId: _, ...shared } = base;
    const key = JSON.stringify([shared, order, cursor, length]);
    const prefix = await cache.eventScope(ctx.db, base.eventId);
    // The total does not depend on order or page size: one count serves all of them.
    const [page, total] = await Promise.all([
      cache.cached(`${prefix}page:${key}`, () =>
        searchPage(ctx.db, base, order, cursor, length + 1 + IGNORE_SLACK),
      ),
      cursor
        ? Promise.resolve(null)
        : cache.cached(`${prefix}count:${JSON.stringify(shared)}`, () => countMatches(ctx.db, base)),
    ]);
    rows = page.filter((r) => !viewer.ignored.has(r.id)).slice(0, length + 1);
    matches = total;
    if (matches !== null && viewer.ignored.size > 0) {
      matches -= await countMatches(ctx.db, { ...base, onlyIds: [...viewer.ignored] });
    }
  }
  const list = rows.slice(0, length);
  const results = list.map((row) => {
    const card = toCard(row, viewer.tags.get(row.id) ?? [], viewer.canInviteRow(row));
    return SEARCH_PROPS.map((p) => card[p]);
  });
  const last = list.at(-1);
  return {
    matches,
    props: [...SEARCH_PROPS],
    results,
    after: rows.length > length && last ? encodeCursor(by, last) : null,
  };
}

export function toCard(row: SearchRow, tags: AttendeeCard['tags'], canInviteThem: boolean): AttendeeCard {
  return {
    id: row.id,
    name: row.name,
    surname: row.surname,
    fullName: `${row.name} ${row.surname}`.trim(),
    jobTitle: row.job_title,
    company: row.company,
    profilePhoto: row.profile_photo,
    boothId: row.booth_id,
    boothName: row.booth_name,
    boothLogo: row.booth_logo,
    typeId: row.type_id,
    participantType: row.type_name,
    present: row.present,
    organizer: row.organizer,
    tags,
    canInvite: canInviteThem,
    deleted: row.state === 'deleted',
  };
}
