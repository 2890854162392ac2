import { ParticipantErrorCode } from '@foyer/contract';
import type { Executor } from '../../db/executor';
import type { ParticipantRow } from '../../db/schema';
import { AppError } from '../../http/errors';
import { anyDeleted, findParticipant } from './participants.repository';

export const accountDeleted = () =>
  new AppError(410, ParticipantErrorCode.AccountDeleted, 'This person has deleted their account');

/**
 * The person a meeting, an invitation or a chat is aimed at: 404 when unknown, 410 MST-00615 when
 * they deleted their account (E3.02), so the caller can say so instead of "not found".
 */
export async function requireLiveParticipant(
  db: Executor,
  eventId: number,
  id: number,
): Promise<ParticipantRow> {
  const found = await findParticipant(db, eventId, id, { withDeleted: true });
  if (!found) throw AppError.notFound('Participant not found');
  if (found.state === 'deleted') throw accountDeleted();
  return found;
}

/** Throws MST-00615 when any of these participants of the event deleted their account. */
export async function assertNoneDeleted(
  db: Executor,
  eventId: number,
  ids: readonly number[],
): Promise<void> {
  if (ids.length === 0) return;
  if (await anyDeleted(db, eventId, ids)) throw accountDeleted();
}
