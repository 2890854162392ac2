import { type Poll, type PollStatus, pollResultsVisible } from '@foyer/contract';
import type { PollRow, Tally } from './polls.repository';

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
  const votes = tally.votes.get(row.id) ?? new Map<number, number>();
  const visible = pollResultsVisible(
    { resultsVisible: row.results_visible, autoPublishResults: row.auto_publish_results, status },
    { moderator: viewer?.moderator ?? false },
  );
  return {
    id: row.id,
    eventId: row.event_id,
    question: row.question,
    answers: row.answers,
    multiple: row.multiple,
    autoPublishResults: row.auto_publish_results,
    postAt: iso(row.post_at),
    status,
    resultsVisible: row.results_visible,
    publishedAt: iso(row.published_at),
    closedAt: iso(row.closed_at),
    finishedAt: iso(row.finished_at),
    totalVoters: tally.voters.get(row.id) ?? 0,
    results: visible ? row.answers.map((a) => ({ answerId: a.id, votes: votes.get(a.id) ?? 0 })) : null,
    myAnswers: viewer?.ballot ?? null,
  };
}
