import { sql } from 'kysely';
import type { Executor } from '../../db/executor';
import type { InvitationRow } from './meetings.repository';

// Reads only the presentation of invitations and meetings needs (E3.12, E3.16).

/**
 * The newest invitation (the last made) between each pair, either direction, keyed `low:high`:
 * what an invitation card shows as the conversation's last word (E3.12).
 */
export async function latestBetweenPairs(
  db: Executor,
  pairs: ReadonlyArray<{ eventId: number; a: number; b: number }>,
): Promise<Map<string, InvitationRow>> {
  const unique = new Map<string, { e: number; lo: number; hi: number }>();
  for (const { eventId, a, b } of pairs)
    unique.set(pairKey(a, b), { e: eventId, lo: Math.min(a, b), hi: Math.max(a, b) });
  if (unique.size === 0) return new Map();
  const list = [...unique.values()];
  const events = list.map((p) => p.e);
  const lows = list.map((p) => p.lo);
  const highs = list.map((p) => p.hi);
  // Two index lookups per pair (invitations_from), one per direction.
  const { rows } = await sql<InvitationRow>`
    WITH p(e, lo, hi) AS (SELECT * FROM unnest(${events}::int[], ${lows}::int[], ${highs}::int[]))
    SELECT DISTINCT ON (LEAST(i.from_participant_id, i.to_participant_id),
                        GREATEST(i.from_participant_id, i.to_participant_id)) i.*
      FROM (SELECT i.* FROM p JOIN invitations i
              ON i.event_id = p.e AND i.from_participant_id = p.lo AND i.to_participant_id = p.hi
            UNION ALL
            SELECT i.* FROM p JOIN invitations i
              ON i.event_id = p.e AND i.from_participant_id = p.hi AND i.to_participant_id = p.lo) i
     ORDER BY LEAST(i.from_participant_id, i.to_participant_id),
              GREATEST(i.from_participant_id, i.to_participant_id), i.id DESC`.execute(db);
  return new Map(rows.map((r) => [pairKey(r.from_participant_id, r.to_participant_id), r]));
}

export const pairKey = (a: number, b: number) => `${Math.min(a, b)}:${Math.max(a, b)}`;

/** Each event's time zone, for showing meeting times as the venue's clock does. */
export async function eventZones(db: Executor, eventIds: readonly number[]): Promise<Map<number, string>> {
  if (eventIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('events')
    .select(['id', 'timezone'])
    .where('id', 'in', [...new Set(eventIds)])
    .execute();
  return new Map(rows.map((r) => [r.id, r.timezone]));
}
