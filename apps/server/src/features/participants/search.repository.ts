import type { ParticipantTag, SearchOrder } from '@foyer/contract';
import { type ExpressionBuilder, type SelectQueryBuilder, sql } from 'kysely';
import type { Executor } from '../../db/executor';
import type { DB } from '../../db/schema';

type From = DB & { p: DB['participants'] };

export interface SearchScope {
  eventId: number;
  viewerId: number;
  /** Organizers see hidden and invisible people, and deleted accounts, too (E6.01, E3.02). */
  seesAll: boolean;
  /** Restricted events: the type ids the viewer may see (E6.17); null = everyone. */
  typeIds: readonly number[] | null;
  text: { tsquery: string | null; like: string | null };
  filterTypeIds?: readonly number[] | undefined;
  filterCategoryIds?: readonly number[] | undefined;
  tags?: readonly ParticipantTag[] | undefined;
  withoutBooth?: boolean | undefined;
  /** Leave out the people the viewer ignores (done after the cache when the page is cached). */
  excludeIgnored: boolean;
  onlyIds?: readonly number[] | undefined;
}

export interface SearchCursor {
  boost?: number;
  key: string;
  id: number;
}

export interface SearchRow {
  id: number;
  name: string;
  surname: string;
  job_title: string;
  company: string;
  profile_photo: string | null;
  booth_id: number | null;
  booth_name: string | null;
  booth_logo: string | null;
  type_id: number | null;
  type_name: string | null;
  present: 'venue' | 'online' | null;
  organizer: boolean;
  state: string;
  search_boost: number;
  sort_name: string;
  sort_company: string;
}

function scoped<O>(
  qb: SelectQueryBuilder<From, 'p', O>,
  scope: SearchScope,
): SelectQueryBuilder<From, 'p', O> {
  let q = qb.where('p.event_id', '=', scope.eventId);
  // Organizers keep hidden people and deleted accounts in their lists (E6.01; cards say deleted).
  if (!scope.seesAll) q = q.where('p.state', '!=', 'deleted').where('p.visible', '=', true);
  if (scope.typeIds) {
    const allowed = scope.typeIds;
    q = q.where((eb) =>
      eb.or([
        eb('p.id', '=', scope.viewerId),
        allowed.length ? eb('p.type_id', 'in', allowed) : eb.lit(false),
      ]),
    );
  }
  if (scope.filterTypeIds?.length) q = q.where('p.type_id', 'in', scope.filterTypeIds);
  if (scope.filterCategoryIds?.length) {
    q = q.where(sql<boolean>`p.category_ids && ${sql.val(scope.filterCategoryIds)}::integer[]`);
  }
  if (scope.withoutBooth) q = q.where('p.booth_id', 'is', null).where('p.organizer', '=', false);
  const tagged = (eb: ExpressionBuilder<From, 'p'>, tag: ParticipantTag) =>
    eb.exists(
      eb
        .selectFrom('participant_tags as pt')
        .select(eb.lit(1).as('one'))
        .where('pt.owner_id', '=', scope.viewerId)
        .whereRef('pt.target_id', '=', 'p.id')
        .where('pt.tag', '=', tag),
    );
  for (const tag of scope.tags ?? []) q = q.where((eb) => tagged(eb, tag));
  // People I ignore stay out of the list unless I ask for them.
  if (scope.excludeIgnored && !scope.tags?.includes('ignored'))
    q = q.where((eb) => eb.not(tagged(eb, 'ignored')));
  if (scope.onlyIds) q = q.where('p.id', 'in', scope.onlyIds.length ? scope.onlyIds : [0]);
  const { tsquery, like } = scope.text;
  if (tsquery || like) {
    q = q.where((eb) => {
      const parts = [];
      if (tsquery) parts.push(sql<boolean>`p.search_vector @@ to_tsquery('simple', ${tsquery})`);
      if (like) parts.push(sql<boolean>`p.search_text LIKE ${like}`);
      return eb.or(parts);
    });
  }
  return q;
}

/** The columns of a search row (a card), with the type's and booth's names. */
function withCardColumns<O>(qb: SelectQueryBuilder<From, 'p', O>) {
  return qb
    .leftJoin('participant_types as t', 't.id', 'p.type_id')
    .leftJoin('booths as b', 'b.id', 'p.booth_id')
    .select([
      'p.id',
      'p.name',
      'p.surname',
      'p.job_title',
      'p.company',
      'p.profile_photo',
      sql<number | null>`CASE WHEN p.booth_role = 'not_confirmed' THEN NULL ELSE p.booth_id END`.as(
        'booth_id',
      ),
      sql<string | null>`CASE WHEN p.booth_role = 'not_confirmed' THEN NULL ELSE b.name END`.as('booth_name'),
      sql<string | null>`CASE WHEN p.booth_role = 'not_confirmed' THEN NULL ELSE b.images->>'logo' END`.as(
        'booth_logo',
      ),
      'p.type_id',
      't.name as type_name',
      'p.present',
      'p.organizer',
      'p.state',
      'p.search_boost',
      'p.sort_name',
      'p.sort_company',
    ]);
}

/** Every match of the scope in order, from its cursor: recommendations, and the reference the in-memory index is tested against. */
export async function searchPage(
  db: Executor,
  scope: SearchScope,
  order: { by: SearchOrder; asc: boolean },
  cursor: SearchCursor | null,
  limit: number,
): Promise<SearchRow[]> {
  let q = withCardColumns(scoped(db.selectFrom('participants as p'), scope));
  if (order.by === 'relevance') {
    if (cursor) {
      const { boost = 0, key, id } = cursor;
      q = q.where((eb) =>
        eb.or([
          eb('p.search_boost', '<', boost),
          eb.and([
            eb('p.search_boost', '=', boost),
            eb(eb.refTuple('p.sort_name', 'p.id'), '>', eb.tuple(key, id)),
          ]),
        ]),
      );
    }
    q = q.orderBy('p.search_boost', 'desc').orderBy('p.sort_name', 'asc').orderBy('p.id', 'asc');
  } else {
    const column = order.by === 'name' ? 'p.sort_name' : 'p.sort_company';
    const dir = order.asc ? 'asc' : 'desc';
    if (cursor) {
      q = q.where((eb) =>
        eb(eb.refTuple(column, 'p.id'), order.asc ? '>' : '<', eb.tuple(cursor.key, cursor.id)),
      );
    }
    q = q.orderBy(column, dir).orderBy('p.id', dir);
  }
  return q.limit(limit).execute();
}

export async function tagsOf(
  db: Executor,
  ownerId: number,
  targetIds: readonly number[],
): Promise<Map<number, ParticipantTag[]>> {
  const map = new Map<number, ParticipantTag[]>();
  if (targetIds.length === 0) return map;
  const rows = await db
    .selectFrom('participant_tags')
    .select(['target_id', 'tag'])
    .where('owner_id', '=', ownerId)
    .where('target_id', 'in', targetIds)
    .execute();
  for (const row of rows) map.set(row.target_id, [...(map.get(row.target_id) ?? []), row.tag]);
  return map;
}

const MAX_TAGS = 5000;

export interface SearchViewerRow {
  event_id: number;
  restricted: boolean;
  me_id: number | null;
  organizer: boolean | null;
  booth_id: number | null;
  booth_role: string | null;
  type_id: number | null;
  invitation_rights: number[] | null;
  tags: { t: number; g: ParticipantTag }[] | null;
}

/** The event with the caller's live participant record (if any), their type's rights and their tags. */
export async function searchViewerRow(
  db: Executor,
  eventId: number,
  userId: number,
): Promise<SearchViewerRow | undefined> {
  const { rows } = await sql<SearchViewerRow>`
    SELECT e.id AS event_id, e.restricted, p.id AS me_id, p.organizer, p.booth_id, p.booth_role, p.type_id,
           t.invitation_rights,
           (SELECT json_agg(json_build_object('t', x.target_id, 'g', x.tag))
              FROM (SELECT target_id, tag FROM participant_tags WHERE owner_id = p.id LIMIT ${MAX_TAGS}) x) AS tags
      FROM events e
      LEFT JOIN participants p ON p.event_id = e.id AND p.user_id = ${userId} AND p.state <> 'deleted'
      LEFT JOIN participant_types t ON t.id = p.type_id
     WHERE e.id = ${eventId}`.execute(db);
  return rows[0];
}
