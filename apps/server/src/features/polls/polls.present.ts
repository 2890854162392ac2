import { type Poll, type PollStatus, pollResultsVisible } from '@foyer/contract';
import type { PollRow, Tally } from './polls.repository';

/**
 * An answer as stored: a removed one stays as `removed` (never shown, voted for or counted) so its
 * id is never given to a new answer, whose votes a stale client would otherwise send for it.
 */
export type StoredAnswer = { id: number; text: string; removed?: true };

/** The poll's answers, the removed ones left out. */
export function liveAnswers(row: PollRow): { id: number; text: string }[] {
  return (row.answers as StoredAnswer[]).filter((a) => !a.removed).map(({ id, text }) => ({ id, text }));
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export function statusOf(row: PollRow, now: Date): PollStatus {
  if (row.status === 'draft') return row.post_at && new Date(row.post_at) > now ? 'scheduled' : 'draft';
  return row.status;
}

/**
 * The poll as a viewer sees it. `viewer` null is the attendee view pushed to everyone in the event
 * (no ballot of anyone's).
 */
export function toPoll(
  row: PollRow,
  tally: Tally,
  now: Date,
  viewer: { moderator: boolean; ballot: number[] | null } | null,
): Poll {
  const status = statusOf(row, now);
  const answers = liveAnswers(row);
  const votes = tally.votes.get(row.id) ?? new Map<number, number>();
  const visible = pollResultsVisible(
    { resultsVisible: row.results_visible, autoPublishResults: row.auto_publish_results, status },
    { moderator: viewer?.moderator ?? false },
  );
  return {
    id: row.id,
    eventId: row.event_id,
    question: row.question,
    answers,
    multiple: row.multiple,
    autoPublishResults: row.auto_publish_results,
    postAt: iso(row.post_at),
    status,
    resultsVisible: row.results_visible,
    publishedAt: iso(row.published_at),
    closedAt: iso(row.closed_at),
    finishedAt: iso(row.finished_at),
    totalVoters: tally.voters.get(row.id) ?? 0,
    results: visible ? answers.map((a) => ({ answerId: a.id, votes: votes.get(a.id) ?? 0 })) : null,
    myAnswers: viewer?.ballot ?? null,
  };
}
