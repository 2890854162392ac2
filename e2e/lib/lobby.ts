import { crc32, deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { settleAnimations } from './browser';
import { apiRegisterAttendee, type RegisteredAttendee } from './flows';

/** Helpers of the lobby tests (announcements, comments, polls). */

export type Attendee = RegisteredAttendee & { fresh: true };

/** A fresh account registered to the event: nothing unseen yet, so its badges start at zero. */
export async function registerAttendee(eventId: number, name: string): Promise<Attendee> {
  return {
    ...(await apiRegisterAttendee(eventId, { tag: 'lobby', name, surname: 'Lobbyist' })),
    fresh: true,
  };
}

/** Waits until animations end (Mantine transitions), so axe and screenshots see the end state. */
export async function settle(page: Page): Promise<void> {
  await settleAnimations(page);
}

/** A real PNG of the given size in two colour bands (an announcement image). */
export function pngImage(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    const [r, g, b] = y < height / 2 ? [34, 84, 160] : [240, 180, 60];
    for (let x = 0; x < width; x++) row.set([r, g, b], 1 + x * 3);
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Unique text so parallel runs and earlier tests do not match. */
export function unique(label: string): string {
  return `${label} ${Math.random().toString(36).slice(2, 8)}`;
}
