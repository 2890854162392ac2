import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startAppProcess } from './app-process';

export interface AppServer {
  baseURL: string;
  stop(): Promise<void>;
}

function listen(server: Server): Promise<number> {
  return new Promise((ok) => server.listen(0, '127.0.0.1', () => ok((server.address() as AddressInfo).port)));
}

/**
 * A second app process beside the shared one, for tests that need other configuration (SENTRY_DSN):
 * the same built SPA, an empty PGlite without the demo seed, no mail.
 */
export async function startAppServer(env: Record<string, string>): Promise<AppServer> {
  const { baseURL, stop } = await startAppProcess({ env });
  return { baseURL, stop };
}

export interface FakeSentry {
  /** A DSN whose host is this server. */
  dsn: string;
  /** The envelopes received, as text. */
  envelopes: string[];
  /** Resolves with the first envelope that contains `text`. */
  waitForEnvelope(text: string): Promise<string>;
  stop(): Promise<void>;
}

/**
 * Stands in for Sentry's ingestion host on loopback (the real one is outside this machine). Answers
 * like Sentry does: 200 with CORS headers, so the browser SDK can read the status.
 */
export async function startFakeSentry(): Promise<FakeSentry> {
  const envelopes: string[] = [];
  const waiters: { text: string; resolve(envelope: string): void }[] = [];
  const read = (req: IncomingMessage) =>
    new Promise<string>((ok) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => ok(Buffer.concat(chunks).toString('utf8')));
    });
  const server = createServer(async (req, res) => {
    res.setHeader('access-control-allow-origin', '*');
    res.setHeader('access-control-allow-headers', '*');
    if (req.method === 'OPTIONS') {
      res.writeHead(204).end();
      return;
    }
    const body = await read(req);
    if (req.url?.startsWith('/api/1/envelope/')) {
      envelopes.push(body);
      for (const waiter of waiters.filter((w) => body.includes(w.text))) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(body);
      }
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
  const port = await listen(server);
  return {
    dsn: `http://publickey@127.0.0.1:${port}/1`,
    envelopes,
    waitForEnvelope(text) {
      const found = envelopes.find((e) => e.includes(text));
      if (found) return Promise.resolve(found);
      return new Promise((resolveEnvelope) => waiters.push({ text, resolve: resolveEnvelope }));
    },
    stop: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}
