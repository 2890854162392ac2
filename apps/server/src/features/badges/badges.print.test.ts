import { createServer } from 'node:net';
import {
  type BadgeBatch,
  type BadgeJobs,
  type BadgePrintAnswer,
  badgeCode,
  type PrinterTest,
  type PrintJob,
} from '@foyer/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makePerson, makeType, type Person } from '../../../test/factories';
import { useHeldTransactions } from '../../../test/held-transactions';
import { createTestApp, type TestApp } from '../../../test/helper';
import {
  badgeApi,
  badgeRecords,
  deadPort,
  hangUpPrinter,
  type LoopbackPrinter,
  loopbackPrinter,
  silentAddress,
  stalledPrinter,
} from './badges.fixtures';
import { PRINT_TIMEOUT_MS, printerTiming, sendRaw } from './badges.printer';
import { MAX_ATTEMPTS, RETRY_DELAYS_MS, sendJobs, sweepPrintJobs } from './badges.queue.sending';

let t: TestApp;
let b: ReturnType<typeof badgeApi>;
const printers: LoopbackPrinter[] = [];
beforeAll(async () => {
  t = await createTestApp();
  b = badgeApi(t);
});
afterEach(async () => {
  await t.app.bus.idle();
  t.setNow(null as unknown as Date); // back to the real clock
  for (const p of printers.splice(0)) await p.close();
});
afterAll(async () => {
  await t.close();
});

async function printer() {
  const p = await loopbackPrinter();
  printers.push(p);
  return p;
}

const jobRow = (id: number) => b.jobRow(id);

/** A loopback printer, a TXT printer at it and the event's default text template `text`. */
async function textPrinter(s: { organizer: Person; event: { id: number } }, text: string) {
  const lp = await printer();
  await b.addTemplate(s.organizer, s.event.id, { name: 'Text', size: 'cr80', isDefault: true, text });
  const txt = await b.addPrinter(s.organizer, s.event.id, {
    label: 'T',
    kind: 'txt',
    host: '127.0.0.1',
    port: lp.port,
  });
  return { lp, txt };
}

describe('print queue to a ZPL printer (E4.72, E4.76, E7.62)', () => {
  it('E4.72 E7.62 E7.63 E3.38 queues a badge (POST event/participant/badge/printQueue) and sends ZPL with the merge fields, escaped data and the QR; then printed', async () => {
    const s = await b.setup({ name: 'Gr^ace', surname: 'Ho~pper_', company: 'Şirket Ünlü' });
    const lp = await printer();
    const zpl = await b.addPrinter(s.organizer, s.event.id, {
      label: 'Desk A',
      kind: 'zpl',
      host: '127.0.0.1',
      port: lp.port,
    });
    await b.addTemplate(s.organizer, s.event.id, {
      name: 'Standard',
      size: 'a6',
      isDefault: true,
      lines: [
        { text: '{FullName}', size: 'xl', bold: true },
        { text: '{Company} · {City}', size: 'md' },
        { text: '{TicketId}', size: 'sm' },
      ],
      qr: 'medium',
    });
    const res = await b.print(s.staff, { eventId: s.event.id, ticketId: s.ticketId, printerId: zpl.id });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ outcome: 'queued', success: true, isPrinting: false });
    const [sent] = await lp.received(1);
    await t.app.bus.idle();
    expect(sent).toMatch(/^\^XA\n\^CI28\n\^PW\d+\n\^LL\d+/);
    expect(sent?.trim().endsWith('^XZ')).toBe(true);
    // 105 × 148 mm at 203 dpi (E9.50's rule at the printer's resolution).
    expect(sent).toContain(`^PW${Math.floor((105 / 25.4) * 203)}`);
    // ^ and ~ in data are hex-escaped under ^FH_, so they cannot end the field or start a command.
    expect(sent).toContain('^FH_^FDGr_5Eace Ho_7Epper_5F^FS');
    expect(sent).toContain('Şirket Ünlü');
    expect(sent).toContain(`^FD${s.ticketId}^FS`);
    expect(sent).toContain(`^BQN,2,`);
    expect(sent).toContain(`^FDMA,${badgeCode(t.ctx.config.publicUrl, s.ticketId).replace(/_/g, '_5F')}^FS`);
    const job = await jobRow(res.body.data?.job?.id ?? 0);
    expect(job).toMatchObject({ status: 'printed', attempts: 1 });
    // E7.74: the staff room heard queued, sent to print, printed.
    const states = (await badgeRecords(t, s.event.id))
      .filter((r) => r.type === 'badge.print')
      .map((r) => r.payload.job?.status);
    expect(states).toEqual(['queued', 'sending', 'printed']);
    // The check-in feature sees the badge as printed.
    const printed = await t.ctx.db
      .selectFrom('badge_prints')
      .select('print_count')
      .where('participant_id', '=', s.guest.id)
      .executeTakeFirst();
    expect(printed?.print_count).toBe(1);
  });

  it('E8.17 E4.74 one job per badge when two desks press print at once; E8.16 E5.58 E4.73 a second print needs force', async () => {
    const s = await b.setup();
    const lp = await printer();
    const zpl = await b.addPrinter(s.organizer, s.event.id, {
      label: 'A',
      kind: 'zpl',
      host: '127.0.0.1',
      port: lp.port,
    });
    const desk2 = await makePerson(t.ctx, s.event.id, { checkInAdmin: true });
    const body = { eventId: s.event.id, participantId: s.guest.id, printerId: zpl.id };
    const answers = await Promise.all([b.print(s.staff, body), b.print(desk2, body), b.print(s.staff, body)]);
    // One is queued; each other desk hears that the badge is printing (E8.17) or, when the loopback
    // printer was done before its request was read, that it is printed (E8.16): never a second job.
    const queued = answers.filter((a) => a.body.data?.outcome === 'queued');
    expect(queued).toHaveLength(1);
    for (const other of answers.filter((a) => !queued.includes(a))) {
      expect(['alreadyPrinting', 'alreadyPrinted']).toContain(other.body.data?.outcome);
      expect(other.body.data?.success).toBe(false);
    }
    await lp.received(1);
    await t.app.bus.idle();
    expect(lp.jobs).toHaveLength(1);

    const again = await b.print(s.staff, body);
    expect(again.body.data).toMatchObject({ outcome: 'alreadyPrinted', success: false, job: null });
    expect(again.body.data?.printedAt).not.toBeNull();
    const forced = await b.print(s.staff, { ...body, force: true });
    expect(forced.body.data?.outcome).toBe('queued');
    await lp.received(2);
    await t.app.bus.idle();
    const printed = await t.ctx.db
      .selectFrom('badge_prints')
      .select('print_count')
      .where('participant_id', '=', s.guest.id)
      .executeTakeFirstOrThrow();
    expect(printed.print_count).toBe(2);
  });

  it('E4.76 a printer that is down: retried with backoff, then failed; never a 5xx', async () => {
    const { s, T0, zpl, id } = await b.queuedOnFailingPrinter();
    expect((await jobRow(id)).last_error).toMatch(/ECONNREFUSED/);
    // Not due yet: the sweep leaves it.
    expect(await sweepPrintJobs(t.ctx, t.app.realtime)).toBe(0);
    let at = T0.getTime();
    for (const delay of RETRY_DELAYS_MS) {
      at += delay;
      t.setNow(new Date(at));
      expect(await sweepPrintJobs(t.ctx, t.app.realtime)).toBe(1);
    }
    const failed = await jobRow(id);
    expect(failed).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
    // A failed job is not "printing": the desk may queue it again.
    const retry = await b.print(s.staff, { eventId: s.event.id, ticketId: s.ticketId, printerId: zpl.id });
    expect(retry.body.data?.outcome).toBe('queued');
  });

  it('E8.16 a queued badge printed meanwhile at the desk is not sent again when its retry comes', async () => {
    const { s, T0, input, zpl, id } = await b.queuedOnFailingPrinter();

    // The queue's printer is down; the desk prints the badge on its own and says so.
    t.setNow(new Date(T0.getTime() + 1_000));
    const desk = await b.api<{ printed: boolean }>(s.staff, 'POST', '/event/participant/badge/printed', {
      eventId: s.event.id,
      participantId: s.guest.id,
    });
    expect(desk.body.data?.printed).toBe(true);
    // The printer is back before the job's retry is due.
    const lp = await printer();
    const put = await b.api(s.organizer, 'PUT', `/organizer/event/${s.event.id}/badges/printers/${zpl.id}`, {
      ...input,
      port: lp.port,
    });
    expect(put.status).toBe(200);
    t.setNow(new Date(T0.getTime() + (RETRY_DELAYS_MS[0] ?? 0) + 1_000));
    expect(await sweepPrintJobs(t.ctx, t.app.realtime)).toBe(1);

    expect(lp.jobs).toHaveLength(0);
    expect(await jobRow(id)).toMatchObject({ status: 'printed' });
    const prints = await t.ctx.db
      .selectFrom('badge_prints')
      .select('print_count')
      .where('participant_id', '=', s.guest.id)
      .executeTakeFirstOrThrow();
    expect(prints.print_count).toBe(1);
  });

  it('E9.56 a "directly" printer gets one attempt; a "none" printer refuses with a 400', async () => {
    const s = await b.setup();
    const direct = await b.addPrinter(s.organizer, s.event.id, {
      label: 'Direct',
      kind: 'zpl',
      host: '127.0.0.1',
      port: await deadPort(),
      printType: 'directly',
    });
    const res = await b.print(s.staff, { eventId: s.event.id, ticketId: s.ticketId, printerId: direct.id });
    await t.app.bus.idle();
    expect(await jobRow(res.body.data?.job?.id ?? 0)).toMatchObject({ status: 'failed', attempts: 1 });
    const off = await b.addPrinter(s.organizer, s.event.id, {
      label: 'Off',
      kind: 'zpl',
      host: '127.0.0.1',
      printType: 'none',
    });
    const refused = await b.print(s.staff, { eventId: s.event.id, ticketId: s.ticketId, printerId: off.id });
    expect(refused.status).toBe(400);
  });

  it('E9.56 a queued badge waiting for its retry is not sent once the organizer sets its printer to "none"', async () => {
    const { s, T0, input, zpl, id } = await b.queuedOnFailingPrinter();

    // The organizer switches the printer off ("none": badges are not printed there); it answers again.
    const lp = await printer();
    const put = await b.api(s.organizer, 'PUT', `/organizer/event/${s.event.id}/badges/printers/${zpl.id}`, {
      ...input,
      port: lp.port,
      printType: 'none',
    });
    expect(put.status).toBe(200);
    t.setNow(new Date(T0.getTime() + (RETRY_DELAYS_MS[0] ?? 0)));
    expect(await sweepPrintJobs(t.ctx, t.app.realtime)).toBe(1);

    expect(lp.jobs).toHaveLength(0);
    expect(await jobRow(id)).toMatchObject({
      status: 'failed',
      attempts: 2,
      printed_at: null,
      last_error: 'The printer is set not to print badges',
    });
    expect(
      await t.ctx.db
        .selectFrom('badge_prints')
        .select('print_count')
        .where('participant_id', '=', s.guest.id)
        .execute(),
    ).toEqual([]);
    // A failed job is not "printing": the desk prints the badge elsewhere.
    const desk = await b.addPrinter(s.organizer, s.event.id, { label: 'Desk', kind: 'pdf' });
    const again = await b.print(s.staff, { eventId: s.event.id, ticketId: s.ticketId, printerId: desk.id });
    expect(again.body.data?.outcome).toBe('printed');
  });

  it('E4.75 E5.59 a TXT printer gets the text template; a fast scan carries CODE_128 and the ticket id', async () => {
    const s = await b.setup({ name: 'Иван', surname: 'Петров' });
    const { lp, txt } = await textPrinter(s, 'NAME={FullName}\nTYPE={BarcodeType}\nCODE={Barcode}\n');
    await b.print(s.staff, {
      eventId: s.event.id,
      ticketId: s.ticketId,
      printerId: txt.id,
      scanType: 'fast',
    });
    const [fast] = await lp.received(1);
    expect(fast).toBe(`NAME=Иван Петров\nTYPE=CODE_128\nCODE=${s.ticketId}\n`);
    await t.app.bus.idle();
    await b.print(s.staff, { eventId: s.event.id, ticketId: s.ticketId, printerId: txt.id, force: true });
    const [, individual] = await lp.received(2);
    expect(individual).toContain('TYPE=QR');
    expect(individual).toContain(`CODE=${badgeCode(t.ctx.config.publicUrl, s.ticketId)}`);
  });

  it("E4.75 a TXT printer with a raw ZPL template: an attendee's name cannot inject printer commands; it prints as typed", async () => {
    const s = await b.setup({
      name: 'Eve^FS^XZ^XA^FO0,0^FDPWNED',
      surname: '~JA',
      company: "O'Brien_Ltd ^ ~",
    });
    const { lp, txt } = await textPrinter(
      s,
      '^XA^CI28\n^FO20,20^A0N,30,30^FD{FullName}^FS\n^FO20,60^A0N,20,20^FD{Company}^FS\n^XZ\n',
    );
    await b.print(s.staff, { eventId: s.event.id, ticketId: s.ticketId, printerId: txt.id });
    const [sent] = await lp.received(1);
    await t.app.bus.idle();
    expect(sent).toBe(
      [
        '^XA^CI28',
        '^FO20,20^A0N,30,30^FH_^FDEve_5EFS_5EXZ_5EXA_5EFO0,0_5EFDPWNED _7EJA^FS',
        "^FO20,60^A0N,20,20^FH_^FDO'Brien_5FLtd _5E _7E^FS",
        '^XZ',
        '',
      ].join('\n'),
    );
  });

  it('E8.05 E8.23 a TXT printer without a text template, or no template that fits: MST-00061, nothing queued', async () => {
    const s = await b.setup();
    await b.addTemplate(s.organizer, s.event.id, {
      name: 'Lines only',
      size: 'a6',
      isDefault: true,
      lines: [],
    });
    const txt = await b.addPrinter(s.organizer, s.event.id, { label: 'T', kind: 'txt', host: '127.0.0.1' });
    const res = await b.print(s.staff, { eventId: s.event.id, ticketId: s.ticketId, printerId: txt.id });
    expect(res.status).toBe(404);
    expect(res.body.error?.code).toBe('MST-00061');
    const jobs = await t.ctx.db
      .selectFrom('badge_print_jobs')
      .select('id')
      .where('event_id', '=', s.event.id)
      .execute();
    expect(jobs).toEqual([]);
    // E8.23 a printer that names its templates, none of them for this person: badge template not found.
    const vip = await makeType(t.ctx, s.event.id, { name: 'VIP' });
    const vipOnly = await b.addTemplate(s.organizer, s.event.id, {
      name: 'VIP',
      size: 'a6',
      participantTypeId: vip.id,
    });
    const zpl = await b.addPrinter(s.organizer, s.event.id, {
      label: 'VIP desk',
      kind: 'zpl',
      host: '127.0.0.1',
      templateIds: [vipOnly.id],
    });
    const refused = await b.print(s.staff, { eventId: s.event.id, ticketId: s.ticketId, printerId: zpl.id });
    expect(refused.body.error?.code).toBe('MST-00061');
  });

  it('a PDF printer records the print at once (the browser prints); a second needs force', async () => {
    const s = await b.setup();
    const pdf = await b.addPrinter(s.organizer, s.event.id, { label: 'Browser', kind: 'pdf' });
    const body = { eventId: s.event.id, ticketId: s.ticketId, printerId: pdf.id };
    const first = await b.print(s.staff, body);
    expect(first.body.data).toMatchObject({ outcome: 'printed', success: true, job: { status: 'printed' } });
    expect((await b.print(s.staff, body)).body.data?.outcome).toBe('alreadyPrinted');
  });

  it('E5.52 E5.53 a ticket code typed in lower case or with spaces around finds the badge, as it finds the ticket at the door', async () => {
    const s = await b.setup();
    const ticketId = s.ticketId.toUpperCase();
    await t.ctx.db
      .updateTable('participants')
      .set({ ticket_id: ticketId })
      .where('id', '=', s.guest.id)
      .execute();
    const typed = ` ${ticketId.toLowerCase()} `;
    const checkIn = await b.api<{ outcome: string }>(s.staff, 'POST', '/event/participant/checkIn', {
      eventId: s.event.id,
      ticketId: typed,
      checkIn: true,
    });
    expect(checkIn.body.data?.outcome).toBe('checkedIn');
    const pdf = await b.addPrinter(s.organizer, s.event.id, { label: 'Browser', kind: 'pdf' });
    const printed = await b.print(s.staff, { eventId: s.event.id, ticketId: typed, printerId: pdf.id });
    expect(printed.status).toBe(200);
    expect(printed.body.data).toMatchObject({ outcome: 'printed', job: { participantId: s.guest.id } });
    const digest = await b.api<{ content: string }>(s.staff, 'POST', '/digest/template', {
      eventId: s.event.id,
      ticketId: typed,
    });
    expect(digest.status).toBe(200);
    expect(digest.body.data?.content).toContain('Hopper');
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/v1/event/participant/badge/pdf?eventId=${s.event.id}&ticketId=${encodeURIComponent(typed)}`,
      headers: s.staff.headers,
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain(`badge-${ticketId}.pdf`);
  });

  it('E7.04 E6.05 only check-in staff and organizers print; bad input is a 4xx', async () => {
    const s = await b.setup();
    // E6.05: the organizer prints the badge of any attendee.
    const desk = await b.addPrinter(s.organizer, s.event.id, { label: 'Desk', kind: 'pdf' });
    const byOrganizer = await b.print(s.organizer, {
      eventId: s.event.id,
      ticketId: s.ticketId,
      printerId: desk.id,
    });
    expect(byOrganizer.status).toBe(200);
    expect(byOrganizer.body.data).toMatchObject({ outcome: 'printed', success: true });
    const zpl = await b.addPrinter(s.organizer, s.event.id, { label: 'A', kind: 'zpl', host: '127.0.0.1' });
    const denied = await b.print(s.guest, { eventId: s.event.id, ticketId: s.ticketId, printerId: zpl.id });
    expect(denied.status).toBe(403);
    const bad = [
      { eventId: s.event.id, printerId: zpl.id },
      { eventId: s.event.id, ticketId: 'a b', printerId: zpl.id },
      { eventId: s.event.id, ticketId: s.ticketId, printerId: 'x' },
      { eventId: s.event.id, ticketId: s.ticketId, printerId: 2_000_000_000 },
      { eventId: s.event.id, ticketId: 'nobody', printerId: zpl.id },
      { eventId: s.event.id, ticketId: s.ticketId, printerId: zpl.id, force: 'yes' },
    ];
    for (const body of bad) {
      const res = await b.print(s.staff, body);
      expect(res.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.status, JSON.stringify(body)).toBeLessThan(500);
    }
    // Another event's printer is not found.
    const other = await b.setup();
    const foreign = await b.addPrinter(other.organizer, other.event.id, { label: 'B', kind: 'pdf' });
    expect(
      (await b.print(s.staff, { eventId: s.event.id, ticketId: s.ticketId, printerId: foreign.id })).status,
    ).toBe(404);
  });
});

describe('batch printing from the console', () => {
  it('prints everyone of a type who is not printed yet, as one job each, with progress', async () => {
    const s = await b.setup();
    const lp = await printer();
    const speaker = await makeType(t.ctx, s.event.id, { name: 'Speaker' });
    const speakers = await Promise.all(
      [1, 2, 3].map((i) => makePerson(t.ctx, s.event.id, { typeId: speaker.id, name: `Speaker${i}` })),
    );
    await t.ctx.db
      .insertInto('badge_prints')
      .values({ participant_id: speakers[2]?.id ?? 0, printed_by: null })
      .execute();
    const zpl = await b.addPrinter(s.organizer, s.event.id, {
      label: 'Batch',
      kind: 'zpl',
      host: '127.0.0.1',
      port: lp.port,
    });
    const res = await b.api<BadgeBatch>(s.organizer, 'POST', `/organizer/event/${s.event.id}/badges/batch`, {
      printerId: zpl.id,
      typeIds: [speaker.id],
      notPrinted: true,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ total: 2, skipped: 0 });
    const jobs = await lp.received(2);
    await t.app.bus.idle();
    expect(jobs.some((z) => z.includes('Speaker1'))).toBe(true);
    expect(jobs.some((z) => z.includes('Speaker2'))).toBe(true);
    expect(jobs.some((z) => z.includes('Speaker3'))).toBe(false);
    const progress = await b.api<BadgeBatch>(
      s.organizer,
      'GET',
      `/organizer/event/${s.event.id}/badges/batch/${res.body.data?.id}`,
    );
    expect(progress.body.data?.counts).toEqual({ queued: 0, sending: 0, printed: 2, failed: 0 });
    const queue = await b.api<BadgeJobs>(s.organizer, 'GET', `/organizer/event/${s.event.id}/badges/jobs`);
    expect(queue.body.data?.items.map((j: PrintJob) => j.status)).toEqual(['printed', 'printed']);
    // Check-in staff cannot batch-print; an unknown type is a 400.
    expect(
      (await b.api(s.staff, 'POST', `/organizer/event/${s.event.id}/badges/batch`, { printerId: zpl.id }))
        .status,
    ).toBe(403);
    expect(
      (
        await b.api(s.organizer, 'POST', `/organizer/event/${s.event.id}/badges/batch`, {
          printerId: zpl.id,
          typeIds: [2_000_000],
        })
      ).status,
    ).toBe(400);
  });
});

/** A short printer timeout for the tests that wait for it (the production one stays PRINT_TIMEOUT_MS). */
const SHORT_TIMEOUT_MS = 300;

describe('a printer that does not print (E4.76)', () => {
  const closers: (() => Promise<void>)[] = [];
  beforeAll(() => {
    printerTiming.timeoutMs = SHORT_TIMEOUT_MS;
  });
  afterEach(async () => {
    for (const close of closers.splice(0)) await close();
  });
  afterAll(() => {
    printerTiming.timeoutMs = PRINT_TIMEOUT_MS;
  });

  async function stalled() {
    const p = await stalledPrinter();
    closers.push(p.close);
    return p;
  }

  /** Queues a badge and waits for its attempt to end; the job as it is then, and how long it took. */
  async function printAndSettle(body: Record<string, unknown>, who: Parameters<typeof b.print>[0]) {
    const started = performance.now();
    const res = await b.print(who, body);
    expect(res.body.data?.outcome).toBe('queued');
    await t.app.bus.idle();
    return { job: await jobRow(res.body.data?.job?.id ?? 0), ms: performance.now() - started };
  }

  it('E4.76 a printer that takes the connection but never reads: failed within the timeout, saying so; sent once; the next job prints', async () => {
    const s = await b.setup();
    const jammed = await stalled();
    const direct = await b.addPrinter(s.organizer, s.event.id, {
      label: 'Jammed',
      kind: 'zpl',
      host: '127.0.0.1',
      port: jammed.port,
      printType: 'directly',
    });
    const { job, ms } = await printAndSettle(
      { eventId: s.event.id, ticketId: s.ticketId, printerId: direct.id },
      s.staff,
    );
    expect(job).toMatchObject({ status: 'failed', attempts: 1, printed_at: null, lease_until: null });
    expect(job.last_error).toBe(
      `127.0.0.1:${jammed.port} took the job but did not confirm it (close the connection) within 0.3 s`,
    );
    expect(ms).toBeGreaterThanOrEqual(SHORT_TIMEOUT_MS);
    expect(ms).toBeLessThan(PRINT_TIMEOUT_MS);
    // E7.74: the desks saw it queued, sent, failed; the badge is not recorded printed.
    const states = (await badgeRecords(t, s.event.id))
      .filter((r) => r.type === 'badge.print')
      .map((r) => r.payload.job?.status);
    expect(states).toEqual(['queued', 'sending', 'failed']);
    expect(
      await t.ctx.db
        .selectFrom('badge_prints')
        .selectAll()
        .where('participant_id', '=', s.guest.id)
        .execute(),
    ).toEqual([]);
    // Nothing sends it again by itself.
    expect(await sweepPrintJobs(t.ctx, t.app.realtime)).toBe(0);
    expect(jammed.connections).toBe(1);

    // The next badge, on a printer that works, prints once.
    const lp = await printer();
    const desk = await b.addPrinter(s.organizer, s.event.id, {
      label: 'Works',
      kind: 'zpl',
      host: '127.0.0.1',
      port: lp.port,
    });
    const next = await makePerson(t.ctx, s.event.id, { name: 'Next', surname: 'Inline' });
    const { job: printed } = await printAndSettle(
      { eventId: s.event.id, ticketId: await b.withTicket(next), printerId: desk.id },
      s.staff,
    );
    expect(printed).toMatchObject({ status: 'printed', attempts: 1 });
    expect(await sweepPrintJobs(t.ctx, t.app.realtime)).toBe(0);
    expect(lp.jobs).toHaveLength(1);
    expect(lp.jobs[0]).toContain('^FH_^FDInline^FS');
    expect(jammed.connections).toBe(1);
  });

  it('E4.76 an address that does not answer at all: each attempt ends at the timeout, queued again, then failed', async () => {
    const s = await b.setup();
    const silent = await silentAddress();
    closers.push(silent.close);
    const T0 = new Date('2030-04-01T09:00:00Z');
    t.setNow(T0);
    const queue = await b.addPrinter(s.organizer, s.event.id, {
      label: 'Off the network',
      kind: 'zpl',
      host: '127.0.0.1',
      port: silent.port,
    });
    const { job, ms } = await printAndSettle(
      { eventId: s.event.id, ticketId: s.ticketId, printerId: queue.id },
      s.staff,
    );
    const message = `No connection to 127.0.0.1:${silent.port} within 0.3 s: the printer does not answer`;
    expect(job).toMatchObject({ status: 'queued', attempts: 1, last_error: message });
    expect(ms).toBeGreaterThanOrEqual(SHORT_TIMEOUT_MS);
    expect(ms).toBeLessThan(PRINT_TIMEOUT_MS);
    let at = T0.getTime();
    for (const delay of RETRY_DELAYS_MS) {
      at += delay;
      t.setNow(new Date(at));
      const started = performance.now();
      expect(await sweepPrintJobs(t.ctx, t.app.realtime)).toBe(1);
      expect(performance.now() - started).toBeLessThan(PRINT_TIMEOUT_MS);
    }
    expect(await jobRow(job.id)).toMatchObject({
      status: 'failed',
      attempts: MAX_ATTEMPTS,
      last_error: message,
    });
  });

  it('E4.76 a closed port fails at once, saying it was refused', async () => {
    const s = await b.setup();
    const port = await deadPort();
    const direct = await b.addPrinter(s.organizer, s.event.id, {
      label: 'Closed',
      kind: 'txt',
      host: '127.0.0.1',
      port,
      printType: 'directly',
    });
    await b.addTemplate(s.organizer, s.event.id, {
      name: 'Text',
      size: 'cr80',
      isDefault: true,
      text: '{FullName}',
    });
    const { job, ms } = await printAndSettle(
      { eventId: s.event.id, ticketId: s.ticketId, printerId: direct.id },
      s.staff,
    );
    expect(job).toMatchObject({ status: 'failed', attempts: 1 });
    expect(job.last_error).toBe(
      `127.0.0.1:${port} refused the connection: no printer listens there (ECONNREFUSED)`,
    );
    expect(ms).toBeLessThan(PRINT_TIMEOUT_MS);
  });

  it('E4.76 a printer that takes the connection and hangs up at once: not printed, retried with backoff, then failed', async () => {
    const s = await b.setup();
    const hangUp = await hangUpPrinter('close');
    closers.push(hangUp.close);
    const T0 = new Date('2030-04-01T09:00:00Z');
    t.setNow(T0);
    const queue = await b.addPrinter(s.organizer, s.event.id, {
      label: 'Hangs up',
      kind: 'zpl',
      host: '127.0.0.1',
      port: hangUp.port,
    });
    const { job } = await printAndSettle(
      { eventId: s.event.id, ticketId: s.ticketId, printerId: queue.id },
      s.staff,
    );
    // Its close (a FIN, read before ours is sent) or its reset for the job, whichever comes first.
    const dropped = new RegExp(
      `^127\\.0\\.0\\.1:${hangUp.port} (dropped the connection during the job \\((EPIPE|ECONNRESET)\\)|closed the connection before it took the job)$`,
    );
    expect(job).toMatchObject({ status: 'queued', attempts: 1, printed_at: null });
    expect(job.last_error).toMatch(dropped);
    let at = T0.getTime();
    for (const delay of RETRY_DELAYS_MS) {
      at += delay;
      t.setNow(new Date(at));
      expect(await sweepPrintJobs(t.ctx, t.app.realtime)).toBe(1);
    }
    const failed = await jobRow(job.id);
    expect(failed).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, printed_at: null });
    expect(failed.last_error).toMatch(dropped);
    expect(hangUp.connections).toBe(MAX_ATTEMPTS);
    // The badge is not recorded printed: the desk may print it again.
    expect(
      await t.ctx.db
        .selectFrom('badge_prints')
        .selectAll()
        .where('participant_id', '=', s.guest.id)
        .execute(),
    ).toEqual([]);
  });

  it('a printer that closes its side before it has the whole job: failed, not taken for a confirmation', async () => {
    const hangUp = await hangUpPrinter('halfClose');
    closers.push(hangUp.close);
    const error = await sendRaw('127.0.0.1', hangUp.port, new Uint8Array(32 * 1024 * 1024), {
      allowLoopback: true,
      timeoutMs: PRINT_TIMEOUT_MS,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe(
      `127.0.0.1:${hangUp.port} closed the connection before it took the job`,
    );
  });

  it('a job too big for a printer that never reads: the connection, not the job, within the timeout', async () => {
    const jammed = await stalled();
    const started = performance.now();
    const error = await sendRaw('127.0.0.1', jammed.port, new Uint8Array(64 * 1024 * 1024), {
      allowLoopback: true,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe(
      `127.0.0.1:${jammed.port} took the connection but not the job within 0.3 s`,
    );
    expect(performance.now() - started).toBeLessThan(PRINT_TIMEOUT_MS);
  });
});

describe('the console: test print and retry (E3.36, E4.76)', () => {
  const closers: (() => Promise<void>)[] = [];
  beforeAll(() => {
    printerTiming.timeoutMs = SHORT_TIMEOUT_MS;
  });
  afterEach(async () => {
    for (const close of closers.splice(0)) await close();
  });
  afterAll(() => {
    printerTiming.timeoutMs = PRINT_TIMEOUT_MS;
  });

  const testPrint = (who: Parameters<typeof b.print>[0], eventId: number, printerId: number) =>
    b.api<PrinterTest>(who, 'POST', `/organizer/event/${eventId}/badges/printers/${printerId}/test`);
  const retry = (who: Parameters<typeof b.print>[0], eventId: number, jobId: number, body: object = {}) =>
    b.api<BadgePrintAnswer>(who, 'POST', `/organizer/event/${eventId}/badges/jobs/${jobId}/retry`, body);

  it('E3.36 a test print sends a ZPL label to a label printer and text to a TXT one, queues nothing, and says why when it fails', async () => {
    const s = await b.setup();
    t.setNow(new Date('2030-04-01T09:05:00Z'));
    const lp = await printer();
    const zpl = await b.addPrinter(s.organizer, s.event.id, {
      label: 'Desk ^A_',
      kind: 'zpl',
      host: '127.0.0.1',
      port: lp.port,
      dpi: 300,
    });
    const res = await testPrint(s.organizer, s.event.id, zpl.id);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ sent: true, format: 'zpl', error: null, errorCode: null });
    const [label] = await lp.received(1);
    expect(label).toMatch(/^\^XA\n\^CI28\n\^PW637\n/); // 54 mm at 300 dpi
    expect(label).toContain('^FH_^FDFoyer test print^FS');
    expect(label).toContain('^FH_^FDDesk _5EA_5F^FS');
    expect(label).toContain(`^FH_^FD127.0.0.1:${lp.port}^FS`);
    expect(label).toContain('^FH_^FD2030-04-01 09:05 UTC^FS');
    expect(label?.trim().endsWith('^XZ')).toBe(true);

    const txt = await b.addPrinter(s.organizer, s.event.id, {
      label: 'Text desk',
      kind: 'txt',
      host: '127.0.0.1',
      port: lp.port,
    });
    expect((await testPrint(s.organizer, s.event.id, txt.id)).body.data).toEqual({
      sent: true,
      format: 'txt',
      error: null,
      errorCode: null,
    });
    const [, text] = await lp.received(2);
    expect(text).toBe(`Foyer test print\nText desk\n127.0.0.1:${lp.port}\n2030-04-01 09:05 UTC\n`);
    // Not a badge: no job, no print recorded.
    const jobs = await t.ctx.db
      .selectFrom('badge_print_jobs')
      .select('id')
      .where('event_id', '=', s.event.id)
      .execute();
    expect(jobs).toEqual([]);

    // A printer that does not print answers why, within the timeout.
    const jammed = await stalledPrinter();
    closers.push(jammed.close);
    const port = await deadPort();
    for (const [target, error, errorCode] of [
      [
        jammed.port,
        `127.0.0.1:${jammed.port} took the job but did not confirm it (close the connection) within 0.3 s`,
        'notConfirmed',
      ],
      [port, `127.0.0.1:${port} refused the connection: no printer listens there (ECONNREFUSED)`, 'refused'],
    ] as const) {
      const down = await b.addPrinter(s.organizer, s.event.id, {
        label: 'Down',
        kind: 'zpl',
        host: '127.0.0.1',
        port: target,
      });
      const answer = await testPrint(s.organizer, s.event.id, down.id);
      expect(answer.status).toBe(200);
      expect(answer.body.data).toEqual({ sent: false, format: 'zpl', error, errorCode });
    }

    // A PDF printer has nothing to send to; check-in staff may not; another event's printer is not found.
    const pdf = await b.addPrinter(s.organizer, s.event.id, { label: 'Browser', kind: 'pdf' });
    const refused = await testPrint(s.organizer, s.event.id, pdf.id);
    expect(refused.status).toBe(400);
    expect(refused.body.error?.fields).toEqual({ printerId: 'badges.error.testPrinter' });
    expect((await testPrint(s.staff, s.event.id, zpl.id)).status).toBe(403);
    const other = await b.setup();
    expect((await testPrint(other.organizer, other.event.id, zpl.id)).status).toBe(404);
    expect(lp.jobs).toHaveLength(2);
  });

  it('E4.76 a job failed on a dead printer is retried once the printer points to a live one, and prints once', async () => {
    const s = await b.setup();
    const dead = await deadPort();
    const input = { label: 'Moved', kind: 'zpl' as const, host: '127.0.0.1', printType: 'directly' as const };
    const moved = await b.addPrinter(s.organizer, s.event.id, { ...input, port: dead });
    const res = await b.print(s.staff, { eventId: s.event.id, ticketId: s.ticketId, printerId: moved.id });
    await t.app.bus.idle();
    const jobId = res.body.data?.job?.id ?? 0;
    expect(await jobRow(jobId)).toMatchObject({ status: 'failed', attempts: 1 });

    // Only organizers retry, only the event's jobs.
    expect((await retry(s.staff, s.event.id, jobId)).status).toBe(403);
    const other = await b.setup();
    expect((await retry(other.organizer, other.event.id, jobId)).status).toBe(404);

    const lp = await printer();
    const put = await b.api(
      s.organizer,
      'PUT',
      `/organizer/event/${s.event.id}/badges/printers/${moved.id}`,
      {
        ...input,
        port: lp.port,
      },
    );
    expect(put.status).toBe(200);
    const again = await retry(s.organizer, s.event.id, jobId);
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({
      outcome: 'queued',
      success: true,
      job: { id: jobId, status: 'queued', attempts: 0, lastError: null },
    });
    const [zpl] = await lp.received(1);
    await t.app.bus.idle();
    expect(zpl).toContain('^FH_^FDHopper^FS');
    expect(await jobRow(jobId)).toMatchObject({ status: 'printed', attempts: 1, last_error: null });
    expect(await sweepPrintJobs(t.ctx, t.app.realtime)).toBe(0);
    expect(lp.jobs).toHaveLength(1);
    const states = (await badgeRecords(t, s.event.id))
      .filter((r) => r.type === 'badge.print' && r.payload.job?.id === jobId)
      .map((r) => r.payload.job?.status);
    expect(states).toEqual(['queued', 'sending', 'failed', 'queued', 'sending', 'printed']);

    // A printed job is not retried.
    const twice = await retry(s.organizer, s.event.id, jobId);
    expect(twice.status).toBe(409);
    expect(lp.jobs).toHaveLength(1);
  });

  it('E8.16 a failed job whose badge printed since is not retried unless forced; E9.56 not on a printer that is off', async () => {
    const s = await b.setup();
    const dead = await deadPort();
    const input = { label: 'Flaky', kind: 'zpl' as const, host: '127.0.0.1', printType: 'directly' as const };
    const flaky = await b.addPrinter(s.organizer, s.event.id, { ...input, port: dead });
    const res = await b.print(s.staff, { eventId: s.event.id, ticketId: s.ticketId, printerId: flaky.id });
    await t.app.bus.idle();
    const jobId = res.body.data?.job?.id ?? 0;
    expect(await jobRow(jobId)).toMatchObject({ status: 'failed' });

    // The desk printed the badge on another printer meanwhile.
    const lp = await printer();
    const desk = await b.addPrinter(s.organizer, s.event.id, {
      label: 'Desk',
      kind: 'zpl',
      host: '127.0.0.1',
      port: lp.port,
    });
    await b.print(s.staff, { eventId: s.event.id, ticketId: s.ticketId, printerId: desk.id });
    await lp.received(1);
    await t.app.bus.idle();

    await b.api(s.organizer, 'PUT', `/organizer/event/${s.event.id}/badges/printers/${flaky.id}`, {
      ...input,
      port: lp.port,
    });
    const refused = await retry(s.organizer, s.event.id, jobId);
    expect(refused.body.data).toMatchObject({
      outcome: 'alreadyPrinted',
      success: false,
      job: { status: 'failed' },
    });
    expect(refused.body.data?.printedAt).not.toBeNull();
    expect(await jobRow(jobId)).toMatchObject({ status: 'failed' });

    // Off: the retry is refused, the job stays failed.
    await b.api(s.organizer, 'PUT', `/organizer/event/${s.event.id}/badges/printers/${flaky.id}`, {
      ...input,
      port: lp.port,
      printType: 'none',
    });
    const off = await retry(s.organizer, s.event.id, jobId, { force: true });
    expect(off.status).toBe(400);
    expect(off.body.error?.fields).toEqual({ printerId: 'badges.error.retryPrinter' });

    await b.api(s.organizer, 'PUT', `/organizer/event/${s.event.id}/badges/printers/${flaky.id}`, {
      ...input,
      port: lp.port,
    });
    const forced = await retry(s.organizer, s.event.id, jobId, { force: true });
    expect(forced.body.data).toMatchObject({ outcome: 'queued', job: { status: 'queued', force: true } });
    await lp.received(2);
    await t.app.bus.idle();
    expect(await jobRow(jobId)).toMatchObject({ status: 'printed' });
    expect(lp.jobs).toHaveLength(2);
    expect((await retry(s.organizer, s.event.id, jobId, { force: 'yes' })).status).toBe(400);
  });
});

/**
 * A retry beside a batch: the batch's job for the badge comes in after the retry's check (a batch
 * takes no badge lock). PGlite runs one transaction at a time: only PostgreSQL lets them meet.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('a retry beside a batch (PostgreSQL)', () => {
  const held = useHeldTransactions(() => t.ctx.db);

  it('E4.76 a retry that meets a batch’s job for the badge answers “already printing” with it, not a 500; the failed job stays', async () => {
    const s = await b.setup();
    const dead = await b.addPrinter(s.organizer, s.event.id, {
      label: 'Dead',
      kind: 'zpl',
      host: '127.0.0.1',
      port: await deadPort(),
      printType: 'directly',
    });
    const res = await b.print(s.staff, { eventId: s.event.id, ticketId: s.ticketId, printerId: dead.id });
    await t.app.bus.idle();
    const failed = await jobRow(res.body.data?.job?.id ?? 0);
    expect(failed.status).toBe('failed');
    let batchJob = 0;
    const answer = await held.behind(
      async (trx) => {
        const row = await trx
          .insertInto('badge_print_jobs')
          .values({
            event_id: s.event.id,
            participant_id: failed.participant_id,
            printer_id: dead.id,
            status: 'queued',
            next_attempt_at: new Date(Date.now() + 3_600_000), // not picked up while the test runs
            updated_at: new Date(),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        batchJob = row.id;
      },
      () =>
        b.api<BadgePrintAnswer>(
          s.organizer,
          'POST',
          `/organizer/event/${s.event.id}/badges/jobs/${failed.id}/retry`,
          {},
        ),
    );
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      outcome: 'alreadyPrinting',
      job: { id: batchJob, status: 'queued' },
    });
    expect(await jobRow(failed.id)).toMatchObject({ status: 'failed' });
  });
});

/**
 * A printer slow enough that a batch's claimed jobs outlive their lease before their turn comes (the
 * processor claims ten at a time and sends them one after another); the sweep takes those over.
 * Each printer's connection moves the clock on by `stepMs`, as if that label took so long.
 */
describe('a slow printer and the sweep (E4.76)', () => {
  const servers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const close of servers.splice(0)) await close();
  });

  async function slowPrinter(stepMs: number, onSlow: () => Promise<unknown>, slowAfter: Date) {
    const jobs: string[] = [];
    let sweep: Promise<unknown> | null = null;
    const server = createServer((socket) => {
      t.setNow(new Date(t.ctx.now().getTime() + stepMs));
      // The first label that ends past the lease: the sweep runs while it is being printed.
      let during: Promise<unknown> | null = null;
      if (sweep === null && t.ctx.now() > slowAfter) {
        sweep = onSlow();
        during = sweep;
      }
      const chunks: Buffer[] = [];
      socket.on('data', (chunk: Buffer) => chunks.push(chunk));
      socket.on('error', () => {});
      socket.on('end', () => {
        jobs.push(Buffer.concat(chunks).toString('utf8'));
        void Promise.resolve(during).then(() => socket.end());
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    servers.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const address = server.address();
    return {
      port: typeof address === 'object' && address ? address.port : 0,
      jobs,
      swept: () => sweep,
    };
  }

  it('E4.76 each badge prints once when claimed jobs wait past their lease behind a slow printer', async () => {
    const s = await b.setup();
    const T0 = new Date('2030-04-03T09:00:00Z');
    t.setNow(T0);
    // Four seconds a label, inside the printer timeout: the eighth of the ten claimed at 0 s ends at
    // 32 s, past their lease (30 s).
    const slow = await slowPrinter(
      4_000,
      () => sweepPrintJobs(t.ctx, t.app.realtime),
      new Date(T0.getTime() + 30_000),
    );
    const zpl = await b.addPrinter(s.organizer, s.event.id, {
      label: 'Slow',
      kind: 'zpl',
      host: '127.0.0.1',
      port: slow.port,
    });
    const people = [s.guest];
    for (let i = 1; i < 10; i += 1) {
      people.push(await makePerson(t.ctx, s.event.id, { name: 'Guest', surname: `Number${i}x` }));
    }
    const ids: number[] = [];
    for (const person of people) {
      const row = await t.ctx.db
        .insertInto('badge_print_jobs')
        .values({
          event_id: s.event.id,
          participant_id: person.id,
          printer_id: zpl.id,
          status: 'queued',
          force: true,
          next_attempt_at: T0,
          created_at: T0,
          updated_at: T0,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
    // As the processor does for a batch: claim the ten, then send them in turn.
    expect(await sendJobs(t.ctx, t.app.realtime, ids)).toBe(10);
    expect(slow.swept()).not.toBeNull();
    expect(await slow.swept()).toBeGreaterThan(0);
    expect(await sweepPrintJobs(t.ctx, t.app.realtime)).toBe(0);

    const surnames = people.map((p) => (p.id === s.guest.id ? 'Hopper' : `Number${people.indexOf(p)}x`));
    const printedTimes = surnames.map(
      (name) => slow.jobs.filter((job) => job.includes(`^FD${name}^FS`)).length,
    );
    expect(printedTimes).toEqual(surnames.map(() => 1));
    expect(slow.jobs).toHaveLength(10);
    const rows = await t.ctx.db
      .selectFrom('badge_print_jobs')
      .select(['status', 'attempts'])
      .where('id', 'in', ids)
      .execute();
    expect(rows).toEqual(ids.map(() => ({ status: 'printed', attempts: 1 })));
    const counts = await t.ctx.db
      .selectFrom('badge_prints')
      .select('print_count')
      .where(
        'participant_id',
        'in',
        people.map((p) => p.id),
      )
      .execute();
    expect(counts).toEqual(people.map(() => ({ print_count: 1 })));
  });
});
