import type { Page } from 'playwright-core';
import { settleAnimations } from './browser';
import { apiRegisterAttendee } from './flows';

/** A new attendee of the event (registered through the API, zone already confirmed). */
export function registerAttendee(eventId: number, tag: string, name: string, surname: string) {
  return apiRegisterAttendee(eventId, { tag, name, surname, timezone: 'Europe/Istanbul' });
}

/** Waits until transitions end, so screenshots and axe see what a person sees. */
export async function settle(page: Page): Promise<void> {
  await settleAnimations(page);
}

/** A real PNG of the given size, drawn in the page (the upload crops it with a canvas too). */
export async function pngFile(page: Page, width: number, height: number): Promise<Buffer> {
  const base64 = await page.evaluate(
    ({ w, h }) => {
      const canvas = document.createElement('canvas');
      canvas.width = w;
      canvas.height = h;
      const ctx = canvas.getContext('2d');
      if (!ctx) throw new Error('no canvas');
      const gradient = ctx.createLinearGradient(0, 0, w, h);
      gradient.addColorStop(0, '#0b7285');
      gradient.addColorStop(1, '#f59f00');
      ctx.fillStyle = gradient;
      ctx.fillRect(0, 0, w, h);
      return canvas.toDataURL('image/png').split(',')[1] ?? '';
    },
    { w: width, h: height },
  );
  return Buffer.from(base64, 'base64');
}
