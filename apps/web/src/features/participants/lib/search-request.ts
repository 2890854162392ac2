import { SEARCH_DEFAULT_LENGTH, type Search2Request, type SearchOrder } from '@foyer/contract';

/** Which people the directory lists: everyone, my favourites, or the people I ignore (E2.42). */
export type ParticipantView = 'all' | 'fav' | 'ignored';

export interface ParticipantFilters {
  query: string;
  typeIds: number[];
  categoryIds: number[];
  view: ParticipantView;
  orderBy: SearchOrder;
}

export const EMPTY_FILTERS: ParticipantFilters = {
  query: '',
  typeIds: [],
  categoryIds: [],
  view: 'all',
  orderBy: 'relevance',
};

/** The directory's page size (A9.18, E9.02). */
export const ATTENDEE_PAGE_SIZE = SEARCH_DEFAULT_LENGTH;

/** E7.32, E7.70: the directory's filters as one search2 request; empty parts are left out. */
export function toSearchRequest(
  eventId: number,
  filters: ParticipantFilters,
  after: string | null = null,
): Search2Request {
  const request: Search2Request = { eventId, length: ATTENDEE_PAGE_SIZE };
  const query = filters.query.trim();
  if (query) request.query = query;
  if (after) request.after = after;
  if (filters.orderBy !== 'relevance') {
    request.orderBy = filters.orderBy;
    request.asc = true;
  }
  const parts: NonNullable<Search2Request['filters']> = {};
  if (filters.typeIds.length) parts.typeIds = [...filters.typeIds].sort((a, b) => a - b);
  if (filters.categoryIds.length) parts.categoryIds = [...filters.categoryIds].sort((a, b) => a - b);
  if (filters.view !== 'all') parts.tags = [filters.view];
  if (Object.keys(parts).length) request.filters = parts;
  return request;
}

/** True when the user narrowed the list (the empty state then says "no results", not "nobody yet"). */
export function isFiltered(filters: ParticipantFilters): boolean {
  return (
    filters.query.trim() !== '' ||
    filters.typeIds.length > 0 ||
    filters.categoryIds.length > 0 ||
    filters.view !== 'all'
  );
}

/** Option ids of category questions, from a Select's string values (Mantine speaks strings). */
export const toIds = (values: readonly string[]) =>
  values.map(Number).filter((n) => Number.isInteger(n) && n > 0);

const VIEWS: readonly ParticipantView[] = ['all', 'fav', 'ignored'];
const ORDERS: readonly SearchOrder[] = ['relevance', 'name', 'company'];
const idList = (value: string | null) => toIds((value ?? '').split(',').filter(Boolean));

/** The filters live in the address (?q=&type=&cat=&view=&sort=), so back and reload keep them. */
export function filtersFromParams(params: URLSearchParams): ParticipantFilters {
  const view = params.get('view') as ParticipantView | null;
  const sort = params.get('sort') as SearchOrder | null;
  return {
    query: (params.get('q') ?? '').slice(0, 200),
    typeIds: idList(params.get('type')),
    categoryIds: idList(params.get('cat')),
    view: view && VIEWS.includes(view) ? view : 'all',
    orderBy: sort && ORDERS.includes(sort) ? sort : 'relevance',
  };
}

/** Writes the filters into `params` (other parameters stay); defaults are left out. */
export function filtersToParams(
  filters: ParticipantFilters,
  params = new URLSearchParams(),
): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (key: string, value: string) => (value ? next.set(key, value) : next.delete(key));
  set('q', filters.query);
  set('type', filters.typeIds.join(','));
  set('cat', filters.categoryIds.join(','));
  set('view', filters.view === 'all' ? '' : filters.view);
  set('sort', filters.orderBy === 'relevance' ? '' : filters.orderBy);
  return next;
}
