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
