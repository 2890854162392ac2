import type { AgendaExportRequest, AgendaExportResult } from '@foyer/contract';
import type { AppContext } from '../../context';
import type { Bus } from '../../events/bus';
import { AppError } from '../../http/errors';
import { requireMembership } from '../access/event-access';
import { findUserById } from '../user/user.service';
import { participantEvents } from './calendar.service';

function formatter(zone: string) {
  const options: Intl.DateTimeFormatOptions = {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  };
  try {
    return new Intl.DateTimeFormat('en-CA', { ...options, timeZone: zone });
  } catch {
    return new Intl.DateTimeFormat('en-CA', { ...options, timeZone: 'UTC' });
  }
}

/** `yyyy-LL-dd HH:mm` (A9.33) in a zone. */
function wallClock(format: Intl.DateTimeFormat, date: Date): string {
  const p = Object.fromEntries(format.formatToParts(date).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
}

/**
 * POST /event/agenda/export (E1.07, E2.30, E5.25): the caller's agenda of one event, by e-mail to the
 * account's address, times in the account's zone (else the event's). Sent in the background.
 */
export async function exportAgendaByMail(
  ctx: AppContext,
  bus: Pick<Bus, 'emit'>,
  userId: number,
  input: AgendaExportRequest,
): Promise<AgendaExportResult> {
  const { event, me } = await requireMembership(ctx.db, input.eventId, userId);
  const user = await findUserById(ctx.db, userId);
  if (!user) throw AppError.unauthenticated('This account no longer exists');
  const zone = user.timezone || event.timezone || 'UTC';
  const format = formatter(zone);
  const events = await participantEvents(ctx, event, me);
  const lines = events.map((e) => {
    const end = wallClock(format, e.end).slice(11);
    const where = e.location ? ` (${e.location})` : '';
    const tentative = e.status === 'TENTATIVE' ? ' [waiting for confirmation]' : '';
    return `${wallClock(format, e.start)}–${end}  ${e.summary}${where}${tentative}`;
  });
  const text = [
    `Hello ${user.name},`,
    '',
    `this is your agenda for ${event.name} (times in ${zone}):`,
    '',
    ...(lines.length > 0 ? lines : ['Your agenda is empty.']),
    '',
    `Open your agenda: ${ctx.config.publicUrl}/my-agenda`,
  ].join('\n');
  // Durable: sent after this returns, and still sent if the process dies first.
  await bus.emit({
    type: 'messages.send',
    eventId: event.id,
    messages: [{ channel: 'email', to: user.username, subject: `Your agenda: ${event.name}`, text }],
  });
  return { sentTo: user.username, items: events.length };
}
