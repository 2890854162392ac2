import {
  type ClientToServerEvents,
  REALTIME_PATH,
  type RealtimeRecord,
  type ServerToClientEvents,
  type SubscribeAck,
} from '@foyer/contract';
import type { Kysely } from 'kysely';
import { io, type Socket } from 'socket.io-client';
import { createTestApp, type TestApp } from '../../test/helper';
import type { DB } from '../db/schema';
import { insertUser } from '../features/user/user.repository';
import { signAccessToken } from '../http/auth';
import { insertRecord } from './realtime.repository';

/** Test-only: a real listening server and real socket.io clients for the realtime tests. */

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export interface Listening extends TestApp {
  url: string;
  port: number;
}

export async function listen(
  options: { port?: number; env?: Record<string, string> } = {},
): Promise<Listening> {
  const t = await createTestApp(options.env ? { env: options.env } : {});
  await t.app.listen({ port: options.port ?? 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no TCP address');
  return { ...t, port: address.port, url: `http://127.0.0.1:${address.port}` };
}

let userCount = 0;
export async function makeUser(t: TestApp): Promise<{ id: number; token: string }> {
  userCount++;
  const user = await insertUser(t.ctx.db, {
    username: `rt${userCount}-${Date.now()}@foyer.test`,
    name: 'Real',
    surname: `Time${userCount}`,
    passwordHash: null,
  });
  return { id: user.id, token: await signAccessToken(t.ctx.config.jwtSecret, { userId: user.id }) };
}

export async function makeEvent(db: Kysely<DB>): Promise<number> {
  const start = new Date('2030-01-01T09:00:00Z');
  const event = await db
    .insertInto('events')
    .values({
      name: 'Realtime test event',
      event_type: 'online',
      registration_form: JSON.stringify([]),
      start_date: start,
      real_sdt: start,
      real_edt: new Date('2030-01-02T18:00:00Z'),
      images: JSON.stringify({}),
      colors: JSON.stringify({}),
      pages: JSON.stringify({}),
      tabs: JSON.stringify([]),
      limit_tabs: null,
      tabs_config: null,
      translation: JSON.stringify({}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return event.id;
}

export async function addParticipant(
  db: Kysely<DB>,
  eventId: number,
  userId: number,
  state: 'active' | 'deleted' = 'active',
): Promise<void> {
  await db
    .insertInto('participants')
    .values({
      event_id: eventId,
      user_id: userId,
      email: `p${userId}-${eventId}@foyer.test`,
      name: 'P',
      surname: String(userId),
      rights: JSON.stringify({}),
      fields: JSON.stringify({}),
      state,
      present: null,
    })
    .execute();
}

/** Writes records without pushing them, as another process would while this one is down. */
export async function writeRecords(
  db: Kysely<DB>,
  room: string,
  payloads: unknown[],
): Promise<RealtimeRecord[]> {
  return db.transaction().execute(async (trx) => {
    const records: RealtimeRecord[] = [];
    for (const payload of payloads) records.push(await insertRecord(trx, { room, type: 'test', payload }));
    return records;
  });
}

/** A connected client, plus the records it received in order. */
export interface TestClient {
  socket: ClientSocket;
  records: RealtimeRecord[];
  /** Resolves once `count` records were received in total. */
  waitForRecords(count: number, timeoutMs?: number): Promise<RealtimeRecord[]>;
  subscribe(room: string, since?: number): Promise<SubscribeAck>;
}

export function client(url: string, token: string | undefined, options: { reconnection?: boolean } = {}) {
  const socket: ClientSocket = io(url, {
    path: REALTIME_PATH,
    transports: ['websocket'],
    auth: token === undefined ? {} : { token },
    reconnection: options.reconnection ?? false,
    reconnectionDelay: 50,
    reconnectionDelayMax: 200,
    forceNew: true,
  });
  const records: RealtimeRecord[] = [];
  const waiters: (() => void)[] = [];
  socket.on('record', (record) => {
    records.push(record);
    for (const w of waiters.splice(0)) w();
  });
  const test: TestClient = {
    socket,
    records,
    waitForRecords(count, timeoutMs = 5_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`expected ${count} records, got ${records.length}`)),
          timeoutMs,
        );
        const check = () => {
          if (records.length >= count) {
            clearTimeout(timer);
            resolve(records.slice());
          } else {
            waiters.push(check);
          }
        };
        check();
      });
    },
    subscribe(room, since) {
      return socket.timeout(5_000).emitWithAck('subscribe', since === undefined ? { room } : { room, since });
    },
  };
  return test;
}

export async function connected(url: string, token: string, options: { reconnection?: boolean } = {}) {
  const c = client(url, token, options);
  await onceConnected(c.socket);
  return c;
}

export function onceConnected(socket: ClientSocket, timeoutMs = 5_000): Promise<void> {
  if (socket.connected) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('not connected in time')), timeoutMs);
    socket.once('connect', () => {
      clearTimeout(timer);
      resolve();
    });
    socket.once('connect_error', (err) => {
      if (socket.active) return;
      clearTimeout(timer);
      reject(err);
    });
  });
}

/** Lets in-flight pushes land, for tests that assert something did NOT arrive. */
export const settle = (ms = 150) => new Promise((r) => setTimeout(r, ms));
