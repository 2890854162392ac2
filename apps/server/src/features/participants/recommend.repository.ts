import { sql } from 'kysely';
import type { Executor } from '../../db/executor';
import type { ParticipantRow } from '../../db/schema';

/**
 * Recommendation candidates (prefiltered in the database): visible people of the event other than
 * me whose offer/seek match `tsquery` or who share one of my categories, not ignored by me, of the
 * types I may see (null: all), best search boost first.
 */
export function candidateRows(
  db: Executor,
  input: {
    eventId: number;
    me: Pick<ParticipantRow, 'id' | 'category_ids'>;
    tsquery: string;
    visibleTypeIds: readonly number[] | null;
    limit: number;
  },
) {
  let query = db
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
    .where('p.event_id', '=', input.eventId)
    .where('p.state', '!=', 'deleted')
    .where('p.visible', '=', true)
    .where('p.id', '!=', input.me.id)
    .where((eb) => {
      const parts = [];
      if (input.tsquery) parts.push(sql<boolean>`p.search_vector @@ to_tsquery('simple', ${input.tsquery})`);
      if (input.me.category_ids.length)
        parts.push(sql<boolean>`p.category_ids && ${sql.val(input.me.category_ids)}::integer[]`);
      return eb.or(parts);
    })
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('participant_tags as pt')
            .select(eb.lit(1).as('one'))
            .where('pt.owner_id', '=', input.me.id)
            .whereRef('pt.target_id', '=', 'p.id')
            .where('pt.tag', '=', 'ignored'),
        ),
      ),
    );
  if (input.visibleTypeIds) {
    query = input.visibleTypeIds.length
      ? query.where('p.type_id', 'in', input.visibleTypeIds)
      : query.where(sql.lit(false));
  }
  return query.orderBy('p.search_boost', 'desc').limit(input.limit).execute();
}

export function categoryNames(db: Executor, eventId: number) {
  return db.selectFrom('categories').select(['id', 'name']).where('event_id', '=', eventId).execute();
}

/** Whom the person has an active meeting with that has not ended yet. */
export async function meetingPartnersOf(
  db: Executor,
  participantId: number,
  now: Date,
): Promise<Set<number>> {
  const rows = await db
    .selectFrom('meeting_participants as mine')
    .innerJoin('meeting_participants as other', 'other.meeting_id', 'mine.meeting_id')
    .select('other.participant_id')
    .where('mine.participant_id', '=', participantId)
    .where('mine.active', '=', true)
    .where('other.active', '=', true)
    .where('mine.edt', '>', now)
    .execute();
  return new Set(rows.map((r) => r.participant_id));
}
