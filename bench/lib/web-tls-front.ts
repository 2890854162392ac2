import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { waitUntil } from '../../e2e/lib/app-process';
import {
  findHaproxy,
  freePorts,
  HEALTH_PATH,
  haproxyConfig,
  startHaproxy,
  stopProcess,
} from './scaleout-cluster';

/** The Chromium flag a page behind the front's throw-away certificate needs. */
export const TLS_FRONT_CHROMIUM_FLAG = '--ignore-certificate-errors';

export interface TlsFront {
  /** https://localhost:PORT */
  baseURL: string;
  stop(): Promise<void>;
}

function hasOpenssl(): boolean {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** GET over TLS accepting the throw-away certificate: the status, or 0 when nothing answered. */
function statusOf(url: string): Promise<number> {
  return new Promise((resolve) => {
    const req = request(url, { rejectUnauthorized: false }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', () => resolve(0));
    req.end();
  });
}

/** Whether this machine has what the front needs (haproxy and openssl). */
export function tlsFrontAvailable(): boolean {
  return findHaproxy() !== null && hasOpenssl();
}

/**
 * The app at `appBaseURL` behind HAProxy as docs/deploy.md deploys it: TLS terminated there, HTTP/2
 * offered to browsers (`alpn h2,http/1.1`), HTTP/1.1 to the process. The certificate is a
 * throw-away one made with openssl (browsers need TLS_FRONT_CHROMIUM_FLAG). Null, with the reason on
 * stderr, when haproxy or openssl is not installed.
 */
export async function startTlsFront(appBaseURL: string): Promise<TlsFront | null> {
  const haproxy = findHaproxy();
  if (!haproxy || !hasOpenssl()) {
    console.error(
      'no haproxy or openssl: the TLS and HTTP/2 front is skipped (apt-get install haproxy openssl)',
    );
    return null;
  }
  const dir = mkdtempSync(join(tmpdir(), 'foyer-tls-front-'));
  const key = join(dir, 'key.pem');
  const cert = join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  );
  const pem = join(dir, 'front.pem');
  writeFileSync(pem, readFileSync(cert, 'utf8') + readFileSync(key, 'utf8'));
  const [port] = await freePorts(1);
  const app = new URL(appBaseURL);
  const child = startHaproxy(
    haproxy,
    haproxyConfig({
      bind: `127.0.0.1:${port} ssl crt ${pem} alpn h2,http/1.1`,
      servers: [{ name: 'app1', address: `${app.hostname}:${app.port}` }],
      maxconn: 1000,
    }),
    dir,
  );
  const baseURL = `https://localhost:${port}`;
  const stop = async () => {
    await stopProcess(child);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitUntil('the TLS front', async () => (await statusOf(`${baseURL}${HEALTH_PATH}`)) === 200, child);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseURL, stop };
}
