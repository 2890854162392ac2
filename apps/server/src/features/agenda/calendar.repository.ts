import type { Executor } from '../../db/executor';
import type { EventRow, ParticipantRow } from '../../db/schema';

/** The nonce of the participant's calendar feed (E7.16), if one was made. */
export async function findFeedNonce(db: Executor, participantId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('calendar_feeds')
    .select('nonce')
    .where('participant_id', '=', participantId)
    .executeTakeFirst();
  return row?.nonce;
}

/**
 * Makes the participant's first feed; an existing one is kept. Returns the stored nonce, or
 * undefined when another request stored one first.
 */
export async function storeFeed(
  db: Executor,
  input: { participantId: number; nonce: string; tokenHash: string; at: Date },
): Promise<string | undefined> {
  const row = await db
    .insertInto('calendar_feeds')
    .values({
      participant_id: input.participantId,
      nonce: input.nonce,
      token_hash: input.tokenHash,
      created_at: input.at,
    })
    .onConflict((oc) => oc.column('participant_id').doNothing())
    .returning('nonce')
    .executeTakeFirst();
  return row?.nonce;
}

/**
 * Rotates the feed, in one UPDATE, only if it still has the nonce `from` (the one the caller read):
 * a rotation beside it that replaced it first (PostgreSQL re-checks the row once that one commits)
 * makes this one change nothing. Returns the new nonce, or undefined when nothing was replaced.
 */
export async function replaceFeed(
  db: Executor,
  input: { participantId: number; from: string; nonce: string; tokenHash: string },
): Promise<string | undefined> {
  const row = await db
    .updateTable('calendar_feeds')
    .set({ nonce: input.nonce, token_hash: input.tokenHash })
    .where('participant_id', '=', input.participantId)
    .where('nonce', '=', input.from)
    .returning('nonce')
    .executeTakeFirst();
  return row?.nonce;
}

/** Whose feed this token hash opens (not a deleted account's), with their event. */
export async function findFeedOwner(
  db: Executor,
  tokenHash: string,
): Promise<{ participant: ParticipantRow; event: EventRow } | undefined> {
  const row = await db
    .selectFrom('calendar_feeds as f')
    .innerJoin('participants as p', 'p.id', 'f.participant_id')
    .select(['f.participant_id'])
    .where('f.token_hash', '=', tokenHash)
    .where('p.state', '!=', 'deleted')
    .executeTakeFirst();
  if (!row) return undefined;
  const participant = await db
    .selectFrom('participants')
    .selectAll()
    .where('id', '=', row.participant_id)
    .executeTakeFirstOrThrow();
  const event = await db
    .selectFrom('events')
    .selectAll()
    .where('id', '=', participant.event_id)
    .executeTakeFirstOrThrow();
  return { participant, event };
}

/** The sessions' descriptions (the feed's event texts). */
export function sessionDescriptions(db: Executor, ids: readonly number[]) {
  return db.selectFrom('sessions').select(['id', 'description']).where('id', 'in', ids).execute();
}
