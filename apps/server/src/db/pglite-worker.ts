/**
 * The database worker thread: owns the embedded PGlite and answers the queries pglite-thread.ts
 * sends, so that PGlite's CPU time (it runs synchronously, in WebAssembly) never blocks the server's
 * event loop. Started through pglite-worker.mjs.
 */
import { type MessagePort, parentPort, workerData } from 'node:worker_threads';
import type { PGlite } from '@electric-sql/pglite';
import { createPglite } from './pglite-open';
import { type FromWorker, type PgliteWorkerData, serializeError, type ToWorker } from './pglite-protocol';

function serve(port: MessagePort, pglite: PGlite): void {
  const running = new Set<Promise<unknown>>();
  const reply = (message: FromWorker) => {
    try {
      port.postMessage(message);
    } catch (error) {
      // A value structured clone cannot copy (none of PGlite's parsers returns one): the query fails.
      port.postMessage({ id: message.id, error: serializeError(error) } satisfies FromWorker);
    }
  };
  port.on('message', (message: ToWorker) => {
    if ('close' in message) {
      void Promise.allSettled(running)
        .then(() => pglite.close())
        .then(
          () => reply({ id: message.id, done: true }),
          (error: unknown) => reply({ id: message.id, error: serializeError(error) }),
        );
      return;
    }
    // PGlite runs one statement at a time; the pool of pglite-dialect.ts already sends them one by one.
    const query = pglite.query(message.sql, message.params, { rowMode: 'object' }).then(
      (result) => reply({ id: message.id, rows: result.rows, affectedRows: result.affectedRows ?? 0 }),
      (error: unknown) => reply({ id: message.id, error: serializeError(error) }),
    );
    running.add(query);
    void query.finally(() => running.delete(query));
  });
}

const data = workerData as PgliteWorkerData | null;
if (parentPort && data?.pgliteWorker) {
  const port = parentPort;
  try {
    serve(port, await createPglite(data.dataDir));
    port.postMessage({ id: 0, done: true } satisfies FromWorker);
  } catch (error) {
    port.postMessage({ id: 0, error: serializeError(error) } satisfies FromWorker);
    port.close();
  }
}
