import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { makeUser } from '../../test/factories';
import { type Listening, listen } from '../realtime/realtime.fixtures';

/** Resolves once the server has received a request (it is running, not yet answered). */
const nextRequest = (server: Listening) =>
  new Promise<void>((resolve) => server.app.server.once('request', () => resolve()));

it('a server closing while a request runs answers it, then ends its connection and closes', async () => {
  const server = await listen();
  let closed = false;
  try {
    const ada = await makeUser(server.ctx);
    // The users table locked: the profile's read waits until the lock is let go.
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked = () => {};
    const holding = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const lock = server.ctx.db.transaction().execute(async (trx) => {
      await sql`LOCK TABLE users IN ACCESS EXCLUSIVE MODE`.execute(trx);
      locked();
      await released;
    });
    await holding;
    const received = nextRequest(server);
    // fetch keeps its connection alive for the server's keep-alive hint (72 s here) after the answer.
    const answer = fetch(`${server.url}/api/v1/user/profile`, { headers: ada.headers });
    await received;
    const closing = server.app.close().then(() => {
      closed = true;
    });
    release();
    await lock;
    const res = await answer;
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: { id: number } }).data.id).toBe(ada.id);
    // Without ending the connection once it is idle, this waits until fetch lets it go (~71 s).
    await closing;
    expect(closed).toBe(true);
    expect(server.app.server.listening).toBe(false);
  } finally {
    if (!closed) await server.close();
  }
});
