import { type Insertable, type Selectable, sql, type Transaction, type Updateable } from 'kysely';
import type { Executor } from '../../db/executor';
import type { DB, PollsTable } from '../../db/schema';

export type PollRow = Selectable<PollsTable>;

export async function insertPoll(db: Executor, values: Insertable<PollsTable>): Promise<PollRow> {
  return db.insertInto('polls').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function updatePoll(db: Executor, id: number, values: Updateable<PollsTable>): Promise<PollRow> {
  return db.updateTable('polls').set(values).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/**
 * E4.60: finishes the poll only if it is not finished already (the row as it is when written, not as
 * it was read): undefined when another finish came first, which must then tell nobody again.
 */
export async function finishPoll(
  db: Executor,
  id: number,
  values: Updateable<PollsTable>,
): Promise<PollRow | undefined> {
  return db
    .updateTable('polls')
    .set(values)
    .where('id', '=', id)
    .where('finished_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

export async function findPoll(db: Executor, eventId: number, id: number): Promise<PollRow | undefined> {
  return db
    .selectFrom('polls')
    .selectAll()
    .where('id', '=', id)
    .where('event_id', '=', eventId)
    .executeTakeFirst();
}

/** Holds the poll's row until commit: votes and actions on one poll then happen one after another. */
export async function lockPoll(
  trx: Transaction<DB>,
  eventId: number,
  id: number,
): Promise<PollRow | undefined> {
  return trx
    .selectFrom('polls')
    .selectAll()
    .where('id', '=', id)
    .where('event_id', '=', eventId)
    .forUpdate()
    .executeTakeFirst();
}

export async function deletePoll(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('polls').where('id', '=', id).execute();
}

/** Newest first; attendees see published and closed ones only. */
export async function listPolls(db: Executor, eventId: number, withDrafts: boolean): Promise<PollRow[]> {
  return db
    .selectFrom('polls')
    .selectAll()
    .where('event_id', '=', eventId)
    .$if(!withDrafts, (q) => q.where('status', '!=', 'draft'))
    .orderBy('id', 'desc')
    .execute();
}

export interface Tally {
  voters: Map<number, number>;
  /** poll id → answer id → votes */
  votes: Map<number, Map<number, number>>;
}

export async function tally(db: Executor, pollIds: number[]): Promise<Tally> {
  const result: Tally = { voters: new Map(), votes: new Map() };
  if (pollIds.length === 0) return result;
  const voters = await db
    .selectFrom('poll_ballots')
    .select(['poll_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('poll_id', 'in', pollIds)
    .groupBy('poll_id')
    .execute();
  for (const v of voters) result.voters.set(v.poll_id, Number(v.n));
  const votes = await sql<{ poll_id: number; answer_id: number; n: number }>`
    SELECT b.poll_id, a.answer_id, count(*) AS n
    FROM poll_ballots b CROSS JOIN LATERAL unnest(b.answer_ids) AS a(answer_id)
    WHERE b.poll_id IN (${sql.join(pollIds)})
    GROUP BY b.poll_id, a.answer_id`.execute(db);
  for (const row of votes.rows) {
    const perPoll = result.votes.get(row.poll_id) ?? new Map<number, number>();
    perPoll.set(row.answer_id, Number(row.n));
    result.votes.set(row.poll_id, perPoll);
  }
  return result;
}

export async function ballotsOf(db: Executor, participantId: number, pollIds: number[]) {
  if (pollIds.length === 0) return new Map<number, number[]>();
  const rows = await db
    .selectFrom('poll_ballots')
    .select(['poll_id', 'answer_ids'])
    .where('participant_id', '=', participantId)
    .where('poll_id', 'in', pollIds)
    .execute();
  return new Map(rows.map((r) => [r.poll_id, r.answer_ids]));
}

/** One ballot per participant and poll (primary key); false when one exists already. */
export async function insertBallot(
  trx: Transaction<DB>,
  input: { pollId: number; participantId: number; answerIds: number[] },
): Promise<boolean> {
  const row = await trx
    .insertInto('poll_ballots')
    .values({ poll_id: input.pollId, participant_id: input.participantId, answer_ids: input.answerIds })
    .onConflict((oc) => oc.columns(['poll_id', 'participant_id']).doNothing())
    .returning('poll_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** The highest answer id any ballot of the poll names (0: none), removed answers' included. */
export async function highestVotedAnswer(db: Executor, pollId: number): Promise<number> {
  const { rows } = await sql<{ max: number | null }>`
    SELECT max(a.answer_id) AS max
    FROM poll_ballots b CROSS JOIN LATERAL unnest(b.answer_ids) AS a(answer_id)
    WHERE b.poll_id = ${pollId}`.execute(db);
  return Number(rows[0]?.max ?? 0);
}

/**
 * Ballots lose the answers not in `keep` (removed by an edit); a ballot left naming none is deleted:
 * its voter counts no more and may vote again.
 */
export async function dropRemovedAnswers(
  trx: Transaction<DB>,
  pollId: number,
  keep: number[],
): Promise<void> {
  const kept = sql`ARRAY[${sql.join(keep.length > 0 ? keep : [0])}]::integer[]`;
  await sql`DELETE FROM poll_ballots WHERE poll_id = ${pollId} AND NOT (answer_ids && ${kept})`.execute(trx);
  await sql`
    UPDATE poll_ballots
       SET answer_ids = ARRAY(
         SELECT a.id FROM unnest(answer_ids) WITH ORDINALITY AS a(id, n) WHERE a.id = ANY(${kept}) ORDER BY a.n)
     WHERE poll_id = ${pollId} AND NOT (answer_ids <@ ${kept})`.execute(trx);
}

/** Whether a ballot of the poll names several answers (it cannot become single choice then). */
export async function hasSeveralAnswerBallot(trx: Transaction<DB>, pollId: number): Promise<boolean> {
  const row = await trx
    .selectFrom('poll_ballots')
    .select('poll_id')
    .where('poll_id', '=', pollId)
    .where(sql<boolean>`cardinality(answer_ids) > 1`)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether a scheduled poll of the event has come due (the partial index polls_due answers it). */
export async function hasDuePoll(db: Executor, eventId: number, now: Date): Promise<boolean> {
  const row = await db
    .selectFrom('polls')
    .select('id')
    .where('event_id', '=', eventId)
    .where('status', '=', 'draft')
    .where('post_at', '<=', now)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function clearBallots(db: Executor, pollId: number): Promise<void> {
  await db.deleteFrom('poll_ballots').where('poll_id', '=', pollId).execute();
}

/** Scheduled drafts whose postAt has come: published by one UPDATE (once, with several instances). */
export async function claimDuePolls(db: Executor, now: Date): Promise<PollRow[]> {
  return db
    .updateTable('polls')
    .set({ status: 'published', published_at: now, post_at: null, updated_at: now })
    .where('status', '=', 'draft')
    .where('post_at', '<=', now)
    .returningAll()
    .execute();
}

export async function markAnnounced(db: Executor, pollId: number, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('polls')
    .set({ announced_at: now })
    .where('id', '=', pollId)
    .where('announced_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
