import type { Printer, PrinterTest } from '@foyer/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper';
import { badgeApi } from './badges.fixtures';

/**
 * Where badges may be sent. Anyone signed in can create an event and set its printers, and a
 * printer is raw TCP: a TXT template's text sent to this server's own Redis or database is taken as
 * their commands, and the test print's answer ("refused", "no answer") scans the server's ports.
 */
describe('a printer’s address, in production (loopback closed)', () => {
  let t: TestApp;
  let b: ReturnType<typeof badgeApi>;
  beforeAll(async () => {
    t = await createTestApp({ env: { PRINTER_LOOPBACK: 'false' } });
    b = badgeApi(t);
  });
  afterEach(async () => {
    await t.app.bus.idle();
  });
  afterAll(async () => {
    await t.close();
  });

  it('E9.56 this server’s own addresses and link-local ones are refused when saved, as a field error', async () => {
    const s = await b.setup();
    const url = `/organizer/event/${s.event.id}/badges/printers`;
    for (const host of [
      '127.0.0.1',
      '127.1.2.3',
      'localhost',
      'LocalHost',
      'printer.localhost',
      '::1',
      '169.254.169.254',
      'fe80::1',
    ]) {
      const res = await b.api(s.organizer, 'POST', url, { label: 'Desk', kind: 'txt', host, port: 6379 });
      expect(res.status, host).toBe(400);
      expect(res.body.error?.fields, host).toEqual({ host: 'badges.printer.error.address' });
    }
    // A venue's printers are on its private network: that stays open.
    for (const host of ['192.168.1.40', '10.0.0.7', 'printer.venue.example']) {
      const res = await b.api<Printer>(s.organizer, 'POST', url, { label: host, kind: 'zpl', host });
      expect(res.status, host).toBe(200);
    }
    const saved = await t.ctx.db
      .selectFrom('badge_printers')
      .select('host')
      .where('event_id', '=', s.event.id)
      .orderBy('id')
      .execute();
    expect(saved.map((p) => p.host)).toEqual(['192.168.1.40', '10.0.0.7', 'printer.venue.example']);
  });

  it('E9.56 a printer stored at this server before the rule (or by hand) gets nothing: the test print and a queued badge fail without connecting', async () => {
    const s = await b.setup();
    let connections = 0;
    const counted = await import('node:net').then(({ createServer }) =>
      createServer((socket) => {
        connections++;
        socket.destroy();
      }),
    );
    await new Promise<void>((resolve) => counted.listen(0, '127.0.0.1', resolve));
    const port = (counted.address() as { port: number }).port;
    try {
      const [row] = await t.ctx.db
        .insertInto('badge_printers')
        .values({
          event_id: s.event.id,
          label: 'Old',
          kind: 'zpl',
          host: 'localhost',
          port,
          print_type: 'directly',
        })
        .returning('id')
        .execute();
      const tested = await b.api<PrinterTest>(
        s.organizer,
        'POST',
        `/organizer/event/${s.event.id}/badges/printers/${row!.id}/test`,
      );
      expect(tested.status).toBe(200);
      expect(tested.body.data?.sent).toBe(false);
      expect(tested.body.data?.error).toContain('Badges cannot be sent there');
      const queued = await b.print(s.staff, {
        eventId: s.event.id,
        ticketId: s.ticketId,
        printerId: row!.id,
      });
      expect(queued.status, JSON.stringify(queued.body)).toBe(200);
      await t.app.bus.idle();
      const job = await t.ctx.db
        .selectFrom('badge_print_jobs')
        .select(['status', 'last_error'])
        .where('id', '=', queued.body.data?.job?.id ?? 0)
        .executeTakeFirstOrThrow();
      expect(job.status).toBe('failed');
      expect(job.last_error).toContain('Badges cannot be sent there');
      expect(connections).toBe(0);
    } finally {
      await new Promise<void>((resolve) => counted.close(() => resolve()));
    }
  });
});
