import type { Invitation } from '@foyer/contract';
import { describe, expect, it } from 'vitest';
import { invitationLabel, invitationTimeKey } from './invitation-label';

const base: Invitation = {
  id: 1,
  eid: 1,
  type: 'join',
  state: 'waiting',
  fpid: 1,
  tpid: 2,
  oppId: 2,
  sessionId: null,
  csid: null,
  cdt: '2030-05-01T07:00:00.000Z',
  edt: null,
  sent: '2030-05-01T07:00:00.000Z',
  message: '',
  responseMessage: null,
  toBoothId: null,
  me: true,
  myDetails: null,
  opponentParticipant: null,
  lastInvitationDetails: null,
  meetingDetails: null,
  proposedSdt: null,
  proposedEdt: null,
  suggestedSlots: [],
};
const cancelledMeeting = {
  status: 'cancelled',
} as unknown as NonNullable<Invitation['meetingDetails']>;

describe('invitation rows', () => {
  it('E4.02 a declined reschedule says "New time declined", and its time is the proposed one', () => {
    const declined = {
      ...base,
      type: 'reschedule' as const,
      state: 'rejected' as const,
      meetingDetails: cancelledMeeting,
    };
    expect(invitationLabel(declined).key).toBe('meetings.rstate.rejected');
    expect(invitationTimeKey(declined)).toBe('meetings.list.proposedAt');
  });

  it('E4.11 a request whose meeting was cancelled says "Cancelled"; its time is the meeting’s', () => {
    const join = { ...base, state: 'accepted' as const, meetingDetails: cancelledMeeting };
    expect(invitationLabel(join).key).toBe('meetings.state.cancelled');
    expect(invitationTimeKey(join)).toBe('meetings.list.meetingAt');
    expect(invitationLabel({ ...base, state: 'rejected' }).key).toBe('meetings.state.rejected');
  });
});
