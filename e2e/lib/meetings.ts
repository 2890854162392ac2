import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { api, apiRegisterVerified, uniqueEmail } from './flows';

/** A fresh attendee of an event, registered through the API (arrangement only). */
export interface Attendee {
  email: string;
  password: string;
  name: string;
  surname: string;
  fullName: string;
  token: string;
  participantId: number;
}

export async function registerAttendee(eventId: number, name: string, surname: string): Promise<Attendee> {
  const email = uniqueEmail(`meet-${name.toLowerCase()}`);
  const password = 'Meetings-pass-1';
  const token = await apiRegisterVerified({
    eventId,
    name,
    surname,
    email,
    password,
    fields: { industry: 'Health' },
  });
  const me = await api<{ id: number }>(`/event/participant/me?eventId=${eventId}`, { token });
  return { email, password, name, surname, fullName: `${name} ${surname}`, token, participantId: me.id };
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
