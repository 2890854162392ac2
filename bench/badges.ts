/**
 * Badge benchmark (issue 14): ZPL render + send for 100 badges. One event with BADGE_COUNT (100)
 * attendees (names in several scripts, companies, job titles, tickets), a ZPL template with the merge
 * fields and the QR, and a ZPL printer that is a raw-TCP server on 127.0.0.1 run by this script: it
 * reads every connection and counts complete `^XA … ^XZ` labels as they arrive.
 *
 * Each run is the organizer's "print by filter" in the console (POST
 * /organizer/event/:eventId/badges/batch, the attendees' type), timed from the request until the
 * printer has received the 100th label: run 1 prints everyone for the first time, runs 2–5 are
 * forced reprints (`notPrinted: false`), so every run renders and sends all 100 again. The floor in
 * the same run: the same bytes (the 100 labels run 1 received) written over one raw TCP connection
 * to the same server with node:net. Correctness per run: exactly 100 labels, each naming exactly one
 * attendee and carrying that attendee's ticket once, every attendee once, none twice, and the batch
 * recorded as 100 printed.
 *
 *   node_modules/.bin/tsx bench/badges.ts
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node_modules/.bin/tsx bench/badges.ts
 *
 * Prints a markdown row for bench/RESULTS.md. Loopback only; stops itself after 4 minutes.
 */
import { connect, createServer, type Server } from 'node:net';
import { loadavg } from 'node:os';
import type { BadgeBatch, BadgeTemplateInput, Printer, PrinterInput } from '@foyer/contract';
import {
  badgeFields,
  chooseTemplate,
  designOf,
  qrText,
  zplField,
  zplFor,
} from '../apps/server/src/features/badges/badges.render';
import { findBadgePerson, listTemplates } from '../apps/server/src/features/badges/badges.repository';
import { signAccessToken } from '../apps/server/src/http/auth';
import {
  hardTimeLimit,
  listenBenchApp,
  openBenchServerParts,
  seedBenchEvent,
  seedBenchStaff,
} from './lib/bench-server';
import { percentile } from './lib/http-load';

const BADGE_COUNT = 100;
const RUNS = 5;
const WARM_UP = 5;
/** A run that has not delivered its labels by then has failed (the printer stub never saw them). */
const RUN_DEADLINE_MS = 60_000;

const FIRST = ['Zoë', 'Søren', 'José', 'Ayşe', 'Иван', 'Ngozi', 'Björn', 'Małgorzata', 'Hiroshi', 'Chloé'];
const LAST = [
  'Łukasiewicz',
  'Kierkegaard',
  'Núñez',
  'Yılmaz',
  'Петров',
  'Okafor',
  'Ångström',
  'Dvořák',
  'Saitō',
  "O'Brien",
];
const COMPANY = [
  'Ørsted A/S',
  'Café Müller GmbH',
  'Nestlé',
  'Škoda Auto',
  'Acme_Labs',
  'Åbo Akademi',
  'Crédit Mutuel',
];
const JOBS = [
  'Head of R&D',
  'Directrice générale',
  'Software Engineer',
  'Ingeniera de datos',
  'CTO',
  'Geschäftsführer',
];

interface Attendee {
  id: number;
  fullName: string;
  ticketId: string;
}

interface Label {
  text: string;
  at: number;
}

/** The printer: a raw-TCP server that splits what it reads into complete ^XA … ^XZ labels. */
async function labelPrinter() {
  const START = Buffer.from('^XA');
  const END = Buffer.from('^XZ');
  let labels: Label[] = [];
  let bytes = 0;
  let connections = 0;
  let waiter: { count: number; resolve: () => void } | null = null;
  const server: Server = createServer((socket) => {
    connections++;
    let pending: Buffer = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      pending = pending.length > 0 ? Buffer.concat([pending, chunk]) : chunk;
      for (;;) {
        const start = pending.indexOf(START);
        if (start < 0) {
          // Keep a possible "^X" split across chunks.
          pending = pending.subarray(Math.max(0, pending.length - 2));
          break;
        }
        const end = pending.indexOf(END, start + START.length);
        if (end < 0) {
          pending = pending.subarray(start);
          break;
        }
        labels.push({ text: pending.toString('utf8', start, end + END.length), at: performance.now() });
        pending = pending.subarray(end + END.length);
      }
      if (waiter && labels.length >= waiter.count) {
        const w = waiter;
        waiter = null;
        w.resolve();
      }
    });
    // A printer closes its half once the job is in: the sender counts the job delivered.
    socket.on('end', () => socket.end());
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no printer address');
  return {
    port: address.port,
    /** Forgets what was received (before a run). */
    reset() {
      labels = [];
      bytes = 0;
      connections = 0;
    },
    get labels() {
      return labels;
    },
    get bytes() {
      return bytes;
    },
    get connections() {
      return connections;
    },
    /** Resolves when `count` labels have arrived since the last reset; rejects after the deadline. */
    received(count: number): Promise<void> {
      if (labels.length >= count) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const deadline = setTimeout(() => {
          waiter = null;
          reject(new Error(`printer got ${labels.length} of ${count} labels in ${RUN_DEADLINE_MS / 1000} s`));
        }, RUN_DEADLINE_MS);
        waiter = {
          count,
          resolve: () => {
            clearTimeout(deadline);
            resolve();
          },
        };
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Writes `data` over one raw TCP connection (the floor: what the network part costs at best). */
function sendOnce(port: number, data: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('error', reject);
    socket.once('connect', () => socket.end(data));
    socket.once('close', () => resolve());
  });
}

/** Problems with one run's labels (empty: exactly one label per attendee, none twice). */
function checkLabels(labels: Label[], attendees: Attendee[]): string[] {
  const problems: string[] = [];
  if (labels.length !== attendees.length) problems.push(`${labels.length} labels, not ${attendees.length}`);
  const fields = attendees.map((a) => ({
    attendee: a,
    name: `^FD${zplField(a.fullName)}^FS`,
    ticket: `^FD${zplField(a.ticketId)}^FS`,
  }));
  const seen = new Map<number, number>();
  for (const [i, label] of labels.entries()) {
    const named = fields.filter((f) => label.text.includes(f.name));
    if (named.length !== 1) {
      problems.push(`label ${i + 1} names ${named.length} attendees`);
      continue;
    }
    const f = named[0]!;
    if (label.text.split(f.ticket).length - 1 !== 1) problems.push(`label ${i + 1}: ticket not there once`);
    seen.set(f.attendee.id, (seen.get(f.attendee.id) ?? 0) + 1);
  }
  const twice = [...seen.values()].filter((n) => n > 1).length;
  const missing = attendees.filter((a) => !seen.has(a.id)).length;
  if (twice > 0) problems.push(`${twice} attendees printed twice`);
  if (missing > 0) problems.push(`${missing} attendees missing`);
  return problems;
}

async function main(): Promise<void> {
  hardTimeLimit('bench/badges', 240_000);
  const parts = await openBenchServerParts();
  const { config, database, db } = parts;
  const printer = await labelPrinter();
  const run = Date.now();
  const { eventId: e, typeIds } = await seedBenchEvent(db, `Badge bench ${run}`, ['Attendee', 'Crew']);
  const attendeeType = { id: typeIds[0]! };
  const crewType = { id: typeIds[1]! };
  const people = (count: number, typeId: number, tag: string) =>
    Array.from({ length: count }, (_, i) => ({
      event_id: e,
      email: `badge-${tag}-${run}-${i}@foyer.test`,
      // 10 × 10 distinct first and last names: 100 distinct full names.
      name: FIRST[i % FIRST.length]!,
      surname: tag === 'crew' ? `Crew${i}` : LAST[Math.floor(i / FIRST.length) % LAST.length]!,
      company: COMPANY[i % COMPANY.length]!,
      job_title: JOBS[i % JOBS.length]!,
      type_id: typeId,
      ticket_id: `B${run % 100000}${tag === 'crew' ? 'C' : 'A'}${i}`,
    }));
  const attendees: Attendee[] = (
    await db
      .insertInto('participants')
      .values(people(BADGE_COUNT, attendeeType.id, 'attendee'))
      .returning(['id', 'name', 'surname', 'ticket_id'])
      .execute()
  ).map((p) => ({ id: p.id, fullName: `${p.name} ${p.surname}`, ticketId: p.ticket_id ?? '' }));
  await db
    .insertInto('participants')
    .values(people(WARM_UP, crewType.id, 'crew'))
    .execute();
  const organizerUserId = await seedBenchStaff(
    db,
    e,
    { email: `badge-organizer-${run}@foyer.test`, name: 'Olga', surname: 'Organizer' },
    { organizer: true, organizer_role: 'owner' },
  );

  const { app, api: apiBase } = await listenBenchApp(parts);
  const base = `${apiBase}/organizer/event/${e}/badges`;
  const authorization = `Bearer ${await signAccessToken(config.jwtSecret, { userId: organizerUserId })}`;
  const api = async <T>(method: 'GET' | 'POST', path: string, body?: object): Promise<T> => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { authorization, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const answer = (await res.json()) as { success: boolean; data?: T; error?: unknown };
    if (res.status !== 200 || answer.data === undefined) {
      throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(answer.error)}`);
    }
    return answer.data;
  };

  // The console's set-up: a ZPL printer and the event's default badge.
  const zpl = await api<Printer>('POST', '/printers', {
    label: 'Bench desk',
    kind: 'zpl',
    host: '127.0.0.1',
    port: printer.port,
    dpi: 203,
  } satisfies PrinterInput);
  await api('POST', '/templates', {
    name: 'Standard',
    size: 'a6',
    isDefault: true,
    lines: [
      { text: '{FullName}', size: 'xl', bold: true },
      { text: '{JobTitle}', size: 'md', bold: false },
      { text: '{Company}', size: 'md', bold: true },
      { text: '{ParticipantType}', size: 'sm', bold: false },
      { text: '{TicketId}', size: 'sm', bold: false },
    ],
    qr: 'medium',
  } satisfies BadgeTemplateInput);

  /** One console batch, timed from the request to the printer's `count`-th label. */
  const batch = async (typeId: number, notPrinted: boolean, count: number) => {
    printer.reset();
    const start = performance.now();
    const started = await api<BadgeBatch>('POST', '/batch', {
      printerId: zpl.id,
      typeIds: [typeId],
      notPrinted,
    });
    const answered = performance.now() - start;
    await printer.received(count);
    const ms = (printer.labels[count - 1]?.at ?? Number.NaN) - start;
    // The printed marks are written after the last send: wait for the processor to finish.
    await app.bus.idle();
    const progress = await api<BadgeBatch>('GET', `/batch/${started.id}`);
    const received = { labels: [...printer.labels], bytes: printer.bytes, connections: printer.connections };
    return { ms, answered, total: started.total, progress, ...received };
  };

  // Warm-up (not measured): the crew's badges.
  await batch(crewType.id, true, WARM_UP);

  const load = loadavg()[0]!;
  const cpuBefore = process.cpuUsage();
  const runs: Awaited<ReturnType<typeof batch>>[] = [];
  const problems: string[] = [];
  for (let i = 0; i < RUNS; i++) {
    // Run 1 prints everyone for the first time; the others are forced reprints.
    const r = await batch(attendeeType.id, i === 0, BADGE_COUNT);
    runs.push(r);
    const found = checkLabels(r.labels, attendees);
    if (r.total !== BADGE_COUNT) found.push(`batch queued ${r.total}`);
    if (r.progress.counts.printed !== BADGE_COUNT) {
      found.push(`batch shows ${JSON.stringify(r.progress.counts)}`);
    }
    problems.push(...found.map((p) => `run ${i + 1}: ${p}`));
  }
  const cpu = process.cpuUsage(cpuBefore);

  // The floor: the same labels' bytes over one connection, no rendering, no database.
  const payload = Buffer.from(runs[0]?.labels.map((l) => `${l.text}\n`).join('') ?? '', 'utf8');
  if (payload.length !== runs[0]?.bytes)
    problems.push(`floor: ${payload.length} bytes, run 1 sent ${runs[0]?.bytes}`);
  const floors: number[] = [];
  for (let i = 0; i < RUNS + 1; i++) {
    printer.reset();
    const start = performance.now();
    const sent = sendOnce(printer.port, payload);
    await printer.received(BADGE_COUNT);
    const ms = (printer.labels[BADGE_COUNT - 1]?.at ?? Number.NaN) - start;
    await sent;
    if (i > 0) floors.push(ms); // the first is a warm-up
    if (printer.labels.length !== BADGE_COUNT) problems.push(`floor: ${printer.labels.length} labels`);
  }

  // The renderer alone (template choice, fields, layout, QR, ZPL) for the same 100, in memory.
  const templates = await listTemplates(db, e);
  const rows = await Promise.all(attendees.map((a) => findBadgePerson(db, e, { participantId: a.id })));
  const renders: number[] = [];
  for (let i = 0; i < RUNS + 1; i++) {
    const start = performance.now();
    for (const row of rows) {
      if (!row) throw new Error('attendee not found');
      const template = chooseTemplate(templates, { template_ids: [] }, row.type_id) ?? null;
      zplFor(designOf(template), badgeFields(row), qrText(config.publicUrl, row), 203);
    }
    if (i > 0) renders.push(performance.now() - start); // the first is a warm-up
  }

  await app.close();
  await printer.close();
  if (process.env.DATABASE_URL) {
    await db
      .deleteFrom('events')
      .where('id', '=', e)
      .execute()
      .catch(() => undefined);
  }
  await database.close();

  const sorted = runs.map((r) => r.ms).sort((a, b) => a - b);
  const p50 = percentile(sorted, 50);
  const max = sorted[sorted.length - 1] ?? Number.NaN;
  const floorSorted = floors.sort((a, b) => a - b);
  const floor = percentile(floorSorted, 50);
  const answered = percentile(
    runs.map((r) => r.answered).sort((a, b) => a - b),
    50,
  );
  const render = percentile(
    renders.sort((a, b) => a - b),
    50,
  );
  const perLabel = payload.length / BADGE_COUNT;
  const check =
    problems.length === 0
      ? `each run exactly ${BADGE_COUNT} labels, every attendee once, none twice, batch ${BADGE_COUNT} printed`
      : `PROBLEMS: ${problems.slice(0, 5).join('; ')}${problems.length > 5 ? ` (+${problems.length - 5})` : ''}`;
  if (problems.length > 0) process.exitCode = 1;
  console.log(
    `| ${new Date().toISOString().slice(0, 10)} | badges: ZPL render + send, ${BADGE_COUNT} badges (bench/badges.ts) | ${database.kind} | console batch → ${BADGE_COUNT}th label at the printer: p50 ${p50.toFixed(0)} ms, max ${max.toFixed(0)} ms (${RUNS} runs), ${((BADGE_COUNT / p50) * 1000).toFixed(0)} labels/s; floor (same ${(payload.length / 1024).toFixed(0)} KB over one raw TCP connection) p50 ${floor.toFixed(1)} ms: ${(p50 / floor).toFixed(0)}× the floor | run 1 first print, runs 2–${RUNS} forced reprints; ${runs.at(-1)?.connections ?? 0} connections for ${runs.at(-1)?.labels.length ?? 0} labels (${(perLabel / 1024).toFixed(1)} KB each, QR + 5 lines at 203 dpi); render alone (in memory) p50 ${render.toFixed(0)} ms per 100; batch request answered in p50 ${answered.toFixed(0)} ms; ${((cpu.user + cpu.system) / 1000 / (RUNS * BADGE_COUNT)).toFixed(2)} ms CPU per badge (server and printer stub in one process); ${check}; load avg ${load.toFixed(1)} |`,
  );
}

await main();
process.exit(process.exitCode ?? 0);
