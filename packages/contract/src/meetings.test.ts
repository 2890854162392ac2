import { describe, expect, it } from 'vitest';
import {
  type Invitation,
  invitationSegment,
  invitationStateSchema,
  invitationsBadgeCount,
  isInStartWindow,
  isInvitationLive,
  isMeetingValid,
  MEETING_VALID_AFTER_END_MS,
  meetingCardStatus,
  meetingStatusSchema,
  meetingValidEndAfter,
  overlaps,
  partitionInvitations,
  relationState,
  rescheduleMessage,
  sendInvitationRequest,
  slotMessage,
  upcomingState,
} from './index';

const now = new Date('2030-05-01T12:00:00Z');
const person = (id: number, boothId: number | null = null) => ({
  id,
  name: `P${id}`,
  surname: 'X',
  fullName: `P${id} X`,
  jobTitle: '',
  company: '',
  profilePhoto: null,
  boothId,
});
function invitation(over: Partial<Invitation> = {}): Invitation {
  return {
    id: 1,
    eid: 1,
    type: 'join',
    state: 'waiting',
    fpid: 1,
    tpid: 2,
    oppId: 2,
    sessionId: null,
    csid: null,
    cdt: now.toISOString(),
    edt: null,
    sent: now.toISOString(),
    message: '',
    responseMessage: null,
    toBoothId: null,
    me: true,
    myDetails: person(1),
    opponentParticipant: person(2),
    lastInvitationDetails: null,
    meetingDetails: null,
    proposedSdt: null,
    proposedEdt: null,
    suggestedSlots: [],
    ...over,
  };
}

describe('invitation rules', () => {
  it('E4.04–E4.07 E4.05 E4.06 E9.09 E9.10 live only while waiting, with both people, within a day of the end, meeting not over', () => {
    expect(isInvitationLive(invitation(), now)).toBe(true);
    expect(isInvitationLive(invitation({ state: 'accepted' }), now)).toBe(false);
    expect(isInvitationLive(invitation({ opponentParticipant: null }), now)).toBe(false);
    expect(isInvitationLive(invitation({ edt: '2030-04-30T13:00:00Z' }), now)).toBe(true);
    expect(isInvitationLive(invitation({ edt: '2030-04-30T11:00:00Z' }), now)).toBe(false);
    const over = {
      id: 1,
      status: 'accepted' as const,
      executorId: 1,
      createdAt: '',
      message: '',
      sessionId: 1,
      sdt: '2030-05-01T10:00:00Z',
      edt: '2030-05-01T11:00:00Z',
    };
    expect(isInvitationLive(invitation({ meetingDetails: over }), now)).toBe(false);
  });

  it('E3.13 E4.01 E3.14 invitation states and meeting statuses are exactly the listed ones', () => {
    expect(invitationStateSchema.options).toEqual([
      'waiting',
      'accepted',
      'rejected',
      'meeting',
      'reschedule',
      'processed',
      'revoked',
    ]);
    expect(invitationStateSchema.safeParse('declined').success).toBe(false);
    expect(meetingStatusSchema.options).toEqual(['accepted', 'rescheduled', 'cancelled']);
    expect(meetingStatusSchema.safeParse('waiting').success).toBe(false);
  });

  it('E4.08–E4.10, E6.24 segments: sent, company for booth colleagues, else received', () => {
    expect(
      invitationSegment({ fpid: 1, tpid: 2, toBoothId: null }, { participantId: 1, boothId: null }),
    ).toBe('sent');
    expect(invitationSegment({ fpid: 1, tpid: 2, toBoothId: 9 }, { participantId: 3, boothId: 9 })).toBe(
      'company',
    );
    expect(invitationSegment({ fpid: 1, tpid: 2, toBoothId: 9 }, { participantId: 2, boothId: 9 })).toBe(
      'received',
    );
  });

  it('E2.33, E2.34, E6.20, E3.15 partitions by segment and live/past; badge counts live received and company', () => {
    const list = [
      invitation({ id: 1, fpid: 5, tpid: 1, opponentParticipant: person(5) }),
      invitation({ id: 2, fpid: 6, tpid: 7, toBoothId: 9, opponentParticipant: person(6) }),
      invitation({ id: 3, fpid: 1, tpid: 8, state: 'rejected' }),
      // a booth owner's request to a colleague of the same booth is hidden
      invitation({ id: 4, fpid: 7, tpid: 1, toBoothId: 9, opponentParticipant: person(7, 9) }),
    ];
    const viewer = { participantId: 1, boothId: 9 };
    const parts = partitionInvitations(list, viewer, now);
    expect(parts.received.live.map((i) => i.id)).toEqual([1]);
    expect(parts.company.live.map((i) => i.id)).toEqual([2]);
    expect(parts.sent.past.map((i) => i.id)).toEqual([3]);
    expect(invitationsBadgeCount(list, viewer, now)).toBe(2);
  });

  it('E4.28–E4.31, E4.53 upcoming state and the 5-minute start window', () => {
    const sdt = new Date('2030-05-01T12:10:00Z');
    const edt = new Date('2030-05-01T12:40:00Z');
    expect(upcomingState(sdt, edt, now)).toBe('notstarted');
    expect(upcomingState(sdt, edt, new Date('2030-05-01T12:06:00Z'))).toBe('starting');
    expect(upcomingState(sdt, edt, new Date('2030-05-01T12:10:00Z'))).toBe('started');
    expect(upcomingState(sdt, edt, edt)).toBe('expired');
    expect(isInStartWindow(sdt, edt, new Date('2030-05-01T12:04:59Z'))).toBe(false);
    expect(isInStartWindow(sdt, edt, new Date('2030-05-01T12:05:00Z'))).toBe(true);
    expect(isInStartWindow(sdt, edt, edt)).toBe(false);
  });

  it('E4.13–E4.16 E4.14 meeting card status and the relation state', () => {
    const base = {
      opponentExists: true,
      invitation: null,
      hasMeeting: false,
      reschedule: null,
      limitReached: false,
    };
    expect(meetingCardStatus({ ...base, loading: true })).toBe('loading');
    expect(meetingCardStatus({ ...base, opponentExists: false })).toBe('notFound');
    expect(meetingCardStatus(base)).toBe('inviteNew');
    expect(meetingCardStatus({ ...base, limitReached: true })).toBe('inviteLimit');
    const waiting = { me: true, state: 'waiting' as const, toBoothId: null };
    expect(meetingCardStatus({ ...base, invitation: waiting })).toBe('invitePending');
    expect(meetingCardStatus({ ...base, invitation: { ...waiting, me: false } })).toBe('inviteReceived');
    expect(meetingCardStatus({ ...base, invitation: { ...waiting, state: 'rejected' } })).toBe('rejected');
    expect(meetingCardStatus({ ...base, hasMeeting: true })).toBe('meetingDetails');
    expect(meetingCardStatus({ ...base, hasMeeting: true, reschedule: { me: true } })).toBe(
      'reschedulePending',
    );
    expect(meetingCardStatus({ ...base, hasMeeting: true, reschedule: { me: false } })).toBe(
      'rescheduleToRespond',
    );
    expect(relationState('invitePending')).toBe('request_meeting');
    expect(relationState('meetingDetails')).toBe('meeting');
    expect(relationState('rescheduleToRespond')).toBe('reschedule');
    expect(relationState('inviteLimit')).toBe('none');
  });

  it('E5.11, E8.24–E8.27 overlap is half-open and the picker messages follow the counts', () => {
    const a = { sdt: '2030-05-01T09:00:00Z', edt: '2030-05-01T09:30:00Z' };
    expect(overlaps(a, { sdt: '2030-05-01T09:30:00Z', edt: '2030-05-01T10:00:00Z' })).toBe(false);
    expect(overlaps(a, { sdt: '2030-05-01T09:15:00Z', edt: '2030-05-01T09:45:00Z' })).toBe(true);
    expect(slotMessage({ inAgenda: 0, total: 0, freeForMe: 0, freeForBoth: 0 })).toBe('noSlots'); // E8.27
    expect(slotMessage({ inAgenda: 4, total: 0, freeForMe: 0, freeForBoth: 0 })).toBe('error1');
    expect(slotMessage({ inAgenda: 3, total: 3, freeForMe: 0, freeForBoth: 0 })).toBe('error2');
    expect(slotMessage({ inAgenda: 3, total: 3, freeForMe: 2, freeForBoth: 0 })).toBe('info');
    expect(slotMessage({ inAgenda: 3, total: 3, freeForMe: 2, freeForBoth: 1 })).toBeNull();
  });

  it('E5.22 and the join request schema', () => {
    expect(rescheduleMessage('10:30')).toBe('Can we reschedule? A better time for me would be: 10:30!');
    expect(sendInvitationRequest.safeParse({ eventId: 1, toType: 'participant', toId: 2 }).success).toBe(
      true,
    );
    expect(sendInvitationRequest.safeParse({ eventId: 1, toType: 'session', toId: 2 }).success).toBe(false);
    expect(
      sendInvitationRequest.safeParse({ eventId: 1, toType: 'participant', toId: 2, x: 1 }).success,
    ).toBe(false);
  });
});

describe('meeting validity (E9.09)', () => {
  it('E9.09 E4.12 a finished meeting is still valid for 24 h after its end, then counts as none', () => {
    expect(MEETING_VALID_AFTER_END_MS).toBe(24 * 60 * 60_000);
    const edt = '2030-05-01T11:00:00Z';
    const at = (iso: string) => new Date(iso);
    expect(isMeetingValid({ status: 'accepted', edt }, at('2030-05-01T10:30:00Z'))).toBe(true);
    expect(isMeetingValid({ status: 'accepted', edt }, at('2030-05-01T11:00:00Z'))).toBe(true);
    expect(isMeetingValid({ status: 'rescheduled', edt }, at('2030-05-02T10:59:59.999Z'))).toBe(true);
    expect(isMeetingValid({ status: 'accepted', edt }, at('2030-05-02T11:00:00Z'))).toBe(false);
    expect(isMeetingValid({ status: 'cancelled', edt }, at('2030-05-01T10:30:00Z'))).toBe(false);
    expect(isMeetingValid({ status: 'accepted', edt: new Date(edt) }, at('2030-05-02T10:00:00Z'))).toBe(true);
    expect(meetingValidEndAfter(at('2030-05-02T11:00:00Z')).toISOString()).toBe('2030-05-01T11:00:00.000Z');
  });
});
