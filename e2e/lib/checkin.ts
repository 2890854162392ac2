import type { Page } from 'playwright-core';
import { api, apiLogin, DEMO_PASSWORD } from './flows';

/** A demo login's ticket id and name at the event (arrangement through the API). */
export async function ticketOf(email: string, eventId: number): Promise<{ ticketId: string; name: string }> {
  const token = await apiLogin(email, DEMO_PASSWORD);
  const me = await api<{ ticketId: string | null; fullName: string }>(
    `/event/participant/me?eventId=${eventId}`,
    {
      token,
    },
  );
  if (!me.ticketId) throw new Error(`${email} has no ticket id`);
  return { ticketId: me.ticketId, name: me.fullName };
}

/** Types a code into the check-in modal the way a handheld scanner does (text, then Enter). */
export async function scan(page: Page, code: string): Promise<void> {
  const input = page.getByTestId('check-in-code');
  await input.fill(code);
  await input.press('Enter');
}
