import { describe, expect, it } from 'vitest';
import { invitationBackLink, invitationRouteState } from './invitation-route';

describe('invitation route state (E2.19, A2.29)', () => {
  it('E2.19 the background state holds page invitation or agenda, beside invitationId and isBooth', () => {
    expect(invitationRouteState('invitation', { invitationId: 7, isBooth: true })).toEqual({
      page: 'invitation',
      invitationId: 7,
      isBooth: true,
    });
    expect(invitationRouteState('agenda')).toEqual({ page: 'agenda' });
  });

  it('E2.19 the invitation page leads back to the page it was opened from', () => {
    expect(invitationBackLink(invitationRouteState('agenda'))).toEqual({
      to: '/my-agenda',
      labelKey: 'meetings.backToAgenda',
    });
    expect(invitationBackLink(invitationRouteState('invitation', { invitationId: 3 }))).toEqual({
      to: '/invitations/received',
      labelKey: 'meetings.backToInvitations',
    });
    // A direct load or a reload carries no state.
    expect(invitationBackLink(null).to).toBe('/invitations/received');
  });
});
