import { writeFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import QRCode from 'qrcode';
import { baseURL, launchBrowser } from './browser';
import { api, apiLogin, apiRegisterAttendee, DEMO_PASSWORD } from './flows';

/** A demo login's ticket id and name at the event (arrangement through the API). */
export async function ticketOf(email: string, eventId: number): Promise<{ ticketId: string; name: string }> {
  const token = await apiLogin(email, DEMO_PASSWORD);
  return ownTicket(token, eventId);
}

async function ownTicket(token: string, eventId: number): Promise<{ ticketId: string; name: string }> {
  const me = await api<{ ticketId: string | null; fullName: string }>(
    `/event/participant/me?eventId=${eventId}`,
    { token },
  );
  if (!me.ticketId) throw new Error(`participant ${me.fullName} has no ticket id`);
  return { ticketId: me.ticketId, name: me.fullName };
}

/** A newly registered attendee with a ticket nobody scanned yet (tests stay independent). */
export async function freshTicket(
  eventId: number,
  name: string,
  surname: string,
): Promise<{ ticketId: string; name: string; participantId: number }> {
  const person = await apiRegisterAttendee(eventId, {
    tag: 'checkin',
    name,
    surname,
    timezone: 'Europe/Istanbul',
  });
  const ticket = await ownTicket(person.token, eventId);
  return { ...ticket, participantId: person.participantId };
}

/** The link a printed badge's QR code carries (E5.52). */
export function badgeLink(ticketId: string): string {
  return `${baseURL()}/badge/tickets/${ticketId}`;
}

/** Types a code into the check-in panel the way a handheld scanner does (text, then Enter). */
export async function scan(page: Page, code: string): Promise<void> {
  const input = page.getByTestId('check-in-code');
  await input.fill(code);
  await input.press('Enter');
}

/**
 * The result panel's order number: a new answer has a higher one (also when it reads the same); 0
 * when none shows. Read in the page in one step: in fast mode the panel shows for a moment only, and
 * a locator's read after a count could wait its whole time-out for a panel that has just gone.
 */
export async function resultSeq(page: Page): Promise<number> {
  return page.evaluate(() =>
    Number(document.querySelector('[data-testid="check-in-result"]')?.getAttribute('data-seq') ?? 0),
  );
}

/** Scans, then waits for the panel to show the answer to this scan; returns its outcome. */
export async function scanAndRead(page: Page, code: string): Promise<string> {
  const before = await resultSeq(page);
  await scan(page, code);
  // The order number and the outcome are read together, while the (maybe brief) panel shows.
  const answer = await page.waitForFunction((seq) => {
    const panel = document.querySelector('[data-testid="check-in-result"]');
    if (Number(panel?.getAttribute('data-seq') ?? 0) <= seq) return null;
    return { outcome: panel?.getAttribute('data-outcome') ?? '' };
  }, before);
  return (await answer.jsonValue())?.outcome ?? '';
}

/**
 * E4.71: a fast scan of the same badge from the same device again within the server's repeat
 * window (a double read) changes nothing; scanning on, as staff would, toggles once the window passed.
 */
export async function scanUntil(page: Page, code: string, outcome: string, tries = 100): Promise<string[]> {
  const seen: string[] = [];
  for (let i = 0; i < tries; i += 1) {
    const got = await scanAndRead(page, code);
    seen.push(got);
    if (got === outcome) return seen;
  }
  throw new Error(`no ${outcome} after ${tries} scans: ${seen.join(', ')}`);
}

/**
 * A Y4M video of `text` as a QR code (black on white, quiet zone, centred in 640×480 grey-scale 4:2:0
 * frames) for Chromium's fake camera (`--use-file-for-fake-video-capture`), which plays it in a loop.
 */
export function writeQrVideo(path: string, text: string): void {
  const width = 640;
  const height = 480;
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const quiet = 4;
  const cells = modules.size + 2 * quiet;
  const scale = Math.floor(300 / cells);
  const side = cells * scale;
  const left = Math.floor((width - side) / 2);
  const top = Math.floor((height - side) / 2);
  const luma = Buffer.alloc(width * height, 235); // white-ish around the code
  for (let y = 0; y < side; y += 1) {
    for (let x = 0; x < side; x += 1) {
      const row = Math.floor(y / scale) - quiet;
      const col = Math.floor(x / scale) - quiet;
      const dark = row >= 0 && col >= 0 && row < modules.size && col < modules.size && modules.get(row, col);
      luma[(top + y) * width + left + x] = dark ? 16 : 235;
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128); // no colour
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(path, Buffer.concat([header, frame, frame, frame]));
}

/** Chromium with a fake camera that shows `video` and no permission prompt (flags for all its pages). */
export function launchCameraBrowser(video: string): Promise<Browser> {
  return launchBrowser({
    extraArgs: [
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
}
