import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { RegisterResult } from '@foyer/contract';
import { createElement } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import access from '../../../i18n/locales/en/access.json';
import { initEnglish, renderHtml } from '../../../lib/render.testing';
import { RegistrationResult, ticketQrImage } from './registration-result';

beforeAll(async () => {
  await initEnglish(access);
  // ZXing reads the code back as the door's scanner would, its wasm from the package (not a CDN).
  const wasm = readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'));
  prepareZXingModule({
    overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) },
    fireImmediately: true,
  });
});

const result = (over: Partial<RegisterResult>): RegisterResult => ({
  ticketId: null,
  ticketType: null,
  hasUserId: false,
  confirmationRequired: false,
  ...over,
});

const renderResult = (shown: RegisterResult): string =>
  renderHtml(createElement(RegistrationResult, { result: shown }), '/registration');

/** The text inside the element with this test id (tags removed), or null when it is not there. */
function textOfTestId(html: string, testId: string): string | null {
  const open = new RegExp(`<(\\w+)[^>]*data-testid="${testId}"[^>]*>`).exec(html);
  if (!open) return null;
  const tag = open[1] ?? '';
  // Up to the element's own closing tag: count the same tags opened and closed inside it.
  const tags = new RegExp(`<(/?)${tag}\\b[^>]*>`, 'g');
  tags.lastIndex = open.index + open[0].length;
  let depth = 1;
  for (let next = tags.exec(html); next; next = tags.exec(html)) {
    depth += next[1] ? -1 : 1;
    if (depth === 0) {
      return html
        .slice(open.index + open[0].length, next.index)
        .replace(/<[^>]*>/g, '')
        .trim();
    }
  }
  return null;
}

/** What the QR codes in a data: URL image say. */
async function qrTexts(dataUrl: string): Promise<string[]> {
  const [header, base64 = ''] = dataUrl.split(',');
  expect(header).toBe('data:image/png;base64');
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  const found = await readBarcodes(bytes, { formats: ['QRCode'], tryHarder: true });
  return found.filter((b) => b.isValid).map((b) => b.text);
}

describe('registration result', () => {
  it('A4.13 with a ticketId: the ticket id is shown, with room for its QR code (drawn in the browser)', () => {
    const html = renderResult(result({ ticketId: 'TCK-42' }));
    expect(textOfTestId(html, 'ticket-id')).toBe('TCK-42');
    expect(html).toContain('Ticket ID');
    // Until the image is drawn (an effect, so in the browser only) a loader holds its place.
    expect(html).toMatch(/aria-label="Loading"/);
  });

  it("A4.13 the ticket's QR code reads as its ticket link, as a door scanner reads it", async () => {
    const image = await ticketQrImage('https://expo.example/', 'TCK 42/7');
    expect(await qrTexts(image)).toEqual(['https://expo.example/tickets/TCK%2042%2F7']);
    expect(await qrTexts(await ticketQrImage('https://expo.example', 'TCK-43'))).toEqual([
      'https://expo.example/tickets/TCK-43',
    ]);
  });

  it('A4.14 the ticket type is shown when there is one, and left out when there is none', () => {
    expect(textOfTestId(renderResult(result({ ticketId: 'TCK-42', ticketType: 'VIP' })), 'ticket-type')).toBe(
      'VIP',
    );
    const untyped = renderResult(result({ ticketId: 'TCK-42' }));
    expect(untyped).not.toContain('data-testid="ticket-type"');
    expect(untyped).not.toContain('Ticket type');
  });

  it('A4.15 the message differs by whether the e-mail already had an account (hasUser / hasNotUser)', () => {
    const hasUser = textOfTestId(
      renderResult(result({ ticketId: 'TCK-42', hasUserId: true })),
      'registration-success-message',
    );
    const hasNotUser = textOfTestId(
      renderResult(result({ ticketId: 'TCK-42', hasUserId: false })),
      'registration-success-message',
    );
    expect(hasUser).toBe(access['registration.success.hasUser']);
    expect(hasNotUser).toBe(access['registration.success.hasNotUser']);
    expect(hasUser).not.toBe(hasNotUser);
  });

  it('A4.16 without a ticketId: a plain success message, no ticket id, type or QR code', () => {
    for (const hasUserId of [true, false]) {
      const html = renderResult(result({ ticketId: null, ticketType: 'VIP', hasUserId }));
      expect(textOfTestId(html, 'registration-success-message')).toBe(
        'Thank you, your registration was received.',
      );
      expect(html).not.toContain('data-testid="ticket-id"');
      expect(html).not.toContain('data-testid="ticket-type"');
      expect(html).not.toContain('aria-label="Loading"');
      expect(html).toContain('You are registered');
    }
  });
});
