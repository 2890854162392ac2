import {
  type AttendeeCard,
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
import {
  countByWalking,
  countMatches,
  estimateMatches,
  type PageStrategy,
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

function encodeCursor(by: SearchOrder, row: SearchRow, strategy: PageStrategy): string {
  const key = by === 'company' ? row.sort_company : row.sort_name;
  const value: unknown[] = by === 'relevance' ? [by, row.search_boost, key, row.id] : [by, key, row.id];
  // The next page is read the way the first was, without counting again.
  if (strategy === 'sort') value.push('sort');
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

function decodeCursor(by: SearchOrder, after: string): { cursor: SearchCursor; strategy: PageStrategy } {
  try {
    const value: unknown = JSON.parse(Buffer.from(after, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value[0] === by) {
      const size = by === 'relevance' ? 4 : 3;
      const strategy: PageStrategy = value.length === size + 1 && value[size] === 'sort' ? 'sort' : 'walk';
      if (value.length === size || strategy === 'sort') {
        if (by === 'relevance') {
          const [, boost, key, id] = value;
          if (Number.isInteger(boost) && typeof key === 'string' && Number.isInteger(id))
            return { cursor: { boost, key, id }, strategy };
        } else {
          const [, key, id] = value;
          if (typeof key === 'string' && Number.isInteger(id)) return { cursor: { key, id }, strategy };
        }
      }
    }
  } catch {
    // falls through to the error below
  }
  throw AppError.badRequest('after: invalid cursor', { after: 'validation.error.cursor' });
}

/** A narrowed search the planner expects to find this many people or more is counted by walking first. */
const DENSE_ESTIMATE = 5 * SEARCH_COUNT_CAP;
/** How far that walk goes before the count falls back to the text and category indexes. */
const WALK_BUDGET = 20 * SEARCH_COUNT_CAP;

/**
 * The people a search finds — exactly for the whole directory (kept per search version), up to
 * SEARCH_COUNT_CAP + 1 for a narrowed one — read the cheapest way for its density, and how to read
 * its page (decision 018): walking the order's index only where a walk found the matches dense (a
 * filter that follows the order, such as the lowest-priority type, would make a walk read the whole
 * event), otherwise sorting the matches.
 */
async function countFound(
  ctx: AppContext,
  cache: SearchCache,
  scope: SearchScope,
  cap: number | null,
): Promise<{ n: number; read: PageStrategy }> {
  if (cap === null) {
    const { viewerId: _, ...shared } = scope;
    const n = await cache.versioned(ctx.db, scope.eventId, `total:${JSON.stringify(shared)}`, () =>
      countMatches(ctx.db, scope),
    );
    return { n, read: 'walk' };
  }
  if ((await estimateMatches(ctx.db, scope)) >= DENSE_ESTIMATE) {
    const walked = await countByWalking(ctx.db, scope, WALK_BUDGET, cap);
    if (walked > cap) return { n: walked, read: 'walk' };
  }
  return { n: await countMatches(ctx.db, scope, cap), read: 'sort' };
}

/** Text or a filter of the asker's: counted up to SEARCH_COUNT_CAP (the whole directory exactly). */
function narrowed(scope: SearchScope): boolean {
  return Boolean(
    scope.text.tsquery ||
      scope.text.like ||
      scope.filterTypeIds?.length ||
      scope.filterCategoryIds?.length ||
      scope.tags?.length ||
      scope.withoutBooth,
  );
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
  const decoded = input.after ? decodeCursor(by, input.after) : null;
  const cursor = decoded?.cursor ?? null;
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
  const cap = narrowed(base) ? SEARCH_COUNT_CAP : null;
  // The count comes first: it says how to read the page. Later pages carry the way in their cursor.
  let found: { n: number; read: PageStrategy } | null = null;
  const plan = (): PageStrategy => decoded?.strategy ?? found?.read ?? 'walk';
  let rows: SearchRow[];
  let total: number | null;
  if (base.tags?.length || viewer.ignored.size > IGNORE_SLACK) {
    // Depends on my own tags: straight to the database.
    const scope = { ...base, excludeIgnored: true };
    found = decoded ? null : await countFound(ctx, cache, scope, cap);
    total = found?.n ?? null;
    rows = await searchPage(ctx.db, scope, order, cursor, length + 1, plan());
  } else {
    const { viewerId: _, ...shared } = base;
    const key = JSON.stringify([shared, order, cursor, length]);
    const prefix = await cache.eventScope(ctx.db, base.eventId);
    // The total does not depend on order or page size: one count serves all of them.
    found = decoded
      ? null
      : await cache.cached(`${prefix}count:${JSON.stringify(shared)}`, () =>
          countFound(ctx, cache, base, cap),
        );
    total = found?.n ?? null;
    const strategy = plan();
    const page = await cache.cached(`${prefix}page:${key}`, () =>
      searchPage(ctx.db, base, order, cursor, length + 1 + IGNORE_SLACK, strategy),
    );
    rows = page.filter((r) => !viewer.ignored.has(r.id)).slice(0, length + 1);
    if (total !== null && viewer.ignored.size > 0 && (cap === null || total <= cap)) {
      total -= await countMatches(ctx.db, { ...base, onlyIds: [...viewer.ignored] });
    }
  }
  const strategy = plan();
  const capped = cap !== null && total !== null && total > cap;
  const list = rows.slice(0, length);
  const results = list.map((row) => {
    const card = toCard(row, viewer.tags.get(row.id) ?? [], viewer.canInviteRow(row));
    return SEARCH_PROPS.map((p) => card[p]);
  });
  const last = list.at(-1);
  return {
    matches: capped ? cap : total,
    ...(capped ? { matchesCapped: true } : {}),
    props: [...SEARCH_PROPS],
    results,
    after: rows.length > length && last ? encodeCursor(by, last, strategy) : null,
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
