import { ErrorCode } from '@foyer/contract';
import type { Executor } from '../../db/executor';
import { AppError } from '../../http/errors';

/** An event the account alone owns. */
export interface OwnedAlone {
  id: number;
  name: string;
}

/**
 * A4.34: the events this account is the only owner of, read in the deleting transaction with every
 * owner record of the events it owns held until that transaction ends.
 *
 * An owner counts when their record is live (not removed, as `consoleRole` reads it) and linked to
 * an account: an owner invited without one cannot sign in to manage the event until they sign up.
 * Admins do not count: only an owner changes who organizes the event or archives it.
 *
 * Every event counts, finished, ended or archived alike: a finished event still has its people, its
 * leads and its exports to download, and an archived one stays open to its organizers to restore
 * (organizer.access.ts); none of them is deleted, so with no owner left nobody could ever hand it
 * on. Nothing in the code ends an event's life, so nothing here lets one go unowned.
 *
 * Locking: the owner records of all those events are read FOR UPDATE in one query, in id order
 * (as `lockParticipants` takes them), so two owners deleting their accounts at the same moment take
 * them in the same order: the second waits for the first to commit, then reads the first's record
 * as removed (PostgreSQL reads a waited-for row again), finds itself alone and is refused. A role
 * change (people.service `updatePerson`) holds the same records in the same order.
 */
export async function eventsOwnedAlone(trx: Executor, userId: number): Promise<OwnedAlone[]> {
  const mine = await trx
    .selectFrom('participants')
    .select('event_id')
    .where('user_id', '=', userId)
    .where('state', '!=', 'deleted')
    .where('organizer', '=', true)
    .where('organizer_role', '=', 'owner')
    .execute();
  if (mine.length === 0) return [];
  const owners = await trx
    .selectFrom('participants')
    .select(['id', 'event_id', 'user_id'])
    .where(
      'event_id',
      'in',
      mine.map((row) => row.event_id),
    )
    .where('state', '!=', 'deleted')
    .where('organizer', '=', true)
    .where('organizer_role', '=', 'owner')
    .orderBy('id')
    .forUpdate()
    .execute();
  // Decided on the rows as held: a record that changed while this waited was read again.
  const others = new Set<number>();
  const stillMine = new Set<number>();
  for (const owner of owners) {
    if (owner.user_id === userId) stillMine.add(owner.event_id);
    else if (owner.user_id !== null) others.add(owner.event_id);
  }
  const alone = [...stillMine].filter((eventId) => !others.has(eventId));
  if (alone.length === 0) return [];
  return trx.selectFrom('events').select(['id', 'name']).where('id', 'in', alone).orderBy('id').execute();
}

/** 409 in the error envelope; the web names the events in the person's language from `fields`. */
export function soleOwnerError(events: readonly OwnedAlone[]): AppError {
  const fields = Object.fromEntries(events.map((event) => [`events.${event.id}`, event.name]));
  return new AppError(
    409,
    ErrorCode.SoleEventOwner,
    `Make someone else an owner of these events before deleting your account: ${events.map((e) => e.name).join(', ')}`,
    fields,
  );
}
