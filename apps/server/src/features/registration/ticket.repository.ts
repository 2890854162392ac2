import type { Executor } from '../../db/executor';
import type { ParticipantRow } from '../../db/schema';

/** A participant record by id, whatever its event (the signed link in the registration e-mail). */
export function findParticipantById(db: Executor, id: number): Promise<ParticipantRow | undefined> {
  return db.selectFrom('participants').selectAll().where('id', '=', id).executeTakeFirst();
}
