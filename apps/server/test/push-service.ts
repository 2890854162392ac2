/// <reference path="./http-ece.d.ts" />
import { createECDH, createPublicKey, type ECDH, randomBytes, verify } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import ece from 'http_ece';

/** One message as the push service received it, decrypted with the browser's keys. */
export interface ReceivedPush {
  /** The subscription's path on this service. */
  path: string;
  ttl: string | undefined;
  topic: string | undefined;
  /** The VAPID JWT's claims, its signature checked against the `k=` key it came with. */
  vapid: { aud: string; sub: string; exp: number; publicKey: string };
  payload: unknown;
}

/** A browser as a push service knows it: its endpoint and the keys it gave the server. */
export interface FakeBrowser {
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  ecdh: ECDH;
  auth: Buffer;
}

/**
 * A Web Push service on loopback (RFC 8030 receiving end): takes the server's POSTs to subscription
 * endpoints, checks the VAPID signature (RFC 8292) and decrypts the aes128gcm payload (RFC 8291)
 * with the keys of the browser it made the subscription for. `status` sets what it answers next
 * (201, or 410 for a subscription that is gone, 503 for "try later").
 */
export async function startPushService() {
  const browsers = new Map<string, FakeBrowser>();
  const received: ReceivedPush[] = [];
  const waiters: (() => void)[] = [];
  const statuses: number[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '';
      const browser = browsers.get(path);
      const status = statuses.shift() ?? 201;
      if (!browser || status !== 201) {
        response.writeHead(browser ? status : 404).end();
        return;
      }
      try {
        const vapid = checkVapid(String(request.headers.authorization ?? ''));
        const plain = ece.decrypt(Buffer.concat(chunks), {
          version: 'aes128gcm',
          privateKey: browser.ecdh,
          authSecret: browser.auth.toString('base64url'),
        });
        received.push({
          path,
          ttl: request.headers.ttl as string | undefined,
          topic: request.headers.topic as string | undefined,
          vapid,
          payload: JSON.parse(plain.toString('utf8')),
        });
        response.writeHead(201).end();
      } catch (error) {
        response.writeHead(400).end(String(error));
      }
      for (const wake of waiters.splice(0)) wake();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    /** A new browser: the subscription its pushManager.subscribe() would have given. */
    browser(): FakeBrowser {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const path = `/push/${randomBytes(8).toString('hex')}`;
      const made: FakeBrowser = {
        subscription: {
          endpoint: `${origin}${path}`,
          keys: { p256dh: ecdh.getPublicKey('base64url'), auth: auth.toString('base64url') },
        },
        ecdh,
        auth,
      };
      browsers.set(path, made);
      return made;
    },
    /** What to answer to the next POSTs, in order (then 201 again). */
    answer(...codes: number[]) {
      statuses.push(...codes);
    },
    /** Resolves once `count` pushes arrived in all (or rejects after `ms`). */
    async waitFor(count: number, ms = 10_000): Promise<ReceivedPush[]> {
      const deadline = Date.now() + ms;
      while (received.length < count) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`push service: ${received.length} of ${count} pushes arrived`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return received.slice(0, count);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** `vapid t=<jwt>, k=<public key>`: the JWT's ES256 signature must verify with k. */
function checkVapid(header: string): ReceivedPush['vapid'] {
  const t = /t=([^,\s]+)/.exec(header)?.[1];
  const k = /k=([^,\s]+)/.exec(header)?.[1];
  if (!header.startsWith('vapid ') || !t || !k) throw new Error('no VAPID authorization');
  const [head, body, signature] = t.split('.');
  if (!head || !body || !signature) throw new Error('malformed JWT');
  const point = Buffer.from(k, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const ok = verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!ok) throw new Error('VAPID signature does not verify');
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as {
    aud: string;
    sub: string;
    exp: number;
  };
  return { ...claims, publicKey: k };
}

export type PushService = Awaited<ReturnType<typeof startPushService>>;
