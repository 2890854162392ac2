import type { PrinterTest, PrintJob } from '@foyer/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper';
import { badgeApi, deadPort, hangUpPrinter, type LoopbackPrinter, loopbackPrinter } from './badges.fixtures';
import { PrintError, sendRaw } from './badges.printer';
import { MAX_ATTEMPTS, RETRY_DELAYS_MS, sweepPrintJobs } from './badges.queue.sending';

/** What a printer does with a job once the connection is open, and what the console is told. */

let t: TestApp;
let b: ReturnType<typeof badgeApi>;
const closers: (() => Promise<void>)[] = [];
beforeAll(async () => {
  t = await createTestApp();
  b = badgeApi(t);
});
afterEach(async () => {
  await t.app.bus.idle();
  t.setNow(null as unknown as Date);
  for (const close of closers.splice(0)) await close();
});
afterAll(async () => {
  await t.close();
});

const jobRow = (id: number) => b.jobRow(id);

const LABEL = '^XA^CI28\n^FO10,10^A0N,40,40^FH_^FDGrace Hopper^FS\n^XZ\n';

async function goodPrinter(): Promise<LoopbackPrinter> {
  const p = await loopbackPrinter();
  closers.push(p.close);
  return p;
}

describe('a printer that closes the connection cleanly before it took the job (E4.76)', () => {
  it('E4.76 a FIN at once, the job never read: each attempt fails as closed early, never printed', async () => {
    const fin = await hangUpPrinter('finAtOnce');
    closers.push(fin.close);
    for (let i = 0; i < 10; i += 1) {
      const error = await sendRaw('127.0.0.1', fin.port, LABEL, { allowLoopback: true }).catch(
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(PrintError);
      expect((error as PrintError).message).toBe(
        `127.0.0.1:${fin.port} closed the connection before it took the job`,
      );
      expect((error as PrintError).code).toBe('closedEarly');
    }
  });

  it('a printer that reads the whole job and then closes: printed, every time', async () => {
    const lp = await goodPrinter();
    for (let i = 0; i < 10; i += 1) {
      await sendRaw('127.0.0.1', lp.port, LABEL, { allowLoopback: true });
    }
    expect(await lp.received(10)).toEqual(Array(10).fill(LABEL));
  });

  it('E4.76 a queued badge on a printer that closes at once: retried with backoff, then failed, not recorded printed', async () => {
    const fin = await hangUpPrinter('finAtOnce');
    closers.push(fin.close);
    const { s, T0, id } = await b.queuedOnFailingPrinter(fin.port);
    const message = `127.0.0.1:${fin.port} closed the connection before it took the job`;
    expect(await jobRow(id)).toMatchObject({
      status: 'queued',
      attempts: 1,
      printed_at: null,
      last_error: message,
    });
    let at = T0.getTime();
    for (const delay of RETRY_DELAYS_MS) {
      at += delay;
      t.setNow(new Date(at));
      expect(await sweepPrintJobs(t.ctx, t.app.realtime)).toBe(1);
    }
    expect(await jobRow(id)).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, printed_at: null });
    expect(fin.connections).toBe(MAX_ATTEMPTS);
    const prints = await t.ctx.db
      .selectFrom('badge_prints')
      .selectAll()
      .where('participant_id', '=', s.guest.id)
      .execute();
    expect(prints).toEqual([]);
  });
});

describe('why a print failed, as a code the console translates', () => {
  it('a failed job and a failed test print carry a stable code with the English detail', async () => {
    const s = await b.setup();
    const port = await deadPort();
    const zpl = await b.addPrinter(s.organizer, s.event.id, {
      label: 'Off',
      kind: 'zpl',
      host: '127.0.0.1',
      port,
      printType: 'directly',
    });
    const res = await b.print(s.staff, { eventId: s.event.id, ticketId: s.ticketId, printerId: zpl.id });
    await t.app.bus.idle();
    const id = res.body.data?.job?.id ?? 0;
    const jobs = await b.api<{ items: PrintJob[] }>(
      s.organizer,
      'GET',
      `/organizer/event/${s.event.id}/badges/jobs`,
    );
    const job = jobs.body.data?.items.find((j) => j.id === id);
    expect(job).toMatchObject({
      status: 'failed',
      lastErrorCode: 'refused',
      lastError: `127.0.0.1:${port} refused the connection: no printer listens there (ECONNREFUSED)`,
    });
    // The desk's own view of the job says the same.
    const own = await b.api<PrintJob>(
      s.staff,
      'GET',
      `/event/participant/badge/printQueue/job?eventId=${s.event.id}&jobId=${id}`,
    );
    expect(own.body.data?.lastErrorCode).toBe('refused');

    const test = await b.api<PrinterTest>(
      s.organizer,
      'POST',
      `/organizer/event/${s.event.id}/badges/printers/${zpl.id}/test`,
    );
    expect(test.body.data).toEqual({
      sent: false,
      format: 'zpl',
      error: `127.0.0.1:${port} refused the connection: no printer listens there (ECONNREFUSED)`,
      errorCode: 'refused',
    });
  });

  it('a job whose printer was set not to print carries its code too', async () => {
    const { T0, zpl, id } = await b.queuedOnFailingPrinter();
    expect(await jobRow(id)).toMatchObject({ last_error_code: 'refused' });
    await t.ctx.db
      .updateTable('badge_printers')
      .set({ print_type: 'none' })
      .where('id', '=', zpl.id)
      .execute();
    t.setNow(new Date(T0.getTime() + (RETRY_DELAYS_MS[0] ?? 0)));
    expect(await sweepPrintJobs(t.ctx, t.app.realtime)).toBe(1);
    expect(await jobRow(id)).toMatchObject({ status: 'failed', last_error_code: 'printerOff' });
  });
});
