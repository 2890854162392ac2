import { describe, expect, it, vi } from 'vitest';
import { aNotification } from '../notification.testing';

vi.mock('../../../lib/format-date', () => ({ formatDateTime: () => '' }));
const { notificationTarget } = await import('./notification-text');

describe('notificationTarget', () => {
  it('E2.09 a notification about a session opens the session detail route', () => {
    expect(notificationTarget(aNotification({ sesId: 42 }))).toBe('/event/7/sessions/42');
    expect(notificationTarget(aNotification({ type: 'session_cancelled', sesId: 43 }))).toBe(
      '/event/7/sessions/43',
    );
    // Without a session it opens the event; a meeting slot is not a session to open.
    expect(notificationTarget(aNotification({}))).toBe('/event/7/');
    expect(notificationTarget(aNotification({ type: 'confirm_participant_invitation', sesId: 44 }))).toBe(
      '/invitations',
    );
  });
});
