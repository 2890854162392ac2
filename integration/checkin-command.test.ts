import { type CheckInCommand, ErrorCode } from '@foyer/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { doorApi } from '../apps/server/src/features/checkin/checkin.fixtures';
import { type Listening, listen } from '../apps/server/src/realtime/realtime.fixtures';
import type { Person } from '../apps/server/test/factories';
// The web app's own code, exercised here against the real server (it has no DOM dependency).
import { awaitCheckInCommand, CommandFailed } from '../apps/web/src/features/checkin/api/command';
import { connectRealtime, type RealtimeClient } from '../apps/web/src/lib/realtime';

const servers: Listening[] = [];
const clients: RealtimeClient[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) c.close();
  for (const s of servers.splice(0)) await s.close();
});

async function start() {
  const server = await listen();
  server.setNow(new Date('2030-05-01T12:00:00Z')); // the door fixtures' event runs that day
  servers.push(server);
  return { server, door: doorApi(server) };
}

const tokenOf = (who: Person) => who.headers.authorization.replace(/^Bearer /, '');

/** The check-in call as a device asking for the asynchronous form sends it. */
async function sendAsync(
  server: Listening,
  who: Person,
  body: Record<string, unknown>,
): Promise<CheckInCommand> {
  const res = await fetch(`${server.url}/api/v1/event/participant/checkIn`, {
    method: 'POST',
    headers: { ...who.headers, 'content-type': 'application/json', prefer: 'respond-async' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(202);
  return ((await res.json()) as { data: CheckInCommand }).data;
}

function reader(server: Listening, who: Person, eventId: number, commandId: string) {
  return async (): Promise<CheckInCommand> => {
    const res = await fetch(
      `${server.url}/api/v1/event/participant/checkIn/command?eventId=${eventId}&commandId=${commandId}`,
      { headers: who.headers },
    );
    return ((await res.json()) as { data: CheckInCommand }).data;
  };
}

describe('web check-in commands against the real server', () => {
  it('E4.78 the client waits for the record that says the command was executed, then resolves with its result', async () => {
    const { server, door } = await start();
    const { event, staff, ticketId } = await door.setup();
    const client = connectRealtime(async () => tokenOf(staff), { url: server.url, ackTimeoutMs: 3_000 });
    clients.push(client);
    let reads = 0;
    const command = await sendAsync(server, staff, { eventId: event.id, ticketId, checkIn: true });
    const read = reader(server, staff, event.id, command.commandId);
    expect(command.executed).toBe(false);
    const result = await awaitCheckInCommand(command, {
      userId: staff.userId,
      client,
      timeoutMs: 10_000,
      read: () => {
        reads += 1;
        return read();
      },
    });
    expect(result).toMatchObject({ outcome: 'checkedIn', person: { fullName: 'Grace Hopper' } });
    expect(await door.counted(event.id)).toEqual({ used: 1, inside: 1 });
    // The record settled it: the one read was the room's first answer (`onReady`), not polling.
    expect(reads).toBeLessThanOrEqual(1);
  });

  it('E4.79 the client fails with the error the record holds', async () => {
    const { server, door } = await start();
    const { event, staff } = await door.setup();
    const client = connectRealtime(async () => tokenOf(staff), { url: server.url, ackTimeoutMs: 3_000 });
    clients.push(client);
    const command = await sendAsync(server, staff, {
      eventId: event.id,
      ticketId: 'NO-SUCH-1',
      checkIn: true,
    });
    const outcome = await awaitCheckInCommand(command, {
      userId: staff.userId,
      client,
      timeoutMs: 10_000,
      read: reader(server, staff, event.id, command.commandId),
    }).catch((error: unknown) => error);
    expect(outcome).toBeInstanceOf(CommandFailed);
    expect(outcome).toMatchObject({ code: ErrorCode.NotFound, message: 'Ticket not found' });
  });

  it('E4.78 without a socket the command is read over HTTP until it was executed', async () => {
    const { server, door } = await start();
    const { event, staff, ticketId } = await door.setup();
    const command = await sendAsync(server, staff, { eventId: event.id, ticketId, checkIn: true });
    const result = await awaitCheckInCommand(command, {
      userId: staff.userId,
      client: null,
      timeoutMs: 10_000,
      pollMs: 50,
      read: reader(server, staff, event.id, command.commandId),
    });
    expect(result.outcome).toBe('checkedIn');
  });
});
