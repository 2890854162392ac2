import {
  addGuestRequest,
  cancelMeetingRequest,
  confirmInvitationRequest,
  confirmRescheduleRequest,
  eventQuery,
  joinSessionRequest,
  meetingActionRequest,
  meetingStatusQuery,
  prebookRequest,
  rejectInvitationRequest,
  rescheduleRequest,
  reserveTableRequest,
  revokeInvitationRequest,
  scheduleLeaveRequest,
  sendInvitationRequest,
  slotsQuery,
} from '@foyer/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { requireUser } from '../../http/auth';
import { parse } from '../../http/validate';
import { registerAgendaSource } from '../agenda/agenda-sources';
import { joinSession, leaveSession, scheduleDeps } from '../agenda/schedule.service';
import { meetingAgendaSource } from './booking';
import {
  confirmInvitation,
  listInvitations,
  rejectInvitation,
  revokeInvitation,
  sendInvitation,
} from './invitations.service';
import { addGuest, cancelMeeting, listMeetings, meetingPresence } from './meeting-actions.service';
import type { MeetingDeps } from './meetings.events';
import { prebookMeeting, reserveTable } from './prebook.service';
import { scheduleMeetingReminders } from './reminders';
import {
  confirmReschedule,
  rejectReschedule,
  requestReschedule,
  revokeReschedule,
} from './reschedule.service';
import { freeSlots, meetingStatus } from './slots.service';

const deps = (request: FastifyRequest): MeetingDeps => ({
  ctx: request.server.ctx,
  bus: request.server.bus,
});
const isObject = (body: unknown): body is Record<string, unknown> =>
  typeof body === 'object' && body !== null;

/** One-to-one meetings: invitations (E4.20–E4.27), slots, meetings (E7.09–E7.23). */
export const meetingRoutes: FastifyPluginAsync = async (app) => {
  // Booked meetings occupy the agenda: its collision check, list and calendar feed see them.
  registerAgendaSource(meetingAgendaSource);

  const post = <T>(url: string, handler: (request: FastifyRequest, userId: number) => Promise<T>) =>
    app.post(url, async (request) => {
      const { userId } = await requireUser(request);
      return { success: true, data: await handler(request, userId) };
    });
  const get = <T>(url: string, handler: (request: FastifyRequest, userId: number) => Promise<T>) =>
    app.get(url, async (request) => {
      const { userId } = await requireUser(request);
      return { success: true, data: await handler(request, userId) };
    });

  // One call for sessions and 1:1 meetings (E7.08–E7.11): the participant variants are ours, the
  // session variants the agenda's (meetings may use the agenda's services; never the other way).
  post('/event/schedule/join', async (r, u) => {
    if (isObject(r.body) && r.body.toType === 'participant') {
      return sendInvitation(deps(r), u, parse(sendInvitationRequest, r.body));
    }
    return joinSession(r.server.ctx, scheduleDeps(r.server, r.log), u, parse(joinSessionRequest, r.body));
  });
  post('/event/schedule/leave', async (r, u) => {
    if (isObject(r.body) && r.body.invitationId !== undefined) {
      return cancelMeeting(deps(r), u, parse(cancelMeetingRequest, r.body));
    }
    return leaveSession(r.server.ctx, scheduleDeps(r.server, r.log), u, parse(scheduleLeaveRequest, r.body));
  });
  post('/event/schedule/confirm', (r, u) =>
    confirmInvitation(deps(r), u, parse(confirmInvitationRequest, r.body)),
  );
  post('/event/schedule/reject', (r, u) =>
    rejectInvitation(deps(r), u, parse(rejectInvitationRequest, r.body)),
  );
  post('/event/schedule/revoke', (r, u) =>
    revokeInvitation(deps(r), u, parse(revokeInvitationRequest, r.body)),
  );
  post('/event/schedule/reschedule', (r, u) =>
    requestReschedule(deps(r), u, parse(rescheduleRequest, r.body)),
  );
  post('/event/schedule/confirmReschedule', (r, u) =>
    confirmReschedule(deps(r), u, parse(confirmRescheduleRequest, r.body)),
  );
  post('/event/schedule/rejectReschedule', (r, u) =>
    rejectReschedule(deps(r), u, parse(rejectInvitationRequest, r.body)),
  );
  post('/event/schedule/revokeReschedule', (r, u) =>
    revokeReschedule(deps(r), u, parse(revokeInvitationRequest, r.body)),
  );
  post('/event/schedule/prebook', (r, u) => prebookMeeting(deps(r), u, parse(prebookRequest, r.body)));
  post('/event/schedule/reserveTable', (r, u) =>
    reserveTable(deps(r), u, parse(reserveTableRequest, r.body)),
  );
  post('/event/meeting/addGuest', (r, u) => addGuest(deps(r), u, parse(addGuestRequest, r.body)));
  post('/event/meeting/checkIn', (r, u) =>
    meetingPresence(deps(r), u, parse(meetingActionRequest, r.body), 'checkIn'),
  );
  post('/event/meeting/ping', (r, u) =>
    meetingPresence(deps(r), u, parse(meetingActionRequest, r.body), 'ping'),
  );

  get('/event/invitations', (r, u) => listInvitations(deps(r), u, parse(eventQuery, r.query).eventId));
  get('/event/meetings', (r, u) => listMeetings(deps(r), u, parse(eventQuery, r.query).eventId));
  get('/event/meeting/slots', (r, u) => freeSlots(r.server.ctx, u, parse(slotsQuery, r.query)));
  get('/event/meeting/status', (r, u) => meetingStatus(deps(r), u, parse(meetingStatusQuery, r.query)));

  scheduleMeetingReminders(app);
};
