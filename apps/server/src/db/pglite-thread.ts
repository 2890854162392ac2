/**
 * Embedded PGlite in a worker thread. PGlite executes SQL synchronously in WebAssembly: in the server's
 * thread a 200 ms query is 200 ms in which no socket is served. Here the worker owns the database and
 * the server's thread only posts statements and awaits the rows (bench/pglite-thread.ts measures both).
 * Types arrive as PGlite parses them (Date, number, JSON values, arrays, Uint8Array survive structured
 * clone); errors keep their PostgreSQL fields (code, constraint, detail...).
 */
import { Worker } from 'node:worker_threads';
import type { PgliteConnection } from './pglite-dialect';
import { type FromWorker, type PgliteWorkerData, reviveError, type ToWorker } from './pglite-protocol';

export interface PgliteThread extends PgliteConnection {
  readonly threadId: number;
  /** Closes PGlite (its data directory is consistent afterwards) and ends the thread. */
  close(): Promise<void>;
}

interface Waiter {
  resolve(message: FromWorker): void;
  reject(error: Error): void;
}

export async function startPgliteThread(dataDir: string | null): Promise<PgliteThread> {
  const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
    workerData: { pgliteWorker: true, dataDir } satisfies PgliteWorkerData,
  });
  const waiting = new Map<number, Waiter>();
  let nextId = 1;
  let stopped: Error | null = null;

  // Like a socket: the thread keeps the process alive only while a statement is on its way.
  const settle = (id: number) => {
    waiting.delete(id);
    if (waiting.size === 0) worker.unref();
  };
  const stop = (error: Error) => {
    stopped ??= error;
    for (const waiter of waiting.values()) waiter.reject(error);
    waiting.clear();
  };
  worker.on('message', (message: FromWorker) => {
    const waiter = waiting.get(message.id);
    if (!waiter) return;
    settle(message.id);
    waiter.resolve(message);
  });
  worker.on('error', (error) => stop(error));
  worker.on('exit', (code) => stop(new Error(`The PGlite worker thread has stopped (exit code ${code})`)));

  const send = (message: ToWorker): Promise<FromWorker> =>
    new Promise((resolve, reject) => {
      if (stopped) return reject(stopped);
      if (waiting.size === 0) worker.ref();
      waiting.set(message.id, { resolve, reject });
      try {
        worker.postMessage(message);
      } catch (error) {
        // A parameter structured clone cannot copy (a function, a symbol): this statement fails.
        settle(message.id);
        reject(error);
      }
    });
  const answer = async (message: ToWorker) => {
    const reply = await send(message);
    if ('error' in reply) throw reviveError(reply.error);
    return reply;
  };

  // Message 0 is the start-up: PGlite is open in the worker (or failed to open).
  const started = new Promise<FromWorker>((resolve, reject) => waiting.set(0, { resolve, reject }));
  const startup = await started.catch(async (error: unknown) => {
    await worker.terminate();
    throw error;
  });
  if ('error' in startup) {
    await worker.terminate();
    throw reviveError(startup.error);
  }

  return {
    threadId: worker.threadId,
    async query(sql, params) {
      const reply = await answer({ id: nextId++, sql, params });
      return 'rows' in reply ? reply : { rows: [], affectedRows: 0 };
    },
    async close() {
      if (stopped) return;
      try {
        await answer({ id: nextId++, close: true });
      } finally {
        stopped ??= new Error('The PGlite worker thread is closed');
        await worker.terminate();
      }
    },
  };
}
