import { describe, expect, it } from 'vitest';
import { NOTIFICATIONS_PAGE_SIZE } from './constants';
import {
  type BadgeInvitation,
  badgeRelationState,
  effectiveChannels,
  invitationsBadge,
  markNotificationsReadRequest,
  markNotificationsSeenRequest,
  mobileMenuBadge,
  notificationGroup,
  notificationsQuery,
} from './index';
import { notificationTypes } from './user';

describe('badge counts', () => {
  it('A4.39 mobile menu badge = live received invitations + unseen notifications + unseen chat + 1 if an agenda item is live', () => {
    expect(
      mobileMenuBadge({
        liveReceivedInvitations: 2,
        unseenNotifications: 3,
        unseenChatMessages: 4,
        anyAgendaItemLive: true,
      }),
    ).toBe(10);
    expect(
      mobileMenuBadge({
        liveReceivedInvitations: 2,
        unseenNotifications: 3,
        unseenChatMessages: 4,
        anyAgendaItemLive: false,
      }),
    ).toBe(9);
    expect(
      mobileMenuBadge({
        liveReceivedInvitations: 0,
        unseenNotifications: 0,
        unseenChatMessages: 0,
        anyAgendaItemLive: false,
      }),
    ).toBe(0);
  });

  it('A4.39 never counts a negative or missing term', () => {
    expect(
      mobileMenuBadge({
        liveReceivedInvitations: -1,
        unseenNotifications: Number.NaN,
        unseenChatMessages: 1,
        anyAgendaItemLive: true,
      }),
    ).toBe(2);
  });

  it('A4.40 E9.61 invitations badge counts live received and company invitations in request_meeting or reschedule', () => {
    const all: BadgeInvitation[] = [];
    for (const segment of ['sent', 'received', 'company'] as const) {
      for (const status of ['live', 'past'] as const) {
        for (const state of ['none', 'request_meeting', 'meeting', 'reschedule', 'rejected'] as const) {
          all.push({ segment, status, state });
        }
      }
    }
    // received×live×{request_meeting, reschedule} + company×live×{request_meeting, reschedule}
    expect(invitationsBadge(all)).toBe(4);
    expect(invitationsBadge([{ segment: 'sent', status: 'live', state: 'request_meeting' }])).toBe(0);
    expect(invitationsBadge([{ segment: 'company', status: 'past', state: 'reschedule' }])).toBe(0);
    expect(invitationsBadge([{ segment: 'received', status: 'live', state: 'meeting' }])).toBe(0);
  });

  it('A4.40 an open join invitation is request_meeting, an open reschedule is reschedule', () => {
    expect(badgeRelationState({ type: 'join', state: 'waiting' })).toBe('request_meeting');
    expect(badgeRelationState({ type: 'reschedule', state: 'waiting' })).toBe('reschedule');
    expect(badgeRelationState({ type: 'join', state: 'accepted' })).toBe('none');
    expect(badgeRelationState({ type: 'join', state: 'rejected' })).toBe('rejected');
  });
});

describe('notification types and channels', () => {
  it('A9.40–A9.42 every type belongs to its group', () => {
    expect(notificationGroup('confirmed')).toBe('user');
    expect(notificationGroup('invited_to_event')).toBe('user');
    expect(notificationGroup('announcement')).toBe('event');
    expect(notificationGroup('poll_finished')).toBe('event');
    expect(notificationGroup('participant_meet_invitation')).toBe('meeting');
    expect(notificationGroup('meeting_reminder')).toBe('meeting');
    expect(notificationTypes).toHaveLength(16);
  });

  it('A9.43 A9.44 defaults: e-mail for every type, SMS only for meeting reminders', () => {
    for (const type of notificationTypes) {
      expect(effectiveChannels(type, [])).toEqual(type === 'meeting_reminder' ? ['email', 'sms'] : ['email']);
    }
  });

  it('A9.43 A9.44 stored preferences turn channels off, never on beyond what the type allows', () => {
    expect(effectiveChannels('announcement', [{ type: 'announcement', channels: [] }])).toEqual([]);
    expect(effectiveChannels('announcement', [{ type: 'announcement', channels: ['email', 'sms'] }])).toEqual(
      ['email'],
    );
    expect(effectiveChannels('meeting_reminder', [{ type: 'meeting_reminder', channels: ['sms'] }])).toEqual([
      'sms',
    ]);
  });
});

describe('notification requests', () => {
  it('A9.37 a page is at most 30', () => {
    expect(notificationsQuery.safeParse({ limit: String(NOTIFICATIONS_PAGE_SIZE) }).success).toBe(true);
    expect(notificationsQuery.safeParse({ limit: '31' }).success).toBe(false);
    expect(notificationsQuery.safeParse({ cursor: 'abc' }).success).toBe(false);
  });

  it('A4.37 mark read needs ids; A4.36 seen takes an optional ISO date', () => {
    expect(markNotificationsReadRequest.safeParse({ ids: [] }).success).toBe(false);
    expect(markNotificationsReadRequest.safeParse({ ids: [1, 2] }).success).toBe(true);
    expect(markNotificationsSeenRequest.safeParse({}).success).toBe(true);
    expect(markNotificationsSeenRequest.safeParse({ until: '2030-01-01T10:00:00.000Z' }).success).toBe(true);
    expect(markNotificationsSeenRequest.safeParse({ until: 'yesterday' }).success).toBe(false);
  });
});
