import { createServer, type Server } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screenChecks } from './lib/a11y';
import { launchBrowser } from './lib/browser';
import { freshTicket, scan } from './lib/checkin';
import { api, apiLogin, DEMO_LOGINS, DEMO_PASSWORD, demoEventId } from './lib/flows';
import { demoLogin, signIn } from './lib/sign-in';

const expectAccessible = screenChecks('badges');

/** A raw-TCP label printer on loopback: every connection is one job, read to its end. */
function loopbackPrinter() {
  const jobs: string[] = [];
  const listeners = new Set<() => void>();
  const server: Server = createServer((socket) => {
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', () => {});
    socket.on('end', () => {
      jobs.push(Buffer.concat(chunks).toString('utf8'));
      socket.end();
      for (const listener of listeners) listener();
    });
  });
  const ready = new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    }),
  );
  /** Resolves once the printer got `count` jobs containing `text` (checked as each job arrives). */
  const jobWith = (text: string, count = 1, timeoutMs = 20_000) =>
    new Promise<string[]>((resolve, reject) => {
      const check = () => {
        const found = jobs.filter((job) => job.includes(text));
        if (found.length < count) return;
        done();
        resolve(found);
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`printer: no ${count} job(s) with ${text}; got ${jobs.length}`));
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        listeners.delete(check);
      };
      listeners.add(check);
      check();
    });
  return { jobs, ready, jobWith, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A loopback port nothing listens on: a printer that is switched off (connections are refused). */
async function closedPort(): Promise<number> {
  const server = createServer();
  const port = await new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    }),
  );
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Badge printing: the console's printers, templates and batch print; a single badge at the desk. */
describe('badge printing in the browser', () => {
  let browser: Browser;
  let context: BrowserContext | undefined;
  let eventId: number;
  let organizerToken: string;
  const printer = loopbackPrinter();
  let port: number;
  const tag = Date.now().toString(36);
  const printerLabel = `Loopback ${tag}`;

  beforeAll(async () => {
    browser = await launchBrowser();
    eventId = await demoEventId();
    organizerToken = await apiLogin(DEMO_LOGINS.organizer, DEMO_PASSWORD);
    port = await printer.ready;
  });
  afterAll(async () => {
    await browser?.close();
    await printer.close();
  });
  afterEach(async () => {
    await context?.close();
    context = undefined;
  });

  async function organizer(viewport: 'desktop' | 'mobile'): Promise<Page> {
    let page: Page;
    ({ context, page } = await signIn(browser, demoLogin('organizer'), { viewport, landing: 'none' }));
    return page;
  }

  /** The organizer's phone at the check-in desk. */
  async function deskOnPhone(): Promise<Page> {
    const page = await organizer('mobile');
    await page.goto(`/event/${eventId}/`);
    await page.getByTestId('mobile-menu-button').click();
    await page.getByTestId('nav-checkIn').click();
    await page.getByTestId('check-in-panel').waitFor();
    return page;
  }

  /** Picks this desk's printer in the desk's settings (E2.55) and closes them. */
  async function chooseDeskPrinter(page: Page, label: string): Promise<void> {
    await page.getByTestId('check-in-settings-toggle').click();
    // The settings open with an animation: open the list until it shows (a click mid-way may miss).
    const choice = page.getByRole('option', { name: new RegExp(label) });
    for (let attempt = 0; attempt < 5 && !(await choice.isVisible()); attempt += 1) {
      await page.getByTestId('printer-select').click();
      await choice.waitFor({ timeout: 2_000 }).catch(() => undefined);
    }
    await choice.click();
    await page.getByTestId('check-in-settings-toggle').click();
  }

  /** The loopback printer of the first test, or a new one when a test runs alone. */
  async function ensurePrinter(): Promise<void> {
    const consoleData = await api<{ printers: { id: number; label: string }[] }>(
      `/organizer/event/${eventId}/badges`,
      { token: organizerToken },
    );
    if (!consoleData.printers.some((p) => p.label === printerLabel)) {
      await api(`/organizer/event/${eventId}/badges/printers`, {
        token: organizerToken,
        body: { label: printerLabel, kind: 'zpl', host: '127.0.0.1', port },
      });
    }
  }

  it('E3.36 E3.37 E9.50 organizers add a printer and a template with a preview, then batch-print a type to the printer', async () => {
    // Arrangement: a participant type of its own with two new attendees, so the batch is exactly them.
    const type = await api<{ id: number }>(`/organizer/event/${eventId}/types`, {
      token: organizerToken,
      body: { name: `Badge batch ${tag}` },
    });
    const people = [
      await freshTicket(eventId, 'Batch', `Zeynep ${tag}`),
      await freshTicket(eventId, 'Batch', `Юлия ${tag}`),
    ];
    await api(`/organizer/event/${eventId}/participants/bulk`, {
      token: organizerToken,
      body: { ids: people.map((p) => p.participantId), action: 'setType', typeId: type.id },
    });

    const page = await organizer('desktop');
    await page.goto(`/organizer/${eventId}/exhibitors`);
    await page.getByTestId('printer-add').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('printer-label').fill(printerLabel);
    await dialog.getByTestId('printer-host').fill('127.0.0.1');
    await dialog.getByTestId('printer-port').fill(String(port));
    await dialog.getByTestId('printer-save').click();
    await page.getByTestId('printer-row').filter({ hasText: printerLabel }).waitFor();

    await page.getByTestId('template-add').click();
    await dialog.getByTestId('template-name').fill(`Speakers ${tag}`);
    await dialog.getByLabel('Participant type').click();
    await page.getByRole('option', { name: `Badge batch ${tag}` }).click();
    await dialog.getByTestId('template-line').first().fill('{FullName}');
    // The preview draws the sample person with the line as typed.
    await dialog.getByTestId('badge-preview').getByText('Ada Lovelace').waitFor();
    await expectAccessible(page, 'template-1280');
    await dialog.getByTestId('template-save').click();
    await page
      .getByTestId('template-row')
      .filter({ hasText: `Speakers ${tag}` })
      .waitFor();

    await page.getByTestId('batch-printer').click();
    await page.getByRole('option', { name: printerLabel }).click();
    await page.getByRole('combobox', { name: 'Participant types' }).click();
    await page.getByRole('option', { name: `Badge batch ${tag}` }).click();
    await page.keyboard.press('Escape');
    await page.getByTestId('batch-start').click();
    await page.getByText('2 badges queued.').first().waitFor();
    await page.getByTestId('batch-progress').and(page.locator('[data-done="2"]')).waitFor();
    await page.getByText('2 of 2 printed').waitFor();
    const zeynep = await printer.jobWith(`Batch Zeynep ${tag}`);
    const yulia = await printer.jobWith(`Batch Юлия ${tag}`);
    expect(zeynep[0]).toMatch(/^\^XA\n\^CI28/);
    expect(yulia[0]).toContain('^BQN,2,');
    await page
      .getByTestId('queue-row')
      .filter({ hasText: `Batch Zeynep ${tag}` })
      .first()
      .waitFor();
    await expectAccessible(page, 'console-1280');
  });

  it("the console's badge set-up reads at 375 px", async () => {
    const page = await organizer('mobile');
    await page.goto(`/organizer/${eventId}/exhibitors`);
    await page.getByTestId('printer-add').waitFor();
    await page
      .getByTestId('batch-start')
      .or(page.getByText('Add a label or text printer to print badges in bulk.'))
      .waitFor();
    await expectAccessible(page, 'console-375');
  });

  it('E1.15 E2.55 E2.79 E4.72 E4.76 E8.16 E8.18 a desk prints the badge after a check-in, live, and reprints only when confirmed', async () => {
    await ensurePrinter();
    const guest = await freshTicket(eventId, 'Desk', `Şule ${tag}`);
    const page = await deskOnPhone();

    // E2.55: this desk's printer, kept on the device.
    await chooseDeskPrinter(page, printerLabel);
    expect(
      await page.evaluate((id) => localStorage.getItem(`foyer.badgePrinter.${id}`), eventId),
    ).not.toBeNull();

    await scan(page, guest.ticketId);
    const result = page.getByTestId('check-in-result');
    await result.getByText(`${guest.name} is checked in`).waitFor();
    // E4.72: a check-in queues the badge on this desk's printer by itself; its state follows live.
    await page.getByText('Badge sent to the print queue.').first().waitFor(); // E8.18
    await result.getByTestId('print-status').and(page.locator('[data-status="printed"]')).waitFor(); // E4.76
    const [zpl] = await printer.jobWith(`Şule ${tag}`);
    expect(zpl).toContain('^FDDesk^FS');
    await expectAccessible(page, 'desk-375');

    // E8.16: a second print warns, and prints only after the confirm (printBadgeForced).
    await result.getByTestId('print-badge').click();
    await page.getByText('This badge has already been printed.').first().waitFor();
    await result.getByTestId('print-badge-again').click();
    await page.getByRole('dialog').getByText('Print this badge again?').waitFor();
    await page.getByTestId('print-badge-confirm').click();
    await printer.jobWith(`Şule ${tag}`, 2);
  });
  it('E4.76 E8.18 a badge the desk cannot print says why under the print button, at 375 px', async () => {
    const offLabel = `Off ${tag}`;
    await api(`/organizer/event/${eventId}/badges/printers`, {
      token: organizerToken,
      // One attempt, no retries: the desk hears of the failure at once.
      body: {
        label: offLabel,
        kind: 'zpl',
        host: '127.0.0.1',
        port: await closedPort(),
        printType: 'directly',
      },
    });
    const guest = await freshTicket(eventId, 'Desk', `Ines ${tag}`);
    const page = await deskOnPhone();
    await chooseDeskPrinter(page, offLabel);

    await scan(page, guest.ticketId);
    const result = page.getByTestId('check-in-result');
    await result.getByText(`${guest.name} is checked in`).waitFor();
    // E8.18 as this printer takes it: sent to the printer at once, not left in a queue.
    await page.getByText('Badge sent to the printer.').first().waitFor();
    expect(await page.getByText('Badge sent to the print queue.').count()).toBe(0);
    await result.getByTestId('print-status').and(page.locator('[data-status="failed"]')).waitFor();
    const reason = result.getByTestId('print-error');
    await reason.getByText(/could not be printed.*refused the connection/s).waitFor();
    await expectAccessible(page, 'desk-print-failed-375');
    // The reason wraps inside the phone's width instead of widening the page.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  it('E3.36 a test print from the console reaches the label printer', async () => {
    await ensurePrinter();
    const page = await organizer('desktop');
    await page.goto(`/organizer/${eventId}/exhibitors`);
    const row = page.getByTestId('printer-row').filter({ hasText: printerLabel });
    await row.getByRole('button', { name: `Test print: ${printerLabel}` }).click();
    await page.getByText(`${printerLabel} took the test label.`).first().waitFor();
    const [label] = await printer.jobWith(`^FD${printerLabel}^FS`);
    expect(label).toMatch(/^\^XA\n\^CI28\n/);
    expect(label).toContain('^FDFoyer test print^FS');
    expect(label).toContain(`^FD127.0.0.1:${port}^FS`);
    expect(label?.trim().endsWith('^XZ')).toBe(true);
  });

  it('E4.76 a job failed on a dead printer is retried from the queue once the printer points to a live one, and prints once', async () => {
    // Arrangement: a printer that is off (one attempt), and a badge queued on it that fails.
    const movedLabel = `Moved ${tag}`;
    const dead = await closedPort();
    const moved = await api<{ id: number }>(`/organizer/event/${eventId}/badges/printers`, {
      token: organizerToken,
      body: { label: movedLabel, kind: 'zpl', host: '127.0.0.1', port: dead, printType: 'directly' },
    });
    const guest = await freshTicket(eventId, 'Retry', `Rafael ${tag}`);
    const queued = await api<{ outcome: string }>('/event/participant/badge/printQueue', {
      token: organizerToken,
      body: { eventId, ticketId: guest.ticketId, printerId: moved.id },
    });
    expect(queued.outcome).toBe('queued');

    const page = await organizer('desktop');
    await page.goto(`/organizer/${eventId}/exhibitors`);
    const job = page.getByTestId('queue-row').filter({ hasText: guest.name });
    await job.and(page.locator('[data-status="failed"]')).waitFor();
    await job
      .getByTestId('queue-error')
      .getByText(/refused the connection/)
      .waitFor();
    await expectAccessible(page, 'queue-failed-1280');

    // The organizer points the printer to one that works, then retries the job.
    await page
      .getByTestId('printer-row')
      .filter({ hasText: movedLabel })
      .getByRole('button', { name: `Edit ${movedLabel}` })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('printer-port').fill(String(port));
    await dialog.getByTestId('printer-save').click();
    await page.getByText('Printer saved.').first().waitFor();
    await dialog.waitFor({ state: 'detached' });
    await job.getByRole('button', { name: `Retry: ${guest.name}` }).click();
    await page.getByText(`The badge of ${guest.name} is queued again.`).first().waitFor();
    await job.and(page.locator('[data-status="printed"]')).waitFor();
    const printed = await printer.jobWith(`^FDRafael ${tag}^FS`);
    expect(printed).toHaveLength(1);
    const state = await api<{ status: string; attempts: number }>(
      `/event/participant/badge/printQueue/job?eventId=${eventId}&jobId=${await jobIdOf(guest.participantId)}`,
      { token: organizerToken },
    );
    expect(state).toMatchObject({ status: 'printed', attempts: 1 });
    expect(printer.jobs.filter((z) => z.includes(`^FDRafael ${tag}^FS`))).toHaveLength(1);
    await expect(job.getByTestId('queue-retry').count()).resolves.toBe(0);
  });

  /** The id of the newest print job of a participant, from the console's queue. */
  async function jobIdOf(participantId: number): Promise<number> {
    const queue = await api<{ items: { id: number; participantId: number }[] }>(
      `/organizer/event/${eventId}/badges/jobs`,
      { token: organizerToken },
    );
    const found = queue.items.find((j) => j.participantId === participantId);
    if (!found) throw new Error(`no print job for participant ${participantId}`);
    return found.id;
  }
});
