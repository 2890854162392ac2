import type { Recommendation } from '@foyer/contract';
import { sql } from 'kysely';
import type { AppContext } from '../../context';
import { requireMembership } from '../access/event-access';
import { viewerContext } from './participants.repository';
import { expansionTerms, scoreMatch } from './recommend';
import { searchPage, tagsOf } from './search.repository';
import { toCard } from './search.service';

const CANDIDATES = 2000;

/**
 * GET /event/participant/recommendations: people whose offer fits my seek (and the reverse), who
 * share my categories, and whom the type rules let me invite. Ranked and explained.
 */
export async function recommendPeople(
  ctx: AppContext,
  userId: number,
  input: { eventId: number; limit?: number | undefined },
): Promise<Recommendation[]> {
  const { event, me } = await requireMembership(ctx.db, input.eventId, userId);
  const viewer = await viewerContext(ctx.db, event, me);
  const seekTerms = expansionTerms(me.seek);
  const offerTerms = expansionTerms(me.offer);
  // Prefilter in the database: their offer (weight C) matches my seek, their seek (D) my offer.
  const tsquery = [...seekTerms.map((t) => `${t}:*C`), ...offerTerms.map((t) => `${t}:*D`)].join(' | ');
  if (!tsquery && me.category_ids.length === 0) return [];

  let query = ctx.db
    .selectFrom('participants as p')
    .select([
      'p.id',
      'p.name',
      'p.offer',
      'p.seek',
      'p.category_ids',
      'p.booth_id',
      'p.booth_role',
      'p.type_id',
    ])
    .where('p.event_id', '=', event.id)
    .where('p.state', '!=', 'deleted')
    .where('p.visible', '=', true)
    .where('p.id', '!=', me.id)
    .where((eb) => {
      const parts = [];
      if (tsquery) parts.push(sql<boolean>`p.search_vector @@ to_tsquery('simple', ${tsquery})`);
      if (me.category_ids.length)
        parts.push(sql<boolean>`p.category_ids && ${sql.val(me.category_ids)}::integer[]`);
      return eb.or(parts);
    })
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('participant_tags as pt')
            .select(eb.lit(1).as('one'))
            .where('pt.owner_id', '=', me.id)
            .whereRef('pt.target_id', '=', 'p.id')
            .where('pt.tag', '=', 'ignored'),
        ),
      ),
    );
  if (viewer.visibleTypeIds) {
    query = viewer.visibleTypeIds.length
      ? query.where('p.type_id', 'in', viewer.visibleTypeIds)
      : query.where(sql.lit(false));
  }
  const [candidates, categories, met] = await Promise.all([
    query.orderBy('p.search_boost', 'desc').limit(CANDIDATES).execute(),
    ctx.db.selectFrom('categories').select(['id', 'name']).where('event_id', '=', event.id).execute(),
    alreadyMeeting(ctx, me.id),
  ]);
  const names = new Map(categories.map((c) => [c.id, c.name]));
  const mePerson = { id: me.id, name: me.name, offer: me.offer, seek: me.seek, categoryIds: me.category_ids };
  const ranked = candidates
    .filter((c) => !met.has(c.id) && viewer.canInviteRow(c))
    .map((c) => scoreMatch(mePerson, { ...c, categoryIds: c.category_ids }, names))
    .filter((m) => m.score > 0)
    .sort((a, b) => b.score - a.score || a.id - b.id);

  const top = ranked.slice(0, input.limit ?? 10);
  if (top.length === 0) return [];
  const rows = new Map<number, Awaited<ReturnType<typeof searchPage>>[number]>();
  const cards = await searchPage(
    ctx.db,
    {
      eventId: event.id,
      viewerId: me.id,
      seesAll: true,
      typeIds: null,
      text: { tsquery: null, like: null },
      excludeIgnored: false,
      onlyIds: top.map((m) => m.id),
    },
    { by: 'relevance', asc: true },
    null,
    top.length,
  );
  for (const row of cards) rows.set(row.id, row);
  const tags = await tagsOf(ctx.db, me.id, [...rows.keys()]);
  return top.flatMap((m) => {
    const row = rows.get(m.id);
    if (!row) return [];
    return [
      {
        participant: toCard(row, tags.get(row.id) ?? [], true),
        score: m.score,
        reasons: m.reasons,
        details: m.details,
      },
    ];
  });
}

async function alreadyMeeting(ctx: AppContext, meId: number): Promise<Set<number>> {
  const rows = await ctx.db
    .selectFrom('meeting_participants as mine')
    .innerJoin('meeting_participants as other', 'other.meeting_id', 'mine.meeting_id')
    .select('other.participant_id')
    .where('mine.participant_id', '=', meId)
    .where('mine.active', '=', true)
    .where('other.active', '=', true)
    .where('mine.edt', '>', ctx.now())
    .execute();
  return new Set(rows.map((r) => r.participant_id));
}
