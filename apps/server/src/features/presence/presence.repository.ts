import type { Executor } from '../../db/executor';

export interface PresenceRow {
  present: 'venue' | 'online' | null;
  last_presence_confirm_at: Date | null;
}

export async function savePresence(
  db: Executor,
  participantId: number,
  present: 'venue' | 'online',
  at: Date,
): Promise<PresenceRow> {
  return db
    .updateTable('participants')
    .set({ present, last_presence_confirm_at: at, updated_at: at })
    .where('id', '=', participantId)
    .returning(['present', 'last_presence_confirm_at'])
    .executeTakeFirstOrThrow();
}
