import type { Recommendation } from '@foyer/contract';
import type { AppContext } from '../../context';
import { requireMembership } from '../access/event-access';
import { viewerContext } from './participants.repository';
import { expansionTerms, scoreMatch } from './recommend';
import * as repo from './recommend.repository';
import { toCard } from './search.card';
import { searchPage, tagsOf } from './search.repository';

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

  const [candidates, categories, met] = await Promise.all([
    repo.candidateRows(ctx.db, {
      eventId: event.id,
      me,
      tsquery,
      visibleTypeIds: viewer.visibleTypeIds,
      limit: CANDIDATES,
    }),
    repo.categoryNames(ctx.db, event.id),
    repo.meetingPartnersOf(ctx.db, me.id, ctx.now()),
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
