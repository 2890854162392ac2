import { type Selectable, sql, type Transaction } from 'kysely';
import type { Executor } from '../../db/executor';
import { perTurn } from '../../db/per-turn';
import type { ChatRoomsTable, DB } from '../../db/schema';

export type RoomRow = Selectable<ChatRoomsTable>;

export interface Party {
  participantId: number;
  userId: number | null;
}

/** The key that makes a 1:1 room unique per pair and event, whoever opens it first. */
export const privateKey = (eventId: number, a: number, b: number) =>
  `${eventId}:${Math.min(a, b)}:${Math.max(a, b)}`;

export async function findRoom(db: Executor, roomId: number): Promise<RoomRow | undefined> {
  return db.selectFrom('chat_rooms').selectAll().where('id', '=', roomId).executeTakeFirst();
}

/**
 * Holds the room's row until the caller's transaction ends, so two changes of its members count
 * each other's. FOR NO KEY UPDATE: messages (whose foreign key takes a key-share lock) still flow.
 */
export async function lockRoom(db: Executor, roomId: number): Promise<void> {
  await db.selectFrom('chat_rooms').select('id').where('id', '=', roomId).forNoKeyUpdate().execute();
}

/**
 * The caller's membership of a room and the room's kind and creator: what a permission needs.
 *
 * Whose a membership is, is the participant record's account now (`p.user_id`), never the copy in
 * `chat_members.user_id`, which is the account that held the record when it joined: a record passes
 * to another account (an invited person registers or accepts, a removed person's place is invited
 * again and accepted by someone else), and the room goes with it. Read from the copy, the invitee
 * never saw the rooms opened with them, and the account that had lost the place kept reading and
 * writing its chats (and got their pushes).
 */
function memberships(db: Executor) {
  return db
    .selectFrom('chat_members as m')
    .innerJoin('participants as p', 'p.id', 'm.participant_id')
    .innerJoin('chat_rooms as r', 'r.id', 'm.room_id')
    .where('p.state', '!=', 'deleted');
}

function membershipQuery(db: Executor, roomId: number, userId: number) {
  return memberships(db)
    .select([
      'm.room_id',
      'm.participant_id',
      'm.last_seen_message_id',
      'm.pinned',
      'p.organizer',
      'r.event_id',
      'r.type',
      'r.created_by',
    ])
    .where('m.room_id', '=', roomId)
    .where('p.user_id', '=', userId);
}

/** The membership alone, for a permission check (no message is read). */
export function findMemberRole(db: Executor, roomId: number, userId: number) {
  return membershipQuery(db, roomId, userId).executeTakeFirst();
}

/** The membership with the room's newest message id (unread counts). */
export function findMembership(db: Executor, roomId: number, userId: number) {
  return membershipQuery(db, roomId, userId)
    .select((eb) =>
      eb
        .selectFrom('chat_messages as x')
        .select((c) => c.fn.max('x.id').as('id'))
        .whereRef('x.room_id', '=', 'm.room_id')
        .as('last_message_id'),
    )
    .executeTakeFirst();
}

/** Membership checks per query at most (a reconnect wave asks one per client). */
const MEMBER_CHECK_BATCH = 100;

/**
 * Whether each (room, user) of the asks of one turn is a membership, in ONE statement (perTurn): a
 * process taking over a dead one's clients checks every one's room at once. Each ask is looked up
 * on its own (a LATERAL with LIMIT 1: by the primary key, however many members the event has).
 */
const areMembers = perTurn(
  MEMBER_CHECK_BATCH,
  async (db: Executor, asks: readonly { roomId: number; userId: number }[]) => {
    const membership = memberships(db)
      .select(sql<number>`1`.as('one'))
      .where('m.room_id', '=', sql.ref<number>('a.room_id'))
      .where('p.user_id', '=', sql.ref<number>('a.user_id'))
      .limit(1);
    const { rows } = await sql<{ ask: number }>`
      SELECT a.i::int AS ask
      FROM unnest((SELECT ${asks.map((a) => a.roomId)}::int[]), (SELECT ${asks.map((a) => a.userId)}::int[]))
             WITH ORDINALITY AS a(room_id, user_id, i)
      CROSS JOIN LATERAL (${membership}) AS found`.execute(db);
    const members = new Set(rows.map((row) => row.ask));
    return asks.map((_, i) => members.has(i + 1));
  },
);

/** Whether the user is a member of the room now (the realtime policy of the room's feeds). */
export function isMember(db: Executor, roomId: number, userId: number): Promise<boolean> {
  return areMembers(db, { roomId, userId });
}

/**
 * The 1:1 room of two participants in an event, created when missing. The unique private_key makes
 * two people who open it at the same moment land in the same room.
 */
export async function ensurePrivateRoom(
  trx: Transaction<DB>,
  eventId: number,
  creator: Party,
  other: Party,
): Promise<{ room: RoomRow; created: boolean }> {
  const key = privateKey(eventId, creator.participantId, other.participantId);
  const inserted = await trx
    .insertInto('chat_rooms')
    .values({
      event_id: eventId,
      type: 'private',
      name: null,
      private_key: key,
      created_by: creator.participantId,
    })
    .onConflict((oc) => oc.column('private_key').doNothing())
    .returningAll()
    .executeTakeFirst();
  if (inserted) {
    await insertMembers(trx, inserted.id, [creator, other]);
    return { room: inserted, created: true };
  }
  const room = await trx
    .selectFrom('chat_rooms')
    .selectAll()
    .where('private_key', '=', key)
    .executeTakeFirstOrThrow();
  return { room, created: false };
}

/**
 * A new group with its members. With a `clientKey` its creator already made a group with in this
 * event (a resend whose answer was lost), that group, and nothing is written: the unique index
 * decides, so two creations racing with one key make one group (the second waits for the first to
 * commit, then finds it in a statement of its own).
 */
export async function insertGroupRoom(
  trx: Transaction<DB>,
  input: {
    eventId: number;
    name: string | null;
    creator: Party;
    members: Party[];
    clientKey?: string | undefined;
  },
): Promise<{ room: RoomRow; created: boolean }> {
  const key = input.clientKey ?? null;
  const { rows } = await sql<RoomRow>`
    INSERT INTO chat_rooms (event_id, type, name, created_by, client_key)
    VALUES (${input.eventId}, 'group', ${input.name}, ${input.creator.participantId}, ${key}::text)
    ON CONFLICT (event_id, created_by, client_key) WHERE client_key IS NOT NULL DO NOTHING
    RETURNING *`.execute(trx);
  const inserted = rows[0];
  if (inserted) {
    await insertMembers(trx, inserted.id, [input.creator, ...input.members]);
    return { room: inserted, created: true };
  }
  const room =
    key === null ? undefined : await keyedGroupRoom(trx, input.eventId, input.creator.participantId, key);
  if (!room) throw new Error('chat: a group room conflicted on its client key but was not found');
  return { room, created: false };
}

/** The group room this participant created in the event with this client key, if any. */
export async function keyedGroupRoom(
  db: Executor,
  eventId: number,
  creatorParticipantId: number,
  clientKey: string,
): Promise<RoomRow | undefined> {
  const { rows } = await sql<RoomRow>`
    SELECT * FROM chat_rooms
    WHERE event_id = ${eventId} AND created_by = ${creatorParticipantId}
      AND client_key = ${clientKey}::text`.execute(db);
  return rows[0];
}

/**
 * Adds members (ignoring ones already in); returns those actually added. `chat_members.user_id` is
 * only the account of the record when it joined: whose a membership is, is read from the record.
 */
export async function insertMembers(db: Executor, roomId: number, parties: Party[]): Promise<Party[]> {
  if (parties.length === 0) return [];
  const rows = await db
    .insertInto('chat_members')
    .values(parties.map((p) => ({ room_id: roomId, participant_id: p.participantId, user_id: p.userId })))
    .onConflict((oc) => oc.columns(['room_id', 'participant_id']).doNothing())
    .returning(['participant_id', 'user_id'])
    .execute();
  return rows.map((r) => ({ participantId: r.participant_id, userId: r.user_id }));
}

/** Removes members; returns those removed, each with the account that holds their record now. */
export async function deleteMembers(
  db: Executor,
  roomId: number,
  participantIds: number[],
): Promise<Party[]> {
  if (participantIds.length === 0) return [];
  const rows = await db
    .deleteFrom('chat_members')
    .using('participants as p')
    .whereRef('p.id', '=', 'chat_members.participant_id')
    .where('chat_members.room_id', '=', roomId)
    .where('chat_members.participant_id', 'in', participantIds)
    .returning(['chat_members.participant_id', 'p.user_id'])
    .execute();
  return rows.map((r) => ({ participantId: r.participant_id, userId: r.user_id }));
}

/** Members with what a chat shows of them (E3.30 meta.members). */
export async function membersOf(db: Executor, roomIds: number[]) {
  if (roomIds.length === 0) return [];
  return db
    .selectFrom('chat_members as m')
    .innerJoin('participants as p', 'p.id', 'm.participant_id')
    .select([
      'm.room_id',
      'm.participant_id',
      'p.user_id',
      'm.last_seen_message_id',
      'p.name',
      'p.surname',
      'p.job_title',
      'p.company',
      'p.profile_photo',
      'p.booth_id',
      'p.booth_role',
      'p.state',
    ])
    .where('m.room_id', 'in', roomIds)
    .orderBy('m.joined_at')
    .orderBy('m.participant_id')
    .execute();
}
export type MemberRow = Awaited<ReturnType<typeof membersOf>>[number];

/** Participants of an event by id, with what the chat rules need (E6.22). */
export async function participantsOf(db: Executor, eventId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('participants')
    .select([
      'id',
      'user_id',
      'booth_id',
      'booth_role',
      'type_id',
      'state',
      'organizer',
      'visible',
      'ticket_id',
    ])
    .where('event_id', '=', eventId)
    .where('id', 'in', ids)
    .where('state', '!=', 'deleted')
    .execute();
}

/**
 * A message `x` its member `m` has not seen (E3.30): after their last seen one, written by someone
 * else, not deleted (a deleted message keeps its row with no type).
 */
const UNSEEN = sql<boolean>`x.id > m.last_seen_message_id AND x.type IS NOT NULL AND x.sender_id IS DISTINCT FROM m.participant_id`;

/**
 * Each of the user's rooms with messages they have not seen, and how many (newest room first): the
 * badge's count without the list's last messages and order.
 */
export async function unseenCounts(db: Executor, userId: number) {
  return db
    .selectFrom('chat_members as m')
    .innerJoin('participants as me', 'me.id', 'm.participant_id')
    .innerJoin('chat_messages as x', 'x.room_id', 'm.room_id')
    .select(['m.room_id', (eb) => eb.fn.countAll<string>().as('n')])
    .where('me.user_id', '=', userId)
    .where('me.state', '!=', 'deleted')
    .where(UNSEEN)
    .groupBy('m.room_id')
    .orderBy('m.room_id', 'desc')
    .execute();
}

/**
 * My rooms, pinned first, then by latest activity (a room without messages counts from its
 * creation); with the last message's id and my unread count per room.
 */
export async function roomsOfUser(
  db: Executor,
  userId: number,
  filter: { eventId?: number | undefined; roomId?: number | undefined } = {},
) {
  return db
    .selectFrom('chat_members as m')
    .innerJoin('chat_rooms as r', 'r.id', 'm.room_id')
    .innerJoin('events as e', 'e.id', 'r.event_id')
    .innerJoin('participants as me', 'me.id', 'm.participant_id')
    .selectAll('r')
    .select((eb) => [
      eb
        .selectFrom('chat_messages as lm')
        .select((c) => c.fn.max('lm.id').as('id'))
        .whereRef('lm.room_id', '=', 'r.id')
        .as('last_message_id'),
      'm.participant_id as me_id',
      'm.pinned',
      'm.last_seen_message_id',
      'e.name as event_name',
      eb
        .selectFrom('chat_messages as x')
        .select((c) => c.fn.countAll<number>().as('n'))
        .whereRef('x.room_id', '=', 'r.id')
        .where(UNSEEN)
        .as('unread'),
    ])
    .where('me.user_id', '=', userId)
    .where('me.state', '!=', 'deleted')
    .$if(filter.eventId !== undefined, (q) => q.where('r.event_id', '=', filter.eventId as number))
    .$if(filter.roomId !== undefined, (q) => q.where('r.id', '=', filter.roomId as number))
    .orderBy('m.pinned', 'desc')
    .orderBy(
      sql`coalesce((SELECT max(o.created_at) FROM chat_messages o WHERE o.room_id = r.id), r.created_at)`,
      'desc',
    )
    .orderBy('r.id', 'desc')
    .execute();
}
export type MyRoomRow = Awaited<ReturnType<typeof roomsOfUser>>[number];

/** Moves a member's last seen message forward (never back); true when it moved. */
export async function moveLastSeen(db: Executor, roomId: number, participantId: number, messageId: number) {
  const result = await db
    .updateTable('chat_members')
    .set({ last_seen_message_id: messageId })
    .where('room_id', '=', roomId)
    .where('participant_id', '=', participantId)
    .where('last_seen_message_id', '<', messageId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function setPinned(db: Executor, roomId: number, participantId: number, pinned: boolean) {
  await db
    .updateTable('chat_members')
    .set({ pinned })
    .where('room_id', '=', roomId)
    .where('participant_id', '=', participantId)
    .execute();
}

/** My event's invitation rules: the restricted flag and my type's invitationRights (E6.15). */
export async function inviteRules(db: Executor, eventId: number, typeId: number | null) {
  const event = await db
    .selectFrom('events')
    .select('restricted')
    .where('id', '=', eventId)
    .executeTakeFirst();
  const type =
    typeId === null
      ? undefined
      : await db
          .selectFrom('participant_types')
          .select('invitation_rights')
          .where('id', '=', typeId)
          .executeTakeFirst();
  return { restricted: event?.restricted ?? false, invitationRights: type?.invitation_rights ?? null };
}

/**
 * The two people of a meeting request or reschedule (whose 1:1 chat its card goes into, E4.55), and
 * whether its meeting was pre-booked for them by someone else (E6.10).
 */
export async function invitationParties(db: Executor, eventId: number, invitationId: number) {
  return db
    .selectFrom('invitations as i')
    .leftJoin('meetings as m', 'm.id', 'i.meeting_id')
    .select(['i.type', 'i.from_participant_id', 'i.to_participant_id', 'm.pre_booked'])
    .where('i.event_id', '=', eventId)
    .where('i.id', '=', invitationId)
    .executeTakeFirst();
}
