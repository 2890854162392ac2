import { createServer, connect as netConnect, type Socket } from 'node:net';

/**
 * A TCP proxy on loopback in front of a real service (Redis), so a test can take "Redis" away from
 * the app under test without touching the machine's Redis:
 * - `hang()`: connections stay open but nothing gets through (a stalled server or network);
 * - `cut()`: connections are closed and new ones are refused at once (Redis down);
 * - `restore()`: traffic flows again (hung connections are dropped, so clients reconnect cleanly).
 */
export interface TcpProxy {
  /** redis://127.0.0.1:<proxy port>, with the target's path (database) kept. */
  url: string;
  hang(): void;
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

type Mode = 'open' | 'hung' | 'cut';

export async function startTcpProxy(targetUrl: string): Promise<TcpProxy> {
  const target = new URL(targetUrl);
  const targetPort = Number(target.port || 6379);
  let mode: Mode = 'open';
  const pairs = new Set<[Socket, Socket]>();
  const server = createServer((client) => {
    if (mode === 'cut') {
      client.destroy();
      return;
    }
    const upstream = netConnect(targetPort, target.hostname);
    const pair: [Socket, Socket] = [client, upstream];
    pairs.add(pair);
    const drop = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('data', (chunk) => {
      if (mode === 'open') upstream.write(chunk);
    });
    upstream.on('data', (chunk) => {
      if (mode === 'open') client.write(chunk);
    });
    for (const socket of pair) {
      socket.on('error', drop);
      socket.on('close', drop);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no TCP address');
  const dropAll = () => {
    for (const [client, upstream] of pairs) {
      client.destroy();
      upstream.destroy();
    }
    pairs.clear();
  };
  return {
    url: `redis://127.0.0.1:${address.port}${target.pathname}`,
    hang() {
      mode = 'hung';
    },
    cut() {
      mode = 'cut';
      dropAll();
    },
    restore() {
      // Bytes swallowed while hung would leave a connection mid-reply: start over.
      if (mode === 'hung') dropAll();
      mode = 'open';
    },
    async close() {
      mode = 'cut';
      dropAll();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
