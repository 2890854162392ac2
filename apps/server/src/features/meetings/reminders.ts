import { MEETING_REMINDER_BEFORE_MS } from '@foyer/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import type { Bus } from '../../events/bus';
import { claimDueReminders, eventsOfMeetings } from './meetings.repository';

const EVERY_MS = 60_000;

/**
 * The 1-hour meeting reminder (E9 "notification reminder 1 hour before a 1:1 meeting", A9.45). Each
 * (meeting, person) is claimed by ONE UPDATE — with several instances the row lock makes the others
 * skip it — and then handed to the event bus as `meeting.reminder`; the notifications processor
 * writes the notification and sends the e-mail and the SMS (through `app.sms`) as the person's
 * preferences say. A rescheduled meeting is claimable again (confirmReschedule clears reminded_at).
 * Returns how many people were reminded.
 */
export async function runMeetingReminders(ctx: AppContext, bus: Pick<Bus, 'emit'>): Promise<number> {
  const now = ctx.now();
  const until = new Date(now.getTime() + MEETING_REMINDER_BEFORE_MS);
  // The claim and the reminders' outbox rows commit together: a crash cannot claim one unsent.
  return ctx.db.transaction().execute(async (trx) => {
    const claimed = await claimDueReminders(trx, now, until);
    if (claimed.length === 0) return 0;
    const eventOf = await eventsOfMeetings(trx, [...new Set(claimed.map((c) => c.meeting_id))]);
    for (const row of claimed) {
      await bus.emit(
        {
          type: 'meeting.reminder',
          eventId: eventOf.get(row.meeting_id) as number,
          meetingId: row.meeting_id,
          participantId: row.participant_id,
          sdt: new Date(row.sdt).toISOString(),
        },
        trx,
      );
    }
    return claimed.length;
  });
}

/** Every minute, by the scheduler (jobs/scheduler.ts; tests call runMeetingReminders directly). */
export function scheduleMeetingReminders(app: FastifyInstance): void {
  app.scheduler.every('meeting-reminders', EVERY_MS, () => runMeetingReminders(app.ctx, app.bus));
}
