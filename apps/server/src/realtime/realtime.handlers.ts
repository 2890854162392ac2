import {
  type ClientToServerEvents,
  ErrorCode,
  REALTIME_CATCH_UP_LIMIT,
  REALTIME_MAX_ROOMS_PER_SOCKET,
  REALTIME_UNAUTHORIZED,
  REALTIME_UNAVAILABLE,
  realtimeRoom,
  type ServerToClientEvents,
  type SubscribeAck,
  subscribeRequest,
  type UnsubscribeAck,
  unsubscribeRequest,
} from '@foyer/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Server, Socket } from 'socket.io';
import { DATABASE_UNAVAILABLE, isDatabaseUnavailable } from '../db/errors';
import type { DB } from '../db/schema';
import { type AccessClaims, accountsExist, verifyLiveAccessToken } from '../http/auth';
import type { RoomPolicies } from './realtime.policy';
import { findLastRecord, findRecordsAfter } from './realtime.repository';

export interface SocketData {
  userId: number;
  /** The super user acting as userId (A6.04), when the token says so. */
  actorId?: number;
}
// biome-ignore lint/complexity/noBannedTypes: socket.io's slot for server-to-server events, unused here.
type InterServerEvents = {};
export type RealtimeServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  InterServerEvents,
  SocketData
>;
type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;

interface Deps {
  db: Kysely<DB>;
  jwtSecret: string;
  policies: RoomPolicies;
  log: FastifyBaseLogger;
}

const SUBSCRIBE_WINDOW_MS = 10_000;
const SUBSCRIBES_PER_WINDOW = 2 * REALTIME_MAX_ROOMS_PER_SOCKET;

const failure = (code: string, msg: string) => ({ ok: false as const, error: { code, msg } });

/** Wires authentication and the subscribe/unsubscribe protocol onto the socket.io server. */
export function attachHandlers(io: RealtimeServer, deps: Deps): void {
  io.use((socket, next) => {
    const token: unknown = socket.handshake.auth?.token;
    if (typeof token !== 'string' || token === '') return next(new Error(REALTIME_UNAUTHORIZED));
    // Like an HTTP request: a token outlives a deleted account by up to its TTL.
    verifyLiveAccessToken(deps.db, deps.jwtSecret, token).then(
      (claims) => {
        if (!claims) return next(new Error(REALTIME_UNAUTHORIZED));
        socket.data.userId = claims.userId;
        if (claims.actorId) socket.data.actorId = claims.actorId;
        next();
      },
      (err: unknown) => {
        // A database that did not answer says nothing about the token: the client keeps it and
        // connects again later, instead of refreshing its session for nothing.
        if (isDatabaseUnavailable(err)) {
          deps.log.warn({ err }, 'realtime: database unavailable at connect');
          return next(new Error(REALTIME_UNAVAILABLE));
        }
        deps.log.error({ err }, 'realtime: token check failed');
        next(new Error(REALTIME_UNAUTHORIZED));
      },
    );
  });

  io.on('connection', (socket) => {
    // Always in its own feed, so a notification reaches a connected client even before it subscribes.
    void socket.join(realtimeRoom.user(socket.data.userId));

    // Each subscribe costs database reads: a client may make a burst (reconnect with many rooms,
    // catch-up pages), not a stream.
    let windowStart = Date.now();
    let inWindow = 0;
    socket.on('subscribe', (request, ack) => {
      if (typeof ack !== 'function') return;
      if (Date.now() - windowStart > SUBSCRIBE_WINDOW_MS) {
        windowStart = Date.now();
        inWindow = 0;
      }
      if (++inWindow > SUBSCRIBES_PER_WINDOW) {
        ack(failure(ErrorCode.RateLimited, 'Too many subscribe requests, try again later'));
        return;
      }
      subscribe(socket, request, deps).then(
        (answer) => {
          ack(answer);
          // The account was deleted since the connect: nothing more for this connection.
          if (!answer.ok && answer.error.code === ErrorCode.Unauthenticated) socket.disconnect(true);
        },
        (err: unknown) => {
          if (isDatabaseUnavailable(err)) {
            deps.log.warn({ err }, 'realtime: database unavailable at subscribe');
            ack(failure(ErrorCode.Unavailable, DATABASE_UNAVAILABLE));
            return;
          }
          deps.log.error({ err }, 'realtime: subscribe failed');
          ack(failure(ErrorCode.Internal, 'Unknown error'));
        },
      );
    });

    socket.on('unsubscribe', (request, ack) => {
      const answer = unsubscribe(socket, request);
      if (typeof ack === 'function') ack(answer);
    });
  });
}

async function subscribe(socket: RealtimeSocket, input: unknown, deps: Deps): Promise<SubscribeAck> {
  const parsed = subscribeRequest.safeParse(input);
  if (!parsed.success) return failure(ErrorCode.Validation, 'Expected { room, since? }');
  const { room, since } = parsed.data;

  // socket.rooms also holds the socket's own id room.
  if (!socket.rooms.has(room) && socket.rooms.size > REALTIME_MAX_ROOMS_PER_SOCKET) {
    return failure(ErrorCode.Forbidden, `At most ${REALTIME_MAX_ROOMS_PER_SOCKET} rooms per connection`);
  }
  const { userId, actorId } = socket.data;
  const claims: AccessClaims = actorId ? { userId, actorId } : { userId };
  if (!(await accountsExist(deps.db, claims))) {
    return failure(ErrorCode.Unauthenticated, 'This account no longer exists');
  }
  if (!(await deps.policies.canJoin(userId, room, deps.db))) {
    return failure(ErrorCode.Forbidden, 'Not allowed to join this room');
  }
  if (!socket.connected) return failure(ErrorCode.Unauthenticated, 'Disconnected');

  // Join before reading: a record committed after the read is then pushed live, one committed
  // before is in the answer; the client drops the overlap by seq.
  await socket.join(room);
  if (since === undefined) {
    const last = await findLastRecord(deps.db, room);
    return {
      ok: true,
      missed: [],
      more: false,
      lastSeq: last.seq,
      truncated: false,
      lastRecordAgeMs: last.ageMs,
    };
  }
  const { records, lastSeq } = await findRecordsAfter(deps.db, room, since, REALTIME_CATCH_UP_LIMIT + 1);
  const missed = records.slice(0, REALTIME_CATCH_UP_LIMIT);
  const first = missed[0];
  const last = missed.at(-1);
  if (first && last) {
    const more = records.length > REALTIME_CATCH_UP_LIMIT;
    return { ok: true, missed, more, lastSeq: last.seq, truncated: first.seq > since + 1 };
  }
  // Nothing after since; a since beyond the room's end means the client knew another database.
  return { ok: true, missed, more: false, lastSeq: Math.min(since, lastSeq), truncated: since > lastSeq };
}

function unsubscribe(socket: RealtimeSocket, input: unknown): UnsubscribeAck {
  const parsed = unsubscribeRequest.safeParse(input);
  if (!parsed.success) return failure(ErrorCode.Validation, 'Expected { room }');
  // The own user room stays joined for the life of the connection (see 'connection').
  if (parsed.data.room !== realtimeRoom.user(socket.data.userId)) void socket.leave(parsed.data.room);
  return { ok: true };
}
