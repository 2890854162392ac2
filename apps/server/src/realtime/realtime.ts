import type { Server as HttpServer } from 'node:http';
import { REALTIME_PATH, REALTIME_RETENTION_MS, type RealtimeRecord, realtimeRoom } from '@foyer/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { Server } from 'socket.io';
import type { Config } from '../config';
import type { DatabaseKind } from '../db/database';
import type { DB } from '../db/schema';
import type { Bus } from '../events/bus';
import { defineProcessor } from '../events/bus.handlers';
import { connectRedisAdapter, type RedisAdapter } from './realtime.adapter';
import { attachHandlers, type RealtimeServer } from './realtime.handlers';
import { builtInPolicies, type RoomPolicy } from './realtime.policy';
import {
  deleteRecordsBefore,
  insertRecord,
  insertRecords,
  lockRooms,
  type RecordInput,
} from './realtime.repository';

export type { RealtimeRecord } from '@foyer/contract';
export type { RoomPolicy } from './realtime.policy';

/**
 * The realtime service features publish through (`app.realtime`). Every record is written to
 * `realtime_events` before it is pushed, so a client that was away catches up from the database.
 */
export interface Realtime {
  /**
   * Writes the record and pushes it to everyone in `room` once it is committed.
   * - Without `trx`: its own short transaction, pushed right after. Do not call it this way while
   *   holding a transaction (PGlite has one connection: that deadlocks); pass the `trx` instead.
   * - With `trx`: written inside the caller's transaction and pushed only after that transaction
   *   commits (never if it rolls back). Nothing to call afterwards.
   */
  publish<P>(room: string, type: string, payload: P, trx?: Transaction<DB>): Promise<RealtimeRecord<P>>;
  /**
   * `publish` of one record to each of several rooms, in the caller's transaction, written in one
   * statement (a chat message and its room's meta): as cheap as one record where statements cost
   * more than rows (PGlite). The rooms must differ.
   */
  publishAll(records: readonly RecordInput[], trx: Transaction<DB>): Promise<RealtimeRecord[]>;
  /**
   * Takes the rooms' turn in `trx` now rather than at its first publish there: a record it publishes
   * later follows every record of those rooms committed before this returns, and what `trx` reads
   * afterwards sees those transactions (read committed). For a payload computed from rows that other
   * transactions change (a user's notification counts): read after the turn, it is never older than
   * a record pushed before it. Held until `trx` ends.
   */
  lockRooms(rooms: readonly string[], trx: Transaction<DB>): Promise<void>;
  /**
   * Resolves once the records published in `trx` have been pushed (or it rolled back). Await it
   * after the transaction, never inside it; for a caller whose answer should follow the push.
   */
  pushed(trx: Transaction<DB>): Promise<void>;
  /** Who may join rooms matching `pattern` (e.g. RoomPattern.ChatMessages); unknown rooms are denied. */
  registerRoomPolicy(pattern: string, policy: RoomPolicy): void;
  hasRoomPolicy(pattern: string): boolean;
  /**
   * Ends every connection of the user, on every process (each sits in its own userRooms feed), for
   * good: the client is not told to reconnect. For a deleted account.
   */
  disconnectUser(userId: number): void;
  /**
   * Deletes records older than the retention period (but each room's newest); returns how many.
   * Runs hourly by itself.
   */
  cleanup(now?: Date): Promise<number>;
  /** Drops the connections (clients reconnect elsewhere or later and catch up) and the Redis link. */
  close(): Promise<void>;
  readonly io: RealtimeServer;
}

/** How often the app's scheduler runs `cleanup` (app.ts). */
export const REALTIME_CLEANUP_EVERY_MS = 60 * 60 * 1000;

export async function createRealtime(
  httpServer: HttpServer,
  deps: {
    config: Config;
    db: Kysely<DB>;
    /** PGlite is one connection: records need no room lock there. */
    dbKind?: DatabaseKind;
    now(): Date;
    log: FastifyBaseLogger;
    bus: Bus;
  },
): Promise<Realtime> {
  const { db, log, bus } = deps;
  const lockless = { oneConnection: deps.dbKind === 'pglite' };
  const redis: RedisAdapter | null = deps.config.redisUrl
    ? await connectRedisAdapter(
        { url: deps.config.redisUrl, prefix: deps.config.redisPrefix, jwtSecret: deps.config.jwtSecret },
        log,
      )
    : null;
  const io: RealtimeServer = new Server(httpServer, {
    path: REALTIME_PATH,
    serveClient: false,
    // Clients send only small subscribe requests; what the server pushes is not limited by this.
    maxHttpBufferSize: 64 * 1024,
    ...(redis ? { adapter: redis.adapter } : {}),
  });
  const policies = builtInPolicies();
  attachHandlers(io, { db, jwtSecret: deps.config.jwtSecret, policies, log });

  let closed = false;
  const emit = (record: RealtimeRecord) => {
    if (!closed) io.to(record.room).emit('record', record);
  };

  // The one after-commit mechanism is the event bus's: a record written in a caller's transaction is
  // announced by a transient `realtime.push` event of that transaction, and this processor pushes it
  // once the transaction committed (never if it rolled back).
  bus.register(
    defineProcessor({
      name: 'realtime',
      events: ['realtime.push'],
      handle(event) {
        for (const record of event.records) emit(record);
      },
    }),
  );
  // People removed from an event: their connections end on every process (through their user
  // rooms). Their client connects again with its token, and the event's rooms then refuse it; a
  // socket left in them would go on hearing the event. Each room's membership is per socket, so
  // ending the connection is the one way that reaches every process's sockets of theirs.
  bus.register(
    defineProcessor({
      name: 'realtime.removed',
      events: ['participants.removed'],
      handle(event) {
        for (const userId of event.userIds) io.in(realtimeRoom.user(userId)).disconnectSockets(true);
      },
    }),
  );

  async function publish<P>(
    room: string,
    type: string,
    payload: P,
    trx?: Transaction<DB>,
  ): Promise<RealtimeRecord<P>> {
    if (!trx) {
      const record = await db
        .transaction()
        .execute((t) => insertRecord(t, { room, type, payload }, lockless));
      emit(record);
      return record as RealtimeRecord<P>;
    }
    const [record] = await publishAll([{ room, type, payload }], trx);
    return record as RealtimeRecord<P>;
  }

  async function publishAll(inputs: readonly RecordInput[], trx: Transaction<DB>): Promise<RealtimeRecord[]> {
    const records = await insertRecords(trx, inputs, lockless);
    await bus.emit({ type: 'realtime.push', eventId: 0, records }, trx);
    return records;
  }

  const cleanup = (now = deps.now()) =>
    deleteRecordsBefore(db, new Date(now.getTime() - REALTIME_RETENTION_MS));

  return {
    io,
    publish,
    publishAll,
    lockRooms: (rooms, trx) => lockRooms(trx, rooms, lockless),
    pushed: (trx) => bus.settled(trx),
    registerRoomPolicy: (pattern, policy) => policies.register(pattern, policy),
    hasRoomPolicy: (pattern) => policies.has(pattern),
    disconnectUser: (userId) => io.in(realtimeRoom.user(userId)).disconnectSockets(true),
    cleanup,
    async close() {
      if (closed) return;
      closed = true;
      // Closing the transports (not disconnecting the sockets) makes clients reconnect by themselves,
      // so a restart or deploy is invisible to them apart from the catch-up.
      io.engine.close();
      await Promise.allSettled([...io._nsps.values()].map((nsp) => nsp.adapter.close()));
      await redis?.close();
    },
  };
}
