import {
  chatMessageParams,
  chatMessagesQuery,
  chatPinRequest,
  chatRoomMembersRequest,
  chatRoomParams,
  chatRoomsQuery,
  chatSeenRequest,
  createChatRoomRequest,
  sendChatMessageRequest,
} from '@foyer/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { requireUser } from '../../http/auth';
import { parse } from '../../http/validate';
import { deleteMessage, listMessages, markSeen, sendMessage } from './chat.messages.service';
import { CHAT_ROOM_PATTERNS, chatRoomPolicy } from './chat.policy';
import {
  addMembers,
  type ChatDeps,
  createRoom,
  getRoom,
  listRooms,
  pinRoom,
  removeMembers,
  unreadCounts,
} from './chat.service';

const deps = (request: FastifyRequest): ChatDeps => ({
  ctx: request.server.ctx,
  realtime: request.server.realtime,
  bus: request.server.bus,
});

/** Chat (E7.55–E7.61): rooms, members, messages, seen, pin; live on rooms/{roomId}/messages. */
export const chatRoutes: FastifyPluginAsync = async (app) => {
  for (const pattern of CHAT_ROOM_PATTERNS) app.realtime.registerRoomPolicy(pattern, chatRoomPolicy);

  app.get('/chat/rooms', async (request) => {
    const { userId } = await requireUser(request);
    const { eventId } = parse(chatRoomsQuery, request.query);
    return { success: true, data: await listRooms(request.server.ctx, userId, eventId) };
  });

  app.get('/chat/room/:roomId', async (request) => {
    const { userId } = await requireUser(request);
    const { roomId } = parse(chatRoomParams, request.params);
    return { success: true, data: await getRoom(request.server.ctx, userId, roomId) };
  });

  app.post('/chat/room', async (request) => {
    const { userId } = await requireUser(request);
    return {
      success: true,
      data: await createRoom(deps(request), userId, parse(createChatRoomRequest, request.body)),
    };
  });

  app.post('/chat/room/member', async (request) => {
    const { userId } = await requireUser(request);
    return {
      success: true,
      data: await addMembers(deps(request), userId, parse(chatRoomMembersRequest, request.body)),
    };
  });

  app.delete('/chat/room/member', async (request) => {
    const { userId } = await requireUser(request);
    const input = parse(chatRoomMembersRequest, request.body);
    return { success: true, data: await removeMembers(deps(request), userId, input) };
  });

  app.get('/chat/room/messages', async (request) => {
    const { userId } = await requireUser(request);
    const input = parse(chatMessagesQuery, request.query);
    return { success: true, data: await listMessages(request.server.ctx, userId, input) };
  });

  app.post('/chat/room/seen', async (request) => {
    const { userId } = await requireUser(request);
    return {
      success: true,
      data: await markSeen(deps(request), userId, parse(chatSeenRequest, request.body)),
    };
  });

  app.post('/chat/room/pin', async (request) => {
    const { userId } = await requireUser(request);
    return { success: true, data: await pinRoom(deps(request), userId, parse(chatPinRequest, request.body)) };
  });

  app.post('/chat/message', async (request) => {
    const { userId } = await requireUser(request);
    return {
      success: true,
      data: await sendMessage(deps(request), userId, parse(sendChatMessageRequest, request.body)),
    };
  });

  app.delete('/chat/message/:messageId', async (request) => {
    const { userId } = await requireUser(request);
    const { messageId } = parse(chatMessageParams, request.params);
    return { success: true, data: await deleteMessage(deps(request), userId, messageId) };
  });

  app.get('/chat/unread', async (request) => {
    const { userId } = await requireUser(request);
    return { success: true, data: await unreadCounts(request.server.ctx, userId) };
  });
};
