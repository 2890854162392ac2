import type { WebhookEventType } from '@foyer/contract';
import type { FastifyInstance } from 'fastify';
import type { DomainEvent } from '../../events/bus';
import { defineProcessor } from '../../events/bus.handlers';
import * as repo from './integrations.repository';
import { deliveryPayload, presentParticipant, queueDeliveries } from './integrations.service';

/**
 * Webhooks' side of the bus (docs/decisions/017): for each domain event a webhook can subscribe
 * to, one `webhook_deliveries` row per active subscribed webhook of the event, written together
 * with this handler's progress (so a retry of the outbox row never queues twice). The delivery
 * job (webhooks.delivery.ts) sends them.
 */

type Source = Extract<
  DomainEvent,
  { type: 'participant.registered' | 'participant.checked_in' | 'contact.collected' | 'meeting.changed' }
>;

/** The webhook event a domain event is, if any. */
export function webhookEventOf(event: Source): WebhookEventType | null {
  switch (event.type) {
    case 'participant.registered':
      return 'participant.registered';
    case 'participant.checked_in':
      return 'participant.checked_in';
    case 'contact.collected':
      return 'contact.collected';
    case 'meeting.changed':
      return event.kind === 'confirm_participant_invitation' || event.kind === 'confirm_reschedule_invitation'
        ? 'meeting.confirmed'
        : null;
  }
}

export function webhooksProcessor(app: FastifyInstance) {
  const { ctx } = app;
  /** The `data` of the delivery, read from the committed state; null when there is nothing to tell. */
  async function dataOf(event: Source): Promise<Record<string, unknown> | null> {
    const db = ctx.db;
    switch (event.type) {
      case 'participant.registered': {
        const person = await repo.findParticipantSummary(db, event.eventId, event.participantId);
        return person ? { participant: presentParticipant(person), mode: event.mode } : null;
      }
      case 'participant.checked_in': {
        const person = await repo.findParticipantSummary(db, event.eventId, event.participantId);
        if (!person) return null;
        return {
          participant: presentParticipant(person),
          area: { type: event.areaType, id: event.areaId },
          staffParticipantId: event.staffId,
        };
      }
      case 'contact.collected': {
        const collector = await repo.findParticipantIdOfUser(db, event.eventId, event.userId);
        // Only a badge scan names a participant; what was typed by hand stays the collector's.
        const person = event.ticketId
          ? await repo.findParticipantSummaryByTicket(db, event.eventId, event.ticketId)
          : undefined;
        return {
          contactId: event.contactId,
          collectorParticipantId: collector?.id ?? null,
          participant: person ? presentParticipant(person) : null,
        };
      }
      case 'meeting.changed': {
        if (event.meetingId === null) return null;
        const found = await repo.findMeetingSummary(db, event.eventId, event.meetingId);
        if (!found) return null;
        return {
          meetingId: found.meeting.id,
          invitationId: event.invitationId,
          sdt: new Date(found.meeting.sdt).toISOString(),
          edt: new Date(found.meeting.edt).toISOString(),
          participantIds: found.participantIds,
          confirmedBy: event.actorId,
        };
      }
    }
  }

  return defineProcessor({
    name: 'webhooks.queue',
    events: ['participant.registered', 'participant.checked_in', 'contact.collected', 'meeting.changed'],
    async handle(event, meta) {
      const type = webhookEventOf(event);
      if (!type) return;
      const subscribers = await repo.findSubscribers(ctx.db, event.eventId, type);
      if (subscribers.length === 0) return;
      const data = await dataOf(event);
      if (!data) return;
      const at = ctx.now();
      // PGlite has one connection: everything read above, before the transaction.
      await ctx.db.transaction().execute(async (trx) => {
        const ids = subscribers.map((s) => s.id);
        await queueDeliveries(trx, ids, type, deliveryPayload(event.eventId, at, data), at);
        await meta.doneWith(trx);
      });
    },
  });
}
