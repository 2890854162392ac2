import { describe, expect, it } from 'vitest';
import { badgePrintRequest, printerInput } from './badges';
import {
  layoutBadge,
  mergeBadgeText,
  mmToDots,
  sampleBadgeFields,
  unknownMergeFields,
} from './badges-layout';

describe('badge templates', () => {
  it('E9.50 converts millimetres at 72 dpi, floored', () => {
    expect(mmToDots(25.4)).toBe(72);
    expect(mmToDots(90)).toBe(255);
    expect(mmToDots(86)).toBe(243);
    expect(mmToDots(54, 203)).toBe(431);
  });

  it('E3.38 merges known fields, keeps unknown ones and flattens line breaks in values', () => {
    expect(mergeBadgeText('{FirstName} {LastName} {Nope}', { FirstName: 'Ada', LastName: 'L\nove' })).toBe(
      'Ada L ove {Nope}',
    );
    expect(unknownMergeFields('{FullName} {Barcode} {Nope}')).toEqual(['Barcode', 'Nope']);
    expect(unknownMergeFields('{FullName} {Barcode}', true)).toEqual([]);
  });

  it('lays lines out top-down inside the badge, skips empty ones, shrinks long ones, centres the QR', () => {
    const layout = layoutBadge(
      {
        size: 'cr80',
        qr: 'medium',
        lines: [
          { text: '{FullName}', size: 'xl', bold: true },
          { text: '{City}', size: 'md', bold: false },
          { text: 'A very long company name that cannot fit at this size', size: 'xl', bold: false },
        ],
      },
      { ...sampleBadgeFields, City: '' },
      'https://x.test/tickets/T1',
    );
    const texts = layout.items.filter((i) => i.kind === 'text');
    expect(texts.map((i) => i.text)).toEqual([
      'Ada Lovelace',
      'A very long company name that cannot fit at this size',
    ]);
    expect(texts[1]?.size).toBeLessThan(24);
    const qr = layout.items.find((i) => i.kind === 'qr');
    expect(qr && qr.x + qr.size / 2).toBeCloseTo(layout.width / 2, 0);
    for (const item of layout.items) {
      expect(item.y).toBeGreaterThanOrEqual(0);
      expect(item.y + item.size).toBeLessThanOrEqual(layout.height);
    }
  });

  it('E3.36 a network printer needs a host; E7.62 a print names a person', () => {
    expect(printerInput.safeParse({ label: 'A', kind: 'zpl' }).success).toBe(false);
    expect(printerInput.parse({ label: 'A', kind: 'zpl', host: '10.0.0.9' })).toMatchObject({
      port: 9100,
      printType: 'printQueue',
    });
    expect(badgePrintRequest.safeParse({ eventId: 1, printerId: 1 }).success).toBe(false);
    expect(badgePrintRequest.parse({ eventId: 1, printerId: 1, participantId: 3 }).force).toBe(false);
  });
});
