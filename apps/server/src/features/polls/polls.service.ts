import {
  isPollActionAllowed,
  type Poll,
  type PollActionRequest,
  type PollChangedRecord,
  PollRecordType,
  type PollResultsRecord,
  realtimeRoom,
  type SavePollRequest,
  type SubmitPollRequest,
} from '@foyer/contract';
import type { Transaction, Updateable } from 'kysely';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/executor';
import type { DB, ParticipantRow, PollsTable } from '../../db/schema';
import type { Bus } from '../../events/bus';
import { AppError } from '../../http/errors';
import type { Realtime } from '../../realtime/realtime';
import { isModerator, requireMembership } from '../access/event-access';
import { deleteNotificationsOfPoll } from '../notifications/notifications.service';
import { liveAnswers, type StoredAnswer, statusOf, toPoll } from './polls.present';
import * as repo from './polls.repository';

export interface PollDeps {
  ctx: AppContext;
  realtime: Pick<Realtime, 'publish' | 'lockRooms'>;
  bus: Pick<Bus, 'emit'>;
}

async function requireModerator(ctx: AppContext, eventId: number, userId: number) {
  const { me } = await requireMembership(ctx.db, eventId, userId);
  if (!isModerator(me)) throw AppError.forbidden('Only organizers and moderators manage polls');
  return me;
}

async function viewFor(db: Executor, row: repo.PollRow, now: Date, me: ParticipantRow): Promise<Poll> {
  const [tally, ballots] = await Promise.all([repo.tally(db, [row.id]), repo.ballotsOf(db, me.id, [row.id])]);
  return toPoll(row, tally, now, { moderator: isModerator(me), ballot: ballots.get(row.id) ?? null });
}

/** What everyone in the event may see of a poll (null while it is a draft: attendees do not see those). */
async function publicView(db: Executor, row: repo.PollRow, now: Date): Promise<Poll | null> {
  if (row.status === 'draft') return null;
  return toPoll(row, await repo.tally(db, [row.id]), now, null);
}

async function pushChanged(
  deps: PollDeps,
  row: repo.PollRow,
  action: PollChangedRecord['action'],
  trx?: Transaction<DB>,
) {
  const db = trx ?? deps.ctx.db;
  const record: PollChangedRecord = {
    action,
    pollId: row.id,
    poll: await publicView(db, row, deps.ctx.now()),
  };
  await deps.realtime.publish(realtimeRoom.event(row.event_id), PollRecordType.Changed, record, trx);
}

/** A9.41 "poll": told once, at the first publish (in the publishing transaction). */
async function announce(deps: PollDeps, row: repo.PollRow, trx: Transaction<DB>): Promise<void> {
  if (await repo.markAnnounced(trx, row.id, deps.ctx.now())) {
    await deps.bus.emit(
      { type: 'poll.published', eventId: row.event_id, pollId: row.id, question: row.question },
      trx,
    );
  }
}

/**
 * Scheduled polls whose postAt has come are published, each with its push and notification in
 * the claiming transaction (a crash cannot publish one silently). Returns how many.
 */
export async function publishDuePolls(deps: PollDeps): Promise<number> {
  return deps.ctx.db.transaction().execute(async (trx) => {
    const due = await repo.claimDuePolls(trx, deps.ctx.now());
    // Every event's room at once, in the one order (as the announcements' claim takes them).
    await deps.realtime.lockRooms(
      due.map((row) => realtimeRoom.event(row.event_id)),
      trx,
    );
    for (const row of due) {
      await pushChanged(deps, row, 'publish', trx);
      await announce(deps, row, trx);
    }
    return due.length;
  });
}

/** GET event/poll: newest first; moderators also see drafts. */
export async function listPolls(deps: PollDeps, userId: number, eventId: number): Promise<Poll[]> {
  const { ctx } = deps;
  const { me } = await requireMembership(ctx.db, eventId, userId);
  // A read writes only when one of this event's scheduled polls has come due and the scheduler has
  // not published it yet (it runs every DUE_CHECK_MS); the claim then publishes every due poll once.
  if (await repo.hasDuePoll(ctx.db, eventId, ctx.now())) await publishDuePolls(deps);
  const rows = await repo.listPolls(ctx.db, eventId, isModerator(me));
  const ids = rows.map((r) => r.id);
  const [tally, ballots] = await Promise.all([repo.tally(ctx.db, ids), repo.ballotsOf(ctx.db, me.id, ids)]);
  const now = ctx.now();
  return rows.map((row) =>
    toPoll(row, tally, now, { moderator: isModerator(me), ballot: ballots.get(row.id) ?? null }),
  );
}

export async function getPoll(
  deps: PollDeps,
  userId: number,
  eventId: number,
  pollId: number,
): Promise<Poll> {
  const { ctx } = deps;
  const { me } = await requireMembership(ctx.db, eventId, userId);
  const row = await repo.findPoll(ctx.db, eventId, pollId);
  if (!row || (row.status === 'draft' && !isModerator(me))) throw AppError.notFound('Poll not found');
  return viewFor(ctx.db, row, ctx.now(), me);
}

/**
 * Keeps the ids of answers sent back with theirs (a removed answer's id is not taken back); new
 * answers get ids above every id the poll ever had: removed answers stay stored, marked removed,
 * and `voted` is the highest id a ballot names. An id given again would hand the new answer the
 * old one's votes, in a tally or a client's cache.
 */
function numberAnswers(input: SavePollRequest['answers'], previous: StoredAnswer[], voted = 0) {
  let next = Math.max(voted, ...previous.map((a) => a.id)) + 1;
  const known = new Set(previous.filter((a) => !a.removed).map((a) => a.id));
  const used = new Set<number>();
  return input.map((answer) => {
    const text = typeof answer === 'string' ? answer : answer.text;
    const wanted = typeof answer === 'string' ? undefined : answer.id;
    if (wanted !== undefined && known.has(wanted) && !used.has(wanted)) {
      used.add(wanted);
      return { id: wanted, text };
    }
    return { id: next++, text };
  });
}

/**
 * POST event/poll without action: create (E7.45) as a draft, or edit (E7.46). postAt ahead
 * schedules the publication; postAt now or past publishes at once; 0 or null means none.
 */
export async function savePoll(deps: PollDeps, userId: number, input: SavePollRequest): Promise<Poll> {
  const { ctx } = deps;
  const me = await requireModerator(ctx, input.eventId, userId);
  const now = ctx.now();
  const postAt = input.postAt ? new Date(input.postAt) : input.postAt === undefined ? undefined : null;
  const due = postAt instanceof Date && postAt <= now;
  // The write, its push and (publishing now) its notification commit together.
  const row = await ctx.db.transaction().execute(async (trx) => {
    // The poll as it is now, held until the commit: two saves at once (or one beside the scheduler's
    // claim) publish and notify once, and only a draft is published (an edit of a published poll
    // with a past postAt used to notify the event again).
    const current = input.id === undefined ? undefined : await repo.lockPoll(trx, input.eventId, input.id);
    if (input.id !== undefined && !current) throw AppError.notFound('Poll not found');
    const publishNow = due && (!current || current.status === 'draft');
    let row: repo.PollRow;
    if (!current) {
      row = await repo.insertPoll(trx, {
        event_id: input.eventId,
        question: input.question,
        answers: JSON.stringify(numberAnswers(input.answers, [])),
        multiple: input.multiple ?? false,
        auto_publish_results: input.autoPublishResults ?? false,
        status: publishNow ? 'published' : 'draft',
        post_at: publishNow ? null : (postAt ?? null),
        published_at: publishNow ? now : null,
        created_by: me.id,
        created_at: now,
        updated_at: now,
      });
    } else {
      // The ballots are read and changed with the poll held: no vote comes in meanwhile.
      const answers = numberAnswers(
        input.answers,
        current.answers,
        await repo.highestVotedAnswer(trx, current.id),
      );
      // A removed answer's votes go with it: a ballot left with none is deleted (its voter counts no
      // more and may vote again), so totals and results only ever count the poll's answers.
      await repo.dropRemovedAnswers(
        trx,
        current.id,
        answers.map((a) => a.id),
      );
      // Single choice refused while a ballot names several answers (kept ballots stay valid ones).
      if (
        input.multiple === false &&
        current.multiple &&
        (await repo.hasSeveralAnswerBallot(trx, current.id))
      ) {
        throw AppError.badRequest('Someone voted for several answers: the poll stays multiple choice', {
          multiple: 'validation.error.poll.severalVoted',
        });
      }
      const changes: Updateable<PollsTable> = {
        question: input.question,
        // The removed answers (earlier ones too) are kept as such: their ids are never given again.
        answers: JSON.stringify([
          ...answers,
          ...(current.answers as StoredAnswer[])
            .filter((a) => !answers.some((kept) => kept.id === a.id))
            .map((a) => ({ id: a.id, text: a.text, removed: true as const })),
        ]),
        updated_at: now,
        ...(input.multiple !== undefined ? { multiple: input.multiple } : {}),
        ...(input.autoPublishResults !== undefined ? { auto_publish_results: input.autoPublishResults } : {}),
      };
      if (current.status === 'draft' && postAt !== undefined) {
        Object.assign(
          changes,
          publishNow ? { status: 'published', published_at: now, post_at: null } : { post_at: postAt },
        );
      }
      row = await repo.updatePoll(trx, current.id, changes);
    }
    if (publishNow) {
      await pushChanged(deps, row, 'publish', trx);
      await announce(deps, row, trx);
    } else if (row.status !== 'draft' || input.id !== undefined) {
      await pushChanged(deps, row, input.id === undefined ? 'created' : 'updated', trx);
    }
    return row;
  });
  return viewFor(ctx.db, row, now, me);
}

/** POST event/poll with action (E7.49, E4.58–E4.61). */
export async function pollAction(deps: PollDeps, userId: number, input: PollActionRequest): Promise<Poll> {
  const { ctx } = deps;
  const me = await requireModerator(ctx, input.eventId, userId);
  const now = ctx.now();
  const { row } = await ctx.db.transaction().execute(async (trx) => {
    const current = await repo.lockPoll(trx, input.eventId, input.id);
    if (!current) throw AppError.notFound('Poll not found');
    if (!isPollActionAllowed(input.action, statusOf(current, now), current.finished_at !== null)) {
      throw AppError.conflict(`A ${statusOf(current, now)} poll cannot be told to ${input.action}`);
    }
    const changes = ((): Updateable<PollsTable> => {
      switch (input.action) {
        case 'publish':
          return { status: 'published', published_at: now, post_at: null };
        case 'unpublish': // its notification is taken back: a later publish tells again
          return { status: 'draft', post_at: null, announced_at: null };
        case 'close':
          return { status: 'closed', closed_at: now };
        case 'reopen':
          return { status: 'published', closed_at: null, finished_at: null };
        case 'showResults':
          return { results_visible: true };
        case 'hideResults':
          return { results_visible: false };
        case 'finish': // E4.60: closes for good, optionally showing the results
          return {
            status: 'closed',
            closed_at: current.closed_at ?? now,
            finished_at: now,
            results_visible: input.publishResults ?? false,
          };
        case 'restart': // E4.61: the votes go, the poll opens again
          return { status: 'published', closed_at: null, finished_at: null, results_visible: false };
      }
    })();
    if (input.action === 'restart') await repo.clearBallots(trx, current.id);
    // A finish changes the row only while it is unfinished (one finish, one notice, whatever the
    // lock above lets through); the one that changed nothing is refused and emits nothing.
    const updated =
      input.action === 'finish'
        ? await repo.finishPoll(trx, current.id, { ...changes, updated_at: now })
        : await repo.updatePoll(trx, current.id, { ...changes, updated_at: now });
    if (!updated) throw AppError.conflict('This poll is finished already');
    // Attendees of an unpublished poll are told it is gone from their list, and its notifications
    // go (their bells named a poll they can no longer open, and its e-mails still going out stop).
    if (input.action === 'unpublish') {
      await deleteNotificationsOfPoll(trx, current.id);
      await deps.realtime.publish(
        realtimeRoom.event(updated.event_id),
        PollRecordType.Changed,
        { action: 'unpublish', pollId: updated.id, poll: null } satisfies PollChangedRecord,
        trx,
      );
    } else {
      await pushChanged(deps, updated, input.action, trx);
    }
    if (input.action === 'publish') await announce(deps, updated, trx);
    if (input.action === 'finish') {
      await deps.bus.emit(
        { type: 'poll.finished', eventId: updated.event_id, pollId: updated.id, question: updated.question },
        trx,
      );
    }
    return { row: updated };
  });
  return viewFor(ctx.db, row, now, me);
}

/** DELETE event/poll (E7.47). */
export async function deletePoll(deps: PollDeps, userId: number, input: { id: number; eventId: number }) {
  const { ctx } = deps;
  await requireModerator(ctx, input.eventId, userId);
  return ctx.db.transaction().execute(async (trx) => {
    // Held: of two deletes at once the second finds it gone (a 404, not a second "deleted" push).
    const row = await repo.lockPoll(trx, input.eventId, input.id);
    if (!row) throw AppError.notFound('Poll not found');
    await repo.deletePoll(trx, row.id);
    await deleteNotificationsOfPoll(trx, row.id);
    await deps.realtime.publish(
      realtimeRoom.event(row.event_id),
      PollRecordType.Changed,
      { action: 'deleted', pollId: row.id, poll: null } satisfies PollChangedRecord,
      trx,
    );
    return { id: row.id };
  });
}

/**
 * POST event/poll/submit (E7.48): one ballot per participant (the primary key decides a race).
 * The poll row is locked meanwhile, so each pushed tally includes every earlier vote and the
 * pushes arrive in the order of the counts.
 */
export async function submitVote(deps: PollDeps, userId: number, input: SubmitPollRequest): Promise<Poll> {
  const { ctx } = deps;
  const { me } = await requireMembership(ctx.db, input.eventId, userId);
  const now = ctx.now();
  const answerIds = [...new Set(input.answers)];
  const row = await ctx.db.transaction().execute(async (trx) => {
    const poll = await repo.lockPoll(trx, input.eventId, input.id);
    if (!poll || poll.status === 'draft') throw AppError.notFound('Poll not found');
    if (poll.status !== 'published') throw AppError.conflict('This poll is closed');
    const valid = new Set(liveAnswers(poll).map((a) => a.id));
    if (answerIds.some((id) => !valid.has(id))) {
      throw AppError.badRequest('Unknown answer', { answers: 'validation.error.option' });
    }
    if (!poll.multiple && answerIds.length !== 1) {
      throw AppError.badRequest('Choose one answer', { answers: 'validation.error.option' });
    }
    if (!(await repo.insertBallot(trx, { pollId: poll.id, participantId: me.id, answerIds }))) {
      throw AppError.conflict('You have already voted in this poll');
    }
    const view = toPoll(poll, await repo.tally(trx, [poll.id]), now, null);
    const record: PollResultsRecord = {
      pollId: poll.id,
      totalVoters: view.totalVoters,
      results: view.results,
    };
    await deps.realtime.publish(realtimeRoom.event(poll.event_id), PollRecordType.Results, record, trx);
    return poll;
  });
  return viewFor(ctx.db, row, now, me);
}
