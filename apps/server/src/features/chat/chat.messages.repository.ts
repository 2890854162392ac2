import { type Selectable, sql, type Transaction } from 'kysely';
import type { Executor } from '../../db/executor';
import type { ChatMessagesTable, DB } from '../../db/schema';

/**
 * A room's messages: their pages, a member's text (sent once per client key), a system card, a
 * delete. The rooms and their members are in chat.repository.ts.
 */

export type MessageRow = Selectable<ChatMessagesTable>;

export async function messagesByIds(db: Executor, ids: number[]): Promise<MessageRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('chat_messages').selectAll().where('id', 'in', ids).execute();
}

/** A page of a room's messages before `before` (newest first), one extra to tell if more exist. */
export async function messagesBefore(
  db: Executor,
  roomId: number,
  before: number | undefined,
  limit: number,
) {
  return db
    .selectFrom('chat_messages')
    .selectAll()
    .where('room_id', '=', roomId)
    .$if(before !== undefined, (q) => q.where('id', '<', before as number))
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * Writes a system card (E4.55) in the name of the person whose meeting action it records. Unlike a
 * typed message it does not move their last seen message: they acted elsewhere (a profile, the
 * invitations), never opened the chat, so what the other wrote before stays unread for them and
 * gets no double tick (E4.56, A4.39). Their own card never counts as unread for them anyway.
 */
export async function insertMessage(
  trx: Transaction<DB>,
  input: {
    roomId: number;
    senderId: number | null;
    type: string;
    msg: string | null;
    det: Record<string, number | null> | null;
  },
): Promise<MessageRow> {
  const det = input.det === null ? null : JSON.stringify(input.det);
  return trx
    .insertInto('chat_messages')
    .values({
      room_id: input.roomId,
      sender_id: input.senderId,
      type: input.type,
      msg: input.msg,
      det: sql`${det}::jsonb`,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A member's text message as written, with who gets it as a push. */
export type MemberMessage = MessageRow & { push_to: number[] };

/**
 * A member's text message in ONE statement: the membership check (an active participant of the
 * room's event), the insert, the sender's last seen message, and who gets it as a push (`pushTo`:
 * the other members with a browser subscribed who did not mute chat; usually nobody).
 * The hot path of chat: one round trip.
 *
 * Undefined when nothing was written: the user is not a member, or the sender has a message with
 * this `clientKey` in the room already (a resend: `keyedMessage` finds it). The unique index decides
 * that, not a read before the insert: a resend racing the first send waits for it to commit, then
 * writes nothing (or writes, if the first rolled back).
 */
export async function insertMemberMessage(
  db: Executor,
  input: { roomId: number; userId: number; msg: string; clientKey?: string | undefined },
): Promise<MemberMessage | undefined> {
  const { rows } = await sql<MemberMessage>`
    WITH me AS (
      SELECT m.room_id, m.participant_id FROM chat_members m
      JOIN participants p ON p.id = m.participant_id
      WHERE m.room_id = ${input.roomId} AND p.user_id = ${input.userId} AND p.state <> 'deleted'
    ), m AS (
      INSERT INTO chat_messages (room_id, sender_id, type, msg, client_key)
      SELECT me.room_id, me.participant_id, 'text', ${input.msg}, ${input.clientKey ?? null}::text FROM me
      ON CONFLICT (room_id, sender_id, client_key) WHERE client_key IS NOT NULL DO NOTHING
      RETURNING *
    ), s AS (
      UPDATE chat_members SET last_seen_message_id = m.id FROM m
      WHERE chat_members.room_id = m.room_id AND chat_members.participant_id = m.sender_id
        AND chat_members.last_seen_message_id < m.id
    )
    SELECT m.*, ARRAY(
      SELECT u.id FROM chat_members o
      JOIN participants p ON p.id = o.participant_id
      JOIN users u ON u.id = p.user_id
      WHERE o.room_id = m.room_id AND o.participant_id <> m.sender_id AND p.state <> 'deleted'
        AND NOT (u.push_muted @> '["chat"]'::jsonb)
        AND EXISTS (SELECT 1 FROM push_subscriptions s WHERE s.user_id = u.id)
    ) AS push_to
    FROM m`.execute(db);
  return rows[0];
}

/**
 * The message a member sent to the room with this client key, while they are a member (someone who
 * left, or whose place passed to another account, gets nothing back). A statement of its own after
 * the insert: it sees what a racing send committed meanwhile.
 */
export async function keyedMessage(
  db: Executor,
  input: { roomId: number; userId: number; clientKey: string },
): Promise<MessageRow | undefined> {
  const { rows } = await sql<MessageRow>`
    SELECT c.* FROM chat_messages c
    JOIN chat_members m ON m.room_id = c.room_id AND m.participant_id = c.sender_id
    JOIN participants p ON p.id = m.participant_id
    WHERE c.room_id = ${input.roomId} AND c.client_key = ${input.clientKey}
      AND p.user_id = ${input.userId} AND p.state <> 'deleted'`.execute(db);
  return rows[0];
}

export async function findMessage(db: Executor, messageId: number): Promise<MessageRow | undefined> {
  return db.selectFrom('chat_messages').selectAll().where('id', '=', messageId).executeTakeFirst();
}

/** E7.89: a deleted message keeps its place; type and text become null. Whether this call did it. */
export async function markDeleted(db: Executor, messageId: number, at: Date): Promise<boolean> {
  const done = await db
    .updateTable('chat_messages')
    .set({ type: null, msg: null, det: null, deleted_at: at })
    .where('id', '=', messageId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return done.numUpdatedRows > 0n;
}

/** The sender's name and the room's event, for a message's push. */
export async function pushSender(db: Executor, roomId: number, senderParticipantId: number) {
  const sender = await db
    .selectFrom('participants as p')
    .innerJoin('chat_rooms as r', 'r.event_id', 'p.event_id')
    .select(['p.name', 'p.surname', 'r.event_id'])
    .where('p.id', '=', senderParticipantId)
    .where('r.id', '=', roomId)
    .executeTakeFirst();
  return {
    name: sender ? `${sender.name} ${sender.surname}`.trim() : '',
    eventId: sender?.event_id ?? 0,
  };
}
