import type { Notification } from '@foyer/contract';

/** A notification for tests: an unread, unseen session change of event 7, with `over` laid on it. */
export function aNotification(over: Partial<Notification> = {}): Notification {
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
