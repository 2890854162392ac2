import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { exited, killServerProcesses, startServerProcess } from '../test/server-process';
import { waitFor } from '../test/smtp';

/**
 * A stop (SIGTERM) ends the process: at once when nothing is in flight, after SHUTDOWN_GRACE_MS
 * when a request never ends (here a body that stops coming), instead of waiting for it for ever.
 */
const dirs: string[] = [];
afterEach(() => {
  killServerProcesses();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'foyer-stop-'));
  dirs.push(dir);
  return dir;
}

describe('stopping the server', () => {
  it('exits with 0 on SIGTERM when no request is in flight', async () => {
    const server = await startServerProcess({ DATA_DIR: dataDir(), SEED_DEMO: 'false' });
    server.process.kill('SIGTERM');
    await exited(server.process);
    expect(server.process.exitCode).toBe(0);
  }, 120_000);

  it('ends a request that never finishes once the grace is over, and exits with 1', async () => {
    const server = await startServerProcess(
      { DATA_DIR: dataDir(), SEED_DEMO: 'false', SHUTDOWN_GRACE_MS: '300', LOG_LEVEL: 'warn' },
      { output: 'pipe' },
    );
    const { port } = new URL(server.url);
    const socket = connect(Number(port), '127.0.0.1');
    let received = '';
    let closed = false;
    socket.setEncoding('utf8').on('data', (chunk: string) => {
      received += chunk;
    });
    socket.on('close', () => {
      closed = true;
    });
    // A login whose body promises 100 bytes and sends 5: the server has the request (it answered
    // "100 Continue") and waits for the rest.
    socket.write(
      'POST /api/v1/auth/login HTTP/1.1\r\nHost: foyer.test\r\nContent-Type: application/json\r\n' +
        'Content-Length: 100\r\nExpect: 100-continue\r\n\r\n',
    );
    await waitFor(() => received.includes('100 Continue'), 10_000, 'the server to take the request');
    socket.write('{"use');

    server.process.kill('SIGTERM');
    await exited(server.process);
    expect(server.process.exitCode).toBe(1);
    expect(server.output()).toContain('requests still in flight after 300 ms');
    await waitFor(() => closed, 10_000, 'the held connection to be ended');
    expect(received).not.toContain('200 OK');
  }, 120_000);
});
