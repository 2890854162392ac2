import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { api, apiRegisterAttendee, type RegisteredAttendee } from './flows';

/** A fresh attendee of an event, registered through the API (arrangement only). */
export type Attendee = RegisteredAttendee;

export function registerAttendee(eventId: number, name: string, surname: string): Promise<Attendee> {
  return apiRegisterAttendee(eventId, { tag: `meet-${name.toLowerCase()}`, name, surname });
}

/** The status a meeting card shows (E4.14), for polling. */
export function cardStatus(scope: Page): Promise<string | null> {
  return scope.getByTestId('meeting-card').first().getAttribute('data-status');
}

export async function waitForStatus(page: Page, status: string, timeout = 15_000): Promise<void> {
  await expect.poll(() => cardStatus(page).catch(() => null), { timeout }).toBe(status);
}

/** Seeded attendees (not booth staff, not organizers) to address requests to, via search2. */
export async function demoAttendeeIds(eventId: number, token: string, count: number): Promise<number[]> {
  const result = await api<{ props: string[]; results: unknown[][] }>('/event/participant/search2', {
    token,
    body: { eventId, length: 60 },
  });
  const col = (name: string) => result.props.indexOf(name);
  return result.results
    .filter((row) => row[col('boothId')] === null && row[col('organizer')] !== true)
    .map((row) => Number(row[col('id')]))
    .slice(0, count);
}
