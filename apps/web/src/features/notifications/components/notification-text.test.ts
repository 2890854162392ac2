import type { Notification } from '@foyer/contract';
import { describe, expect, it, vi } from 'vitest';

vi.mock('../../../lib/format-date', () => ({ formatDateTime: () => '' }));
const { notificationTarget } = await import('./notification-text');

function notification(over: Partial<Notification>): Notification {
  return {
    id: 1,
    type: 'rescheduled_session',
    dt: '2030-05-01T09:00:00Z',
    eId: 7,
    sesId: null,
    det: {
      eventId: null,
      invitationId: null,
      meetingId: null,
      postId: null,
      pollId: null,
      actor: null,
      message: null,
      title: null,
    },
    read: false,
    seen: false,
    event: null,
    session: null,
    ...over,
  };
}

describe('notificationTarget', () => {
  it('E2.09 a notification about a session opens the session detail route', () => {
    expect(notificationTarget(notification({ sesId: 42 }))).toBe('/event/7/sessions/42');
    expect(notificationTarget(notification({ type: 'session_cancelled', sesId: 43 }))).toBe(
      '/event/7/sessions/43',
    );
    // Without a session it opens the event; a meeting slot is not a session to open.
    expect(notificationTarget(notification({}))).toBe('/event/7/');
    expect(notificationTarget(notification({ type: 'confirm_participant_invitation', sesId: 44 }))).toBe(
      '/invitations',
    );
  });
});
