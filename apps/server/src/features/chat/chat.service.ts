import {
  CHAT_GROUP_MAX_MEMBERS,
  type ChatMetaRecord,
  ChatRecordType,
  type ChatRoom,
  type ChatRoomMembersRequest,
  type ChatRoomRecord,
  type ChatUnread,
  type CreateChatRoomRequest,
  canChatWith,
  realtimeRoom,
} from '@foyer/contract';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/executor';
import type { DB } from '../../db/schema';
import type { Bus } from '../../events/bus';
import { AppError } from '../../http/errors';
import type { Realtime } from '../../realtime/realtime';
import { requireMembership } from '../access/event-access';
import { assertNoneDeleted } from '../participants/live-participant';
import { assertMaySee, seerOf } from '../participants/visibility';
import * as messageRepo from './chat.messages.repository';
import { toChatRoom } from './chat.present';
import * as repo from './chat.repository';

export interface ChatDeps {
  ctx: AppContext;
  realtime: Pick<Realtime, 'publish' | 'publishAll' | 'pushed' | 'io'>;
  bus: Pick<Bus, 'emit'>;
}

export const notMember = () => AppError.notFound('Chat room not found');

/** The caller's membership of a room, or 404 (a room one is not in does not exist for one). */
export async function requireRoomMember(db: Executor, roomId: number, userId: number) {
  const membership = await repo.findMemberRole(db, roomId, userId);
  if (!membership) throw notMember();
  const room = { id: membership.room_id, ...membership };
  return { membership, room };
}

/** One room as the caller sees it. */
export async function getRoom(ctx: AppContext, userId: number, roomId: number): Promise<ChatRoom> {
  const [row] = await repo.roomsOfUser(ctx.db, userId, { roomId });
  if (!row) throw notMember();
  const [members, last] = await Promise.all([
    repo.membersOf(ctx.db, [row.id]),
    messageRepo.messagesByIds(ctx.db, row.last_message_id ? [row.last_message_id] : []),
  ]);
  return toChatRoom(row, members, last[0]);
}

/** GET chat/rooms: the chat user list and the floating list (E2.51), pinned first (E4.57). */
export async function listRooms(ctx: AppContext, userId: number, eventId?: number): Promise<ChatRoom[]> {
  const rows = await repo.roomsOfUser(ctx.db, userId, { eventId });
  const [members, lasts] = await Promise.all([
    repo.membersOf(
      ctx.db,
      rows.map((r) => r.id),
    ),
    messageRepo.messagesByIds(
      ctx.db,
      rows.flatMap((r) => (r.last_message_id ? [r.last_message_id] : [])),
    ),
  ]);
  const lastById = new Map(lasts.map((m) => [m.id, m]));
  // Grouped once: a busy exhibitor's hundreds of rooms, each looking for its members among all.
  const membersByRoom = new Map<number, typeof members>();
  for (const member of members) {
    const list = membersByRoom.get(member.room_id);
    if (list) list.push(member);
    else membersByRoom.set(member.room_id, [member]);
  }
  return rows.map((row) =>
    toChatRoom(
      row,
      membersByRoom.get(row.id) ?? [],
      row.last_message_id ? lastById.get(row.last_message_id) : undefined,
    ),
  );
}

/** GET chat/unread: the badge's unseen chat messages (A4.39) and the count per room (E3.30). */
export async function unreadCounts(ctx: AppContext, userId: number): Promise<ChatUnread> {
  const rows = await repo.unseenCounts(ctx.db, userId);
  const rooms = rows.map((r) => ({ roomId: r.room_id, count: Number(r.n) }));
  return { total: rooms.reduce((sum, r) => sum + r.count, 0), rooms };
}

/**
 * The others must be active participants of the event whom the caller may chat with (E6.22);
 * organizers may chat with anyone.
 */
async function chattable(
  ctx: AppContext,
  eventId: number,
  me: {
    id: number;
    user_id: number | null;
    booth_id: number | null;
    booth_role: string | null;
    organizer: boolean;
    type_id: number | null;
  },
  ids: number[],
) {
  const wanted = [...new Set(ids)].filter((id) => id !== me.id);
  if (wanted.length === 0)
    throw AppError.badRequest('Choose someone other than yourself', { members: 'validation.error.required' });
  const found = await repo.participantsOf(ctx.db, eventId, wanted);
  if (found.length !== wanted.length) {
    await assertNoneDeleted(ctx.db, eventId, wanted); // E3.02: say so rather than "not found"
    throw AppError.notFound('Participant not found');
  }
  const rules = await repo.inviteRules(ctx.db, eventId, me.type_id);
  const boothOf = (p: { booth_id: number | null; booth_role: string | null }) =>
    p.booth_role === 'not_confirmed' ? null : p.booth_id;
  for (const target of found) {
    const allowed = canChatWith({
      me: { id: me.id, boothId: boothOf(me), organizer: me.organizer, typeId: me.type_id },
      target: { id: target.id, boothId: boothOf(target), typeId: target.type_id, state: target.state },
      ...rules,
    });
    if (!allowed) throw AppError.forbidden('You cannot start a chat with this person');
  }
  // A hidden profile one only knows the id of is "not found" (E6.01); the room would name them.
  const seer = await seerOf(ctx.db, { restricted: rules.restricted }, me);
  for (const target of found) {
    await assertMaySee(ctx.db, seer, target, () => AppError.notFound('Participant not found'));
  }
  return found.map((p) => ({ participantId: p.id, userId: p.user_id }));
}

/**
 * Room records for these people's own feeds, in the transaction of the change they announce: one
 * statement for all of them, which takes the rooms' turns in their one order (named one by one, in
 * the members' order, two changes could each hold a room the other waits for). A person in two
 * groups gets the first group's record.
 */
async function tellUsers(
  deps: ChatDeps,
  groups: readonly (readonly [parties: readonly repo.Party[], record: ChatRoomRecord])[],
  trx: Transaction<DB>,
): Promise<void> {
  const records = new Map<number, ChatRoomRecord>();
  for (const [parties, record] of groups)
    for (const { userId } of parties)
      if (userId !== null && !records.has(userId)) records.set(userId, record);
  if (records.size === 0) return;
  await deps.realtime.publishAll(
    [...records].map(([userId, payload]) => ({
      room: realtimeRoom.user(userId),
      type: ChatRecordType.Room,
      payload,
    })),
    trx,
  );
}

/** E7.85: a change of the room's meta for rooms/{roomId}/meta, in the transaction of the change. */
function publishMeta(
  realtime: Pick<Realtime, 'publish'>,
  record: ChatMetaRecord,
  trx: Transaction<DB>,
): Promise<unknown> {
  return realtime.publish(realtimeRoom.chatMeta(record.roomId), ChatRecordType.Meta, record, trx);
}

/** The members' part of the meta: each member and their last seen message. */
async function membersMeta(deps: ChatDeps, roomId: number, trx: Transaction<DB>): Promise<void> {
  const members = (await repo.membersOf(trx, [roomId])).map((m) => ({
    participantId: m.participant_id,
    lastSeenMessageId: m.last_seen_message_id,
  }));
  await publishMeta(deps.realtime, { change: 'members', roomId, members }, trx);
}

/**
 * POST chat/room (E7.55): a private room is get-or-create per pair; a group is new, unless its
 * creator resends the `clientKey` of one they made in the event (its answer was lost): that group
 * again, with nobody told twice, even when one of its members has left the event since.
 */
export async function createRoom(
  deps: ChatDeps,
  userId: number,
  input: CreateChatRoomRequest,
): Promise<ChatRoom> {
  const { ctx } = deps;
  const { me } = await requireMembership(ctx.db, input.eventId, userId);
  // A resend of a group its creator already made in this event answers that group before the
  // members are checked again: one of them may have left the event since, and the group exists.
  if (input.type === 'group' && input.clientKey !== undefined) {
    const made = await repo.keyedGroupRoom(ctx.db, input.eventId, me.id, input.clientKey);
    if (made) return getRoom(ctx, userId, made.id);
  }
  const others = await chattable(ctx, input.eventId, me, input.members);
  if (others.length + 1 > CHAT_GROUP_MAX_MEMBERS)
    throw AppError.badRequest('Too many members', { members: 'validation.error.maxLength' });
  const creator = { participantId: me.id, userId };
  const room = await ctx.db.transaction().execute(async (trx) => {
    const made =
      input.type === 'private'
        ? await repo.ensurePrivateRoom(trx, input.eventId, creator, others[0] as repo.Party)
        : await repo.insertGroupRoom(trx, {
            eventId: input.eventId,
            name: input.name?.trim() || null,
            creator,
            members: others,
            clientKey: input.clientKey,
          });
    if (made.created)
      await tellUsers(deps, [[[creator, ...others], { action: 'added', roomId: made.room.id }]], trx);
    return made.room;
  });
  return getRoom(ctx, userId, room.id);
}

/** POST chat/room/member (E7.56): any member of a group may add people they may chat with. */
export async function addMembers(
  deps: ChatDeps,
  userId: number,
  input: ChatRoomMembersRequest,
): Promise<ChatRoom> {
  const { ctx } = deps;
  const { room } = await requireRoomMember(ctx.db, input.roomId, userId);
  if (room.type !== 'group') throw AppError.conflict('Members can be added to group chats only');
  const { me } = await requireMembership(ctx.db, room.event_id, userId);
  const parties = await chattable(ctx, room.event_id, me, input.members);
  await ctx.db.transaction().execute(async (trx) => {
    // Counted on the members as they are with the room's row held: two people adding at once
    // cannot take a group past its limit together, and someone removed meanwhile adds nobody.
    await repo.lockRoom(trx, room.id);
    await requireRoomMember(trx, room.id, userId);
    const before = await repo.membersOf(trx, [room.id]);
    const after = new Set([...before.map((m) => m.participant_id), ...parties.map((p) => p.participantId)]);
    if (after.size > CHAT_GROUP_MAX_MEMBERS) {
      throw AppError.badRequest('Too many members', { members: 'validation.error.maxLength' });
    }
    const added = await repo.insertMembers(trx, room.id, parties);
    const members = before.map((m) => ({ participantId: m.participant_id, userId: m.user_id }));
    await tellUsers(
      deps,
      [
        [added, { action: 'added', roomId: room.id }],
        [members, { action: 'updated', roomId: room.id }],
      ],
      trx,
    );
    await membersMeta(deps, room.id, trx);
  });
  return getRoom(ctx, userId, room.id);
}

/**
 * DELETE chat/room/member (E7.57): everyone may leave; the group's creator and organizers may remove
 * others. Removed people are dropped from the live room at once, not only on their next subscribe.
 */
/** The caller may remove `input.members`: themselves always (leaving), others as the group's creator or an organizer. */
async function mayRemove(db: Executor, input: ChatRoomMembersRequest, userId: number) {
  const found = await requireRoomMember(db, input.roomId, userId);
  const { membership, room } = found;
  if (room.type !== 'group') throw AppError.conflict('Members can be removed from group chats only');
  const others = input.members.filter((id) => id !== membership.participant_id);
  if (others.length > 0 && room.created_by !== membership.participant_id && !membership.organizer) {
    throw AppError.forbidden('Only the creator of this group can remove others');
  }
  return found;
}

export async function removeMembers(
  deps: ChatDeps,
  userId: number,
  input: ChatRoomMembersRequest,
): Promise<{ roomId: number; removed: number[] }> {
  const { ctx } = deps;
  const { room } = await mayRemove(ctx.db, input, userId);
  const removed = await ctx.db.transaction().execute(async (trx) => {
    // With the room's row held, as additions are: the members told are the ones that remain, and
    // the caller is still a member, and still the creator or an organizer, as the removal happens.
    await repo.lockRoom(trx, room.id);
    await mayRemove(trx, input, userId);
    const gone = await repo.deleteMembers(trx, room.id, input.members);
    const remaining = await repo.membersOf(trx, [room.id]);
    const members = remaining.map((m) => ({ participantId: m.participant_id, userId: m.user_id }));
    await tellUsers(
      deps,
      [
        [gone, { action: 'removed', roomId: room.id }],
        [members, { action: 'updated', roomId: room.id }],
      ],
      trx,
    );
    await membersMeta(deps, room.id, trx);
    return gone;
  });
  const rooms = [realtimeRoom.chatMessages(room.id), realtimeRoom.chatMeta(room.id)];
  for (const party of removed) {
    if (party.userId === null) continue;
    deps.realtime.io.in(realtimeRoom.user(party.userId)).socketsLeave(rooms);
  }
  return { roomId: room.id, removed: removed.map((p) => p.participantId) };
}

/** POST chat/room/pin (E4.57, E7.59): my own pin; my other tabs follow. */
export async function pinRoom(
  deps: ChatDeps,
  userId: number,
  input: { roomId: number; pin: boolean },
): Promise<{ roomId: number; pin: boolean }> {
  const { ctx } = deps;
  const { membership } = await requireRoomMember(ctx.db, input.roomId, userId);
  await ctx.db.transaction().execute(async (trx) => {
    await repo.setPinned(trx, input.roomId, membership.participant_id, input.pin);
    await tellUsers(
      deps,
      [[[{ participantId: membership.participant_id, userId }], { action: 'updated', roomId: input.roomId }]],
      trx,
    );
  });
  return { roomId: input.roomId, pin: input.pin };
}
