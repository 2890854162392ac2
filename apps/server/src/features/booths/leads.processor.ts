import { type LeadChangedPayload, RecordType, realtimeRoom } from '@foyer/contract';
import type { FastifyInstance } from 'fastify';
import { defineProcessor } from '../../events/bus.handlers';
import { findLead, questionsOf, teamUserIds } from './leads.repository';
import { presentLeads, presentQuestion } from './leads.service';

/**
 * The live side of a booth's leads (`booth.lead.changed`): ONE `booth.lead` record to each member of
 * the booth's team on userRooms/{userId}, so what one member does appears on every other member's
 * screen. The record says how things are when it is written, not what the event said: the lead as
 * GET /event/lead shows it (`saved`), or that it is gone (`removed`: deleted, also when an earlier
 * change is handled after the deletion), or, for a change of the qualification questions (leadId
 * null), the questions alone; each carries the booth's questions now. Pending invitations hear
 * nothing. The records and this processor's progress commit together.
 */
export function leadsProcessor(app: FastifyInstance) {
  const { ctx } = app;
  return defineProcessor({
    name: 'leads.live',
    events: ['booth.lead.changed'],
    async handle(event, meta) {
      await ctx.db.transaction().execute(async (trx) => {
        const questions = await questionsOf(trx, event.boothId);
        const base = {
          eventId: event.eventId,
          boothId: event.boothId,
          questions: questions.map(presentQuestion),
        };
        let payload: LeadChangedPayload;
        if (event.leadId === null) payload = { ...base, change: 'questions' };
        else {
          const row = await findLead(trx, event.boothId, event.leadId);
          const [lead] = row ? await presentLeads(trx, [row], questions) : [];
          payload = lead
            ? { ...base, change: 'saved', lead }
            : { ...base, change: 'removed', leadId: event.leadId };
        }
        const team = await teamUserIds(trx, event.boothId);
        // The team's feeds are taken in their one order first: one by one in the rows' order, another
        // change naming the same people in another order could deadlock with this one.
        await app.realtime.lockRooms(team.map(realtimeRoom.user), trx);
        for (const userId of team) {
          await app.realtime.publish(realtimeRoom.user(userId), RecordType.BoothLead, payload, trx);
        }
        await meta.doneWith(trx);
      });
    },
  });
}
