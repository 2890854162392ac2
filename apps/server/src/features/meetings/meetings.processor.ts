import { type InvitationChangedPayload, RecordType, realtimeRoom } from '@foyer/contract';
import type { FastifyInstance } from 'fastify';
import { defineProcessor } from '../../events/bus.handlers';
import {
  isNotificationType,
  type WrittenNotification,
  writeNotifications,
} from '../notifications/notifications.service';
import { staffBoothId } from '../participants/participants.service';
import { presentInvitations, presentMeetings } from './meetings.present';
import * as repo from './meetings.repository';
import { people } from './present.repository';
import { meetingStatus } from './slots.service';

/**
 * The live side of a meeting change (`meeting.changed`): ONE `invitation.changed` record per
 * recipient on their userRooms/{userId}, carrying the invitation, the meeting and their card for
 * the actor as that person's GET routes show them, and the notification the change made for them (A9.40) with their counts,
 * so their client patches its caches and reloads nothing. The notification rows, the records, the
 * e-mails to send (a durable `messages.send` row) and this processor's progress commit together.
 */
export function meetingsProcessor(app: FastifyInstance) {
  const { ctx } = app;
  return defineProcessor({
    name: 'meetings.live',
    events: ['meeting.changed'],
    async handle(event, meta) {
      // The recipients' cards for the actor, read from the committed state before the transaction
      // (PGlite has one connection: nothing may use ctx.db inside it).
      const cards = new Map<number, InvitationChangedPayload['card']>();
      if (event.actorId !== null) {
        for (const person of await people(ctx.db, event.recipients)) {
          if (person.user_id === null || person.state === 'deleted') continue;
          const card = await meetingStatus({ ctx, bus: app.bus }, person.user_id, {
            eventId: event.eventId,
            participantId: event.actorId,
          }).catch(() => null); // no longer in the event: no card
          cards.set(person.id, card ? { participantId: event.actorId, ...card } : null);
        }
      }
      await ctx.db.transaction().execute(async (trx) => {
        const notified = new Map<number, WrittenNotification>();
        if (isNotificationType(event.kind)) {
          const { written, messages } = await writeNotifications(
            ctx,
            trx,
            event.recipients,
            {
              type: event.kind,
              eventId: event.eventId,
              actorId: event.actorId,
              invitationId: event.invitationId,
              meetingId: event.meetingId,
              message: event.message,
            },
            { withCounts: app.realtime },
          );
          for (const one of written) notified.set(one.participantId, one);
          if (messages.length > 0)
            await app.bus.emit({ type: 'messages.send', eventId: event.eventId, messages }, trx);
        }
        const invitation = event.invitationId
          ? await repo.findInvitation(trx, event.eventId, event.invitationId)
          : undefined;
        const meetingId = event.meetingId ?? invitation?.meeting_id ?? null;
        const meeting = meetingId ? await repo.findMeeting(trx, event.eventId, meetingId) : undefined;
        const now = ctx.now();
        for (const person of await people(trx, event.recipients)) {
          if (person.user_id === null || person.state === 'deleted') continue;
          const written = notified.get(person.id);
          const payload: InvitationChangedPayload = {
            type: event.kind,
            eventId: event.eventId,
            actorId: event.actorId,
            invitationId: event.invitationId,
            meetingId,
            message: event.message,
            viewer: { participantId: person.id, boothId: staffBoothId(person) },
            invitation: invitation
              ? ((await presentInvitations(trx, [invitation], person.id))[0] ?? null)
              : null,
            meeting: meeting
              ? ((await presentMeetings(trx, [meeting], person.id, now, ctx.config.videoUrlTemplate))[0] ??
                null)
              : null,
            card: cards.get(person.id) ?? null,
            notification: written?.notification ?? null,
            counts: written?.counts ?? null,
          };
          await app.realtime.publish(
            realtimeRoom.user(person.user_id),
            RecordType.InvitationChanged,
            payload,
            trx,
          );
        }
        await meta.doneWith(trx);
      });
    },
  });
}
