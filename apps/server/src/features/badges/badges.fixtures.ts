import { spawn } from 'node:child_process';
import { connect, createServer, type Server, type Socket } from 'node:net';
import type {
  BadgePrintAnswer,
  BadgeTemplate,
  BadgeTemplateInput,
  Printer,
  PrinterInput,
} from '@foyer/contract';
import { expect } from 'vitest';
import { makeEvent, makePerson, type Person } from '../../../test/factories';
import { apiAs, type TestApp } from '../../../test/helper';

/** Test set-up for badge printing: a loopback "printer", an event with staff, and API calls. */

export interface LoopbackPrinter {
  port: number;
  /** Every job received, in order (one per connection). */
  jobs: string[];
  /** Resolves once `count` jobs have arrived. */
  received(count: number): Promise<string[]>;
  close(): Promise<void>;
}

/** A raw-TCP printer on 127.0.0.1 (port 0): reads each connection to its end, then closes it. */
export async function loopbackPrinter(): Promise<LoopbackPrinter> {
  const jobs: string[] = [];
  const waiting: { count: number; resolve: (jobs: string[]) => void }[] = [];
  const server: Server = createServer((socket) => {
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', () => {});
    socket.on('end', () => {
      jobs.push(Buffer.concat(chunks).toString('utf8'));
      socket.end();
      for (const w of waiting.filter((w) => jobs.length >= w.count)) {
        waiting.splice(waiting.indexOf(w), 1);
        w.resolve([...jobs]);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    port,
    jobs,
    received: (count) =>
      jobs.length >= count
        ? Promise.resolve([...jobs])
        : new Promise((resolve) => waiting.push({ count, resolve })),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A loopback port nothing listens on (a printer that is switched off). */
export async function deadPort(): Promise<number> {
  const printer = await loopbackPrinter();
  await printer.close();
  return printer.port;
}

/** A printer that takes connections and never reads from them, nor closes them (jammed, asleep). */
export interface StalledPrinter {
  port: number;
  /** How many connections it was given. */
  readonly connections: number;
  /** Resolves once it was given `count` connections. */
  connected(count: number): Promise<void>;
  close(): Promise<void>;
}

export async function stalledPrinter(): Promise<StalledPrinter> {
  const sockets = new Set<Socket>();
  const waiting: { count: number; resolve: () => void }[] = [];
  let connections = 0;
  // Paused from the start: the kernel takes what is sent, the printer never reads it.
  const server = createServer({ pauseOnConnect: true }, (socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on('error', () => {});
    for (const w of waiting.filter((w) => connections >= w.count)) {
      waiting.splice(waiting.indexOf(w), 1);
      w.resolve();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    get connections() {
      return connections;
    },
    connected: (count) =>
      connections >= count ? Promise.resolve() : new Promise((resolve) => waiting.push({ count, resolve })),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/**
 * A printer that takes each connection and hangs up at once, before it reads the label: `close`
 * drops the connection (what arrives after is answered with a reset), `halfClose` closes its side
 * at once and then reads whatever comes, to no purpose; `finAtOnce` closes its side cleanly (a FIN)
 * at once and never reads the job (it stays unread in the kernel's buffer).
 */
export interface HangUpPrinter {
  port: number;
  /** How many connections it was given. */
  readonly connections: number;
  close(): Promise<void>;
}

export async function hangUpPrinter(how: 'close' | 'halfClose' | 'finAtOnce'): Promise<HangUpPrinter> {
  const sockets = new Set<Socket>();
  let connections = 0;
  const server = createServer({ pauseOnConnect: how === 'finAtOnce' }, (socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on('error', () => {});
    if (how === 'close') {
      socket.destroy();
    } else if (how === 'finAtOnce') {
      socket.end();
    } else {
      socket.end();
      socket.resume();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    get connections() {
      return connections;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** The listener of `silentAddress`: prints its port, then waits (it is stopped at once). */
const SILENT_LISTENER = `
const server = require('node:net').createServer(() => {});
server.listen({ port: 0, host: '127.0.0.1', backlog: 1 }, () => console.log(server.address().port));
`;

/**
 * A loopback address that does not answer at all, like a printer switched off behind a firewall
 * that drops: a listener in a child process that is stopped (SIGSTOP), so it never accepts, with
 * its accept queue filled, so the kernel drops further connection requests instead of answering
 * them (backlog 1: Linux queues two connections). A connection to it neither opens nor fails.
 */
export async function silentAddress(): Promise<{ port: number; close(): Promise<void> }> {
  const child = spawn(process.execPath, ['-e', SILENT_LISTENER], { stdio: ['ignore', 'pipe', 'ignore'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    child.once('error', reject);
    child.stdout.once('data', (chunk: Buffer) => resolve(Number(chunk.toString('utf8').trim())));
  });
  child.kill('SIGSTOP');
  const fillers: Socket[] = [];
  // Connect until one is not answered: the queue is full (each answered one waits in it).
  for (let i = 0; i < 16; i += 1) {
    const socket = connect({ host: '127.0.0.1', port });
    socket.on('error', () => {});
    fillers.push(socket);
    const answered = await new Promise<boolean>((resolve) => {
      const unanswered = setTimeout(() => resolve(false), 250);
      socket.once('connect', () => {
        clearTimeout(unanswered);
        resolve(true);
      });
    });
    if (!answered) break;
  }
  return {
    port,
    close: async () => {
      for (const socket of fillers) socket.destroy();
      child.kill('SIGKILL');
      await exited;
    },
  };
}

let tickets = 0;

export function badgeApi(t: TestApp) {
  const api = apiAs(t);

  /** An event with an organizer, a check-in staff member and a guest with a ticket. */
  async function setup(guest: Parameters<typeof makePerson>[2] = {}) {
    const event = await makeEvent(t.ctx);
    const organizer = await makePerson(t.ctx, event.id, { organizer: true, organizerRole: 'owner' });
    const staff = await makePerson(t.ctx, event.id, { checkInAdmin: true, name: 'Stan' });
    const person = await makePerson(t.ctx, event.id, {
      name: 'Grace',
      surname: 'Hopper',
      company: 'Navy',
      jobTitle: 'Rear Admiral',
      ...guest,
    });
    const ticketId = await withTicket(person);
    return { event, organizer, staff, guest: person, ticketId };
  }

  async function withTicket(person: Person): Promise<string> {
    const ticketId = `T${Date.now().toString(36)}x${++tickets}`;
    await t.ctx.db
      .updateTable('participants')
      .set({ ticket_id: ticketId })
      .where('id', '=', person.id)
      .execute();
    return ticketId;
  }

  async function addPrinter(who: Person, eventId: number, input: PrinterInput): Promise<Printer> {
    const res = await api<Printer>(who, 'POST', `/organizer/event/${eventId}/badges/printers`, input);
    if (res.status !== 200 || !res.body.data) throw new Error(`printer: ${JSON.stringify(res.body)}`);
    return res.body.data;
  }

  async function addTemplate(
    who: Person,
    eventId: number,
    input: BadgeTemplateInput,
  ): Promise<BadgeTemplate> {
    const res = await api<BadgeTemplate>(who, 'POST', `/organizer/event/${eventId}/badges/templates`, input);
    if (res.status !== 200 || !res.body.data) throw new Error(`template: ${JSON.stringify(res.body)}`);
    return res.body.data;
  }

  const print = (who: Person, body: Record<string, unknown>) =>
    api<BadgePrintAnswer>(who, 'POST', '/event/participant/badge/printQueue', body);

  const jobRow = (id: number) =>
    t.ctx.db.selectFrom('badge_print_jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  /**
   * A badge queued at 09:00 (the clock is set there) for a ZPL printer at `port`, by default one
   * nothing listens on: its first attempt has run and failed, a retry waits.
   */
  async function queuedOnFailingPrinter(port?: number) {
    const s = await setup();
    const T0 = new Date('2030-04-01T09:00:00Z');
    t.setNow(T0);
    const input = { label: 'Hall', kind: 'zpl' as const, host: '127.0.0.1' };
    const zpl = await addPrinter(s.organizer, s.event.id, { ...input, port: port ?? (await deadPort()) });
    const res = await print(s.staff, { eventId: s.event.id, ticketId: s.ticketId, printerId: zpl.id });
    expect(res.body.data?.outcome).toBe('queued');
    await t.app.bus.idle();
    const id = res.body.data?.job?.id ?? 0;
    expect(await jobRow(id)).toMatchObject({ status: 'queued', attempts: 1 });
    return { s, T0, input, zpl, id };
  }

  return { api, setup, withTicket, addPrinter, addTemplate, print, jobRow, queuedOnFailingPrinter };
}

/** The badge print records pushed to an event's staff room, oldest first. */
export async function badgeRecords(t: TestApp, eventId: number) {
  const rows = await t.ctx.db
    .selectFrom('realtime_events')
    .select(['type', 'payload'])
    .where('room', '=', `newEvents/${eventId}/badges`)
    .orderBy('seq')
    .execute();
  return rows as { type: string; payload: { job?: { id: number; status: string } } }[];
}
